// One Verilated scheduler block as the co-simulation adapters drive it: its
// own VerilatedContext, reset, rising edges of clk_i, and the optional VCD
// trace (-scwarp_trace_rtl FILE, on the SM -scwarp_trace_rtl_sm names).
// Trace time is the SM cycle: cycle c starts at c * kTraceTicksPerCycle and
// every evaluation inside the cycle (an event's edge, a sort step, a settle
// of new inputs) takes the next tick, so the VCD lines up with the model's
// cycles (docs/rtl.md, "Co-simulation").
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>

#include "sc_model/common/error.h"
#include "sc_model/sched/policy.h"
#include "tb/cosim/rtl_params.h"
#include "verilated.h"
#include "verilated_vcd_c.h"

namespace scwarp::cosim {

inline constexpr uint64_t kTraceTicksPerCycle = 1000;

template <typename V>
class VerilatedBlock {
 public:
  // Opens the trace when ctx asks for one on this SM; resets the block.
  VerilatedBlock(const sched::PolicyContext& ctx, const std::string& block) : ctx_(std::make_unique<VerilatedContext>()) {
    const std::string& path = ctx.cfg.trace_rtl;
    const bool traced = !path.empty() && ctx.sm == ctx.cfg.trace_rtl_sm;
    if (traced) ctx_->traceEverOn(true);  // before the model: it registers its signals then
    top_ = std::make_unique<V>(ctx_.get(), ("sm" + std::to_string(ctx.sm)).c_str());
    if (traced) {
      vcd_ = std::make_unique<VerilatedVcdC>();
      top_->trace(vcd_.get(), 99);
      vcd_->open(path.c_str());
      if (!vcd_->isOpen())
        throw Error("-scwarp_trace_rtl '" + path + "': cannot open the file for the " + block + " VCD trace");
    }
    top_->clk_i = 0;
    top_->rst_ni = 1;  // a real falling edge: the flops reset on negedge rst_ni
    evaluate(0);
    top_->rst_ni = 0;
    evaluate(0);
    top_->rst_ni = 1;
    evaluate(0);
  }
  ~VerilatedBlock() {
    if (vcd_) vcd_->close();
    top_->final();
  }
  VerilatedBlock(const VerilatedBlock&) = delete;
  VerilatedBlock& operator=(const VerilatedBlock&) = delete;

  V& top() { return *top_; }
  const V& top() const { return *top_; }
  // A traced block's VCD must show every edge: no shortcut may leave one out.
  bool traced() const { return vcd_ != nullptr; }

  // Settles the outputs for the inputs as driven (no clock edge).
  void settle(uint64_t cycle) {
    evaluate(cycle);
    clk_high_ = false;
  }

  // One rising edge of clk_i: the state takes the inputs as driven.
  void rising_edge(uint64_t cycle) {
    if (clk_high_) see_low_phase(cycle);
    top_->clk_i = 1;
    evaluate(cycle);
    top_->clk_i = 0;  // the next evaluation sees the falling edge (no logic on it)
    clk_high_ = true;
  }

  // Whether this Verilator's model lets a rising edge follow another
  // without an eval() of the low phase in between (see_low_phase). Needs
  // the model's root header (V___024root.h) included before this one.
  static constexpr bool kEdgeWithoutLowPhase = requires(V& v) { v.rootp->__Vtrigrprev__TOP__clk_i; };

 private:
  // Verilator (5.006) takes a rising edge where clk_i is 1 and was 0 at the
  // previous eval(), which it keeps in __Vtrigrprev__TOP__clk_i. An eval()
  // with clk_i low only updates that copy (no logic is on the falling
  // edge), but it also runs all the input-combinational logic again, 3-21%
  // of an RTL run (docs/rtl.md, "Speed"); so the copy is written directly.
  // A Verilator without that member gets the plain eval(), and so does a
  // traced block, whose VCD must show clk_i low between edges.
  // VerilatedBlock.EdgeWithoutLowPhaseMatchesPlainClocking checks both ways agree.
  void see_low_phase(uint64_t cycle) {
    if constexpr (kEdgeWithoutLowPhase) {
      if (!vcd_) {
        top_->rootp->__Vtrigrprev__TOP__clk_i = 0;
        return;
      }
    }
    evaluate(cycle);
  }

  void evaluate(uint64_t cycle) {
    top_->eval();
    if (!vcd_) return;
    time_ = std::max(time_ + 1, cycle * kTraceTicksPerCycle);
    vcd_->dump(time_);
  }

  std::unique_ptr<VerilatedContext> ctx_;
  std::unique_ptr<V> top_;
  std::unique_ptr<VerilatedVcdC> vcd_;
  uint64_t time_ = 0;
  bool clk_high_ = false;  // the last evaluation saw clk_i = 1
};

}  // namespace scwarp::cosim
