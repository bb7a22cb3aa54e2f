// The SM both RLWS selector benches (rlws_warp_select, rlws_ms_select)
// drive: kW warp slots dealt round robin to kS schedulers, kT TB slots of
// kW / kT warps each, all launched at the start (slot 0 oldest), and the
// Verilated block, reset. What each bench compares lives in the bench.
#pragma once

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "sc_model/config/gpu_config.h"
#include "sc_model/sched/policy.h"
#include "verilated.h"

namespace scwarp::sched {

inline constexpr unsigned kBenchWarps = 48, kBenchTbs = 8, kBenchSchedulers = 2,
                          kBenchWarpsPerTb = kBenchWarps / kBenchTbs, kBenchAgeBits = 8;

template <typename V>
class SelectBenchSm {
 public:
  SelectBenchSm() {
    for (unsigned w = 0; w < kBenchWarps; ++w) {
      warps_[w].slot = w;
      warps_[w].scheduler = w % kBenchSchedulers;
      warps_[w].tb_slot = w / kBenchWarpsPerTb;
      warps_[w].warp_in_tb = w % kBenchWarpsPerTb;
    }
    for (unsigned t = 0; t < kBenchTbs; ++t) launch(t);
    sm_.schedulers = kBenchSchedulers;
    sm_.warps = warps_;
    sm_.tbs = tbs_;
    rtl_->clk_i = 0;
    rtl_->rst_ni = 1;
    rtl_->eval();
    rtl_->rst_ni = 0;
    rtl_->eval();
    rtl_->rst_ni = 1;
    rtl_->eval();
  }
  ~SelectBenchSm() { rtl_->final(); }
  SelectBenchSm(const SelectBenchSm&) = delete;
  SelectBenchSm& operator=(const SelectBenchSm&) = delete;

  // A TB (re)launched in slot t: the youngest.
  void launch(unsigned t) {
    tbs_[t].slot = t;
    tbs_[t].valid = true;
    tbs_[t].launch_order = next_launch_++;
  }
  unsigned mismatches() const { return mismatches_; }
  unsigned decisions() const { return decisions_; }
  const std::string& first() const { return first_; }

 protected:
  // Random free units and, now and then, a relaunched TB: the start of each
  // bench's random cycle (the warps' draws follow in the bench).
  void randomize_units(std::mt19937& rng) {
    sm_.units.sp_free = rng() % 4 != 0;
    sm_.units.sfu_free = rng() % 4 != 0;
    sm_.units.ldst_free = rng() % 4 != 0;
    if (rng() % 50 == 0) launch(rng() % kBenchTbs);
  }
  // The TB's launch rank among the TB slots (0 oldest), then the warp in the
  // TB; `reversed` is the benches' wrong age on purpose (negative checks).
  unsigned age(const WarpView& w, bool reversed) const {
    unsigned rank = 0;
    for (const TbView& t : tbs_) rank += t.launch_order < tbs_[w.tb_slot].launch_order;
    const unsigned key = rank << 5 | w.warp_in_tb;
    return reversed ? (1u << kBenchAgeBits) - 1 - key : key;
  }
  void clock() {
    rtl_->clk_i = 1;
    rtl_->eval();
    rtl_->clk_i = 0;
    rtl_->eval();
  }
  // Counts a decision, and a mismatch when `differs`, keeping the first's text.
  template <typename Describe>
  void count(bool differs, Describe describe) {
    ++decisions_;
    if (differs && mismatches_++ == 0) first_ = describe();
  }

  config::GpuConfig cfg_;
  std::vector<WarpView> warps_ = std::vector<WarpView>(kBenchWarps);
  std::vector<TbView> tbs_ = std::vector<TbView>(kBenchTbs);
  SmView sm_;
  uint64_t next_launch_ = 0;
  unsigned mismatches_ = 0, decisions_ = 0;
  std::string first_;
  std::unique_ptr<VerilatedContext> ctx_ = std::make_unique<VerilatedContext>();
  std::unique_ptr<V> rtl_ = std::make_unique<V>(ctx_.get());
};

}  // namespace scwarp::sched
