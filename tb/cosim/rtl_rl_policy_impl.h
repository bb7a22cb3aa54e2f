// RtlRlPolicy's members (rtl_rl_policy.h): included, after its Block and
// the Block's Verilated header, by the .cc that instantiates it.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>
#include <type_traits>

#include "sc_model/common/error.h"
#include "sc_model/sched/linear_sarsa.h"
#include "tb/cosim/rtl_rl_policy.h"
#include "tb/cosim/verilated_bits.h"
#include "tb/cosim/verilated_block.h"

namespace scwarp::cosim {

namespace rl_detail {

static_assert(kRtlWarps <= 64, "per-warp masks are packed into one 64-bit word");

template <typename Block>
[[noreturn]] void refuse(const std::string& what) {
  const std::string p = Block::kPolicy;
  throw Error("--sched-impl rtl|lockstep for " + p + ": " + what + " (rtl/rlws/" + Block::kTop +
              " is built for the " + Block::kTable + " configuration in the hardware's arithmetic: -" + p +
              "_theta_frac_bits 16 -" + p + "_lfsr 1, reward 1, penalty 0, initial_q " +
              std::to_string(int(Block::kInitialQ)) + ", -" + p + "_reset_per_kernel 1, " +
              std::to_string(Block::kVariables) + " attributes of at most " + std::to_string(1u << kRlBucketBits) +
              " buckets; or use --sched-impl cpp)");
}

// What the top is Verilated with besides W and S (tb/cosim/CMakeLists.txt).
template <typename Block>
void check_params(const sched::RlParams& p) {
  if (p.theta_frac_bits != kRlFracBits || !p.lfsr) refuse<Block>("the C++ model must use the RTL's arithmetic");
  if (p.reward != 1 || p.penalty != 0 || p.initial_q != Block::kInitialQ) refuse<Block>("other rewards or initial Q");
  if (!p.reset_per_kernel) refuse<Block>(std::string("-") + Block::kPolicy + "_reset_per_kernel 0");
  if (p.attrs.size() != Block::kVariables) refuse<Block>(std::to_string(p.attrs.size()) + " state attributes");
  for (const sched::StateAttr& a : p.attrs)
    if (a.buckets > 1u << kRlBucketBits)
      refuse<Block>("an attribute of " + std::to_string(a.buckets) + " buckets");
}

// Block::Top registers the decision's level inputs (a shell such as
// tb/cosim/rlws_cosim_top.v says so with kTopLatchesInputs = true).
template <typename Block>
constexpr bool top_latches_inputs() {
  if constexpr (requires { Block::kTopLatchesInputs; }) return Block::kTopLatchesInputs;
  return false;
}

}  // namespace rl_detail

// The adapter over one Verilated top V: Block::Top (P = 1) or
// Block::CycleTop (P = S). The ports have the same names and only their
// widths differ, which put_field and get_field take, so both timings run
// this one code; they differ only in the decision port and in when an
// event's edge comes (begin_event, end_event).
template <typename Block, typename V>
class RlBlockCosim final : public RlCosim {
 public:
  RlBlockCosim(const sched::PolicyContext& ctx, const sched::RlParams& params)
      : params_(params),
        meter_(params_.attrs, (ctx.max_warps + ctx.schedulers - 1) / std::max(ctx.schedulers, 1u)),
        cycle_timed_(ctx.cfg.rtl_timing == "cycle"),
        whole_order_(ctx.cfg.sched_impl == "lockstep"),
        decided_(ctx.schedulers, ~uint64_t(0)),
        orders_(ctx.schedulers),
        cut_(ctx.schedulers),
        state_(params_.attrs.size()),
        rtl_(ctx, Block::kTop) {
    V& t = rtl_.top();
    t.seed_valid_i = 1;
    t.seed_i = sched::lfsr_seed(ctx.cfg.seed, ctx.sm);
    t.cfg_valid_i = 1;
    t.gamma_i = sched::LinearSarsa::rate_register(params_.gamma);
    t.alpha_i = t.eps_i = 0;
    edge();
  }

  void order(const sched::SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
             std::vector<uint32_t>& out) override {
    next_cycle(sm.cycle);
    if (decided_.at(sched) != sm.cycle) {
      decide(sm, sched, warps, orders_[sched]);
      decided_[sched] = sm.cycle;
    }
    out.insert(out.end(), orders_[sched].begin(), orders_[sched].end());
  }

  void on_issue(const sched::SmView& sm, uint32_t warp) override {
    const sched::WarpView& w = sm.warps[warp];
    V& t = rtl_.top();
    // The issue that follows its scheduler's decision shares the decision's edge.
    const bool shares = pending_ && pending_decision_ == int32_t(w.scheduler) && sm.cycle == cycle_;
    if (shares) pending_decision_ = -1;  // a second issue of the scheduler gets an edge of its own
    else begin_event(sm, [&] { return get_field(t.issue_valid_i, w.scheduler, 1) != 0; });
    meter_.on_issue(w);
    put_field(t.issue_valid_i, w.scheduler, 1, 1);
    put_field(t.issue_warp_i, w.scheduler * kWarpBits, kWarpBits, warp);
    end_event();
  }

  // The read-out stopped at an issuable warp, which the pipeline then
  // issues (decide); that it did not is a disagreement on what is issuable.
  void on_no_issue(const sched::SmView& sm, uint32_t sched) override {
    if (decided_[sched] != sm.cycle || !cut_[sched]) return;
    throw Error(std::string(Block::kTop) + ", SM cycle " + std::to_string(sm.cycle) + ": scheduler " +
                std::to_string(sched) + " did not issue warp " + std::to_string(orders_[sched].back()) +
                ", which the block was told can issue");
  }

  void on_warp_exit(const sched::SmView& sm, uint32_t warp) override {
    V& t = rtl_.top();
    begin_event(sm, [&] { return t.exit_valid_i != 0; });
    t.exit_valid_i = 1;
    t.exit_warp_i = warp;
    end_event();
  }

  // A new kernel learns from the initial weights (RlPolicy::restart_learning).
  void on_tb_launch(const sched::SmView& sm, uint32_t tb_slot) override {
    const uint64_t kernel = sm.tbs[tb_slot].kernel;
    if (kernel == kernel_) return;
    V& t = rtl_.top();
    begin_event(sm, [&] { return t.restart_i != 0; });
    kernel_ = kernel;
    kernel_start_ = sm.cycle;
    meter_.restart(sm);
    t.restart_i = 1;
    end_event();
  }

  void on_tb_finish() override { meter_.on_tb_finish(); }

  int32_t theta(uint32_t action, uint32_t i) const override {
    return int32_t(uint32_t(get_field(rtl_.top().theta_o, (action * Block::kVariables + i) * 32, 32)));
  }

  uint32_t last_action(uint32_t sched) const override {
    const V& t = rtl_.top();
    return get_field(t.last_valid_o, sched, 1) ? uint32_t(get_field(t.last_action_o, sched * 3, 3))
                                               : sched::kNoWarp;
  }

 private:
  static constexpr unsigned kWarpBits = clog2(kRtlWarps), kSchedBits = clog2(kRtlSchedulers);

  // A top that latches the decision's level inputs is read after an edge:
  // the edge that latches a decision's inputs also takes the events waiting
  // before it (the previous decision's among them, which the top still
  // applies with that decision's latched inputs), so they wait for it
  // instead of taking an edge of their own.
  static constexpr bool kLatched = std::is_same_v<V, typename Block::Top> && rl_detail::top_latches_inputs<Block>();

  // The outputs for the inputs as driven: an edge for a latching top (it
  // carries no event but those waiting), else a settle.
  void evaluate() {
    if constexpr (kLatched) edge();
    else rtl_.settle(cycle_);
  }

  // Scheduler s decides on port s of the cycle-timed block, on the one port otherwise.
  uint32_t port(uint32_t sched) const { return cycle_timed_ ? sched : 0; }

  // A rising edge; every event input cleared after it. A restart's edge
  // lets the schedulers decide again in the same SM cycle.
  void edge() {
    V& t = rtl_.top();
    if (t.restart_i) std::fill(decided_.begin(), decided_.end(), ~uint64_t(0));
    rtl_.rising_edge(cycle_);
    if constexpr (Block::kTicks) t.tick_i = 0;
    pending_ = false;
    pending_decision_ = -1;
    t.restart_i = t.seed_valid_i = t.cfg_valid_i = t.exit_valid_i = 0;
    t.dec_valid_i = 0;
    t.issue_valid_i = 0;
  }

  // The edge(s) ending the cycles since the last call, the first one taking
  // the events still waiting. Two tick edges at most: after two the
  // previous-cycle bits are 0 however many cycles the SM skipped. Waiting
  // events of the current cycle (transaction level) take an edge of their
  // own, or with a latching top the edge of the next decision (kLatched).
  void next_cycle(uint64_t cycle) {
    static_assert(Block::kTicks || !HasCycleTop<Block>, "a cycle-timed top ends each SM cycle with a tick_i edge");
    if (pending_ && (cycle == cycle_ ? !kLatched : !Block::kTicks)) edge();
    if constexpr (Block::kTicks) {
      for (uint64_t ticks = std::min<uint64_t>(cycle - cycle_, 2); ticks > 0; --ticks) {
        rtl_.top().tick_i = 1;
        edge();
      }
    }
    cycle_ = cycle;
  }

  // An event of the SM's current cycle is about to load its inputs. If its
  // port already holds one (`port_busy`, only ever cycle-timed), that one
  // takes an edge of its own first.
  template <typename PortBusy>
  void begin_event(const sched::SmView& sm, PortBusy port_busy) {
    next_cycle(sm.cycle);
    if (port_busy()) edge();
  }
  // Cycle-timed an event waits for the edge that ends its cycle. Transaction
  // level an event is an edge, taken when the next call comes (next_cycle):
  // an edge of its own if that call is in the same SM cycle, else the edge
  // that ends the cycle (tick_i 1), and a decision's edge also carries its
  // scheduler's issue that follows it (on_issue). The block applies these
  // events at one edge as at several (the cycle-timed top relies on that
  // too), and the evaluations of the edges between them are saved. Lockstep
  // takes each edge at once: it compares the weights after every order().
  void end_event() {
    if (cycle_timed_) return;
    if (whole_order_) edge();
    else pending_ = true;
  }

  // The rate registers follow the first-phase decay; a value written while
  // one waits replaces it (the register takes the cycle's last write).
  void load_rates(const sched::SmView& sm) {
    const double decay = sched::rl_decay(params_, sm, kernel_start_);
    const uint32_t alpha = sched::LinearSarsa::rate_register(params_.alpha * decay);
    const uint32_t eps = sched::LinearSarsa::rate_register(params_.epsilon * decay);
    if (alpha == rates_[0] && eps == rates_[1]) return;
    V& t = rtl_.top();
    begin_event(sm, [] { return false; });
    t.cfg_valid_i = 1;
    t.alpha_i = rates_[0] = alpha;
    t.eps_i = rates_[1] = eps;
    end_event();
  }

  // A decision on port p while p or a higher port waits takes an edge
  // first: a higher port's LFSR draw counts the decisions below it. With a
  // latching top that edge is the decision's own read edge (evaluate),
  // which applies the waiting decision before the new one is read.
  void decide(const sched::SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
              std::vector<uint32_t>& out) {
    const uint32_t p = port(sched);
    V& t = rtl_.top();
    load_rates(sm);
    begin_event(sm, [&] { return !kLatched && (t.dec_valid_i >> p) != 0; });
    meter_.measure(sm, warps, state_);
    put_field(t.dec_sched_i, p * kSchedBits, kSchedBits, sched);
    for (uint32_t i = 0; i < Block::kVariables; ++i)
      put_field(t.state_i, (p * Block::kVariables + i) * kRlBucketBits, kRlBucketBits, state_[i]);
    Block::drive_warps(t, sm, p, warps);
    cut_[sched] = read_order(t, p, warps.size(), out);
    t.skip_i = 0;  // a read-out aid: the action, and so the edge, does not depend on it
    Block::check_order(uint32_t(get_field(t.action_o, p * 3, 3)), out);
    put_field(t.dec_valid_i, p, 1, 1);
    end_event();
    if (pending_) pending_decision_ = int32_t(sched);
  }

  // Reads port p's order out of the warp selector: the pick, then the pick
  // with the picked warps skipped (skip_i), and so on. The selector's order
  // is a fixed sequence (by age, the last issued warp first where it
  // repeats, or the rotation after it), so skipping warps only removes them
  // from it. Lockstep compares whole orders and reads all of it (returns
  // false). Otherwise the pipeline only issues the first warp of the order
  // that can issue (can_issue_i is its own test) and reads no further, so
  // one evaluation with every warp that cannot issue skipped gives that
  // warp (returns true). If there is none, the pipeline's stall class
  // depends only on which warps the order holds, not on their sequence:
  // they are the block's (Block::order_warps), given in slot order.
  bool read_order(V& t, uint32_t p, size_t candidates, std::vector<uint32_t>& out) {
    const uint64_t issuable = get_field(t.mine_i, p * kRtlWarps, kRtlWarps) & t.can_issue_i;
    out.clear();
    if (whole_order_) {
      read_whole_order(t, p, candidates, out);
      return false;
    }
    t.skip_i = ~issuable & ((uint64_t(1) << kRtlWarps) - 1);
    evaluate();
    if (get_field(t.pick_valid_o, p, 1)) {
      out.push_back(pick(t, p));
      if (!(issuable >> out.back() & 1)) throw Error(std::string(Block::kTop) + ": the warp selector picked a skipped warp");
      return true;
    }
    for (uint64_t left = Block::order_warps(t, p); left != 0; left &= left - 1)
      out.push_back(uint32_t(std::countr_zero(left)));
    return false;
  }

  void read_whole_order(V& t, uint32_t p, size_t candidates, std::vector<uint32_t>& out) {
    for (evaluate(); get_field(t.pick_valid_o, p, 1); evaluate()) {
      if (out.size() == candidates) throw Error(std::string(Block::kTop) + ": the warp selector picked a skipped warp");
      out.push_back(pick(t, p));
      t.skip_i |= uint64_t(1) << out.back();
    }
  }

  static uint32_t pick(const V& t, uint32_t p) { return uint32_t(get_field(t.pick_o, p * kWarpBits, kWarpBits)); }

  sched::RlParams params_;
  sched::RlStateMeter meter_;
  bool cycle_timed_;
  // Lockstep compares whole orders; otherwise the read-out stops at the
  // first warp the pipeline can issue (can_issue_i, the pipeline's own test).
  bool whole_order_;
  uint64_t cycle_ = 0;  // SM cycle of the latest call
  uint64_t kernel_ = ~uint64_t(0), kernel_start_ = 0;
  uint32_t rates_[2] = {~0u, ~0u};             // alpha, epsilon registers as last written
  std::vector<uint64_t> decided_;              // per scheduler: the cycle of its decision
  std::vector<std::vector<uint32_t>> orders_;  // ... and its order
  std::vector<uint8_t> cut_;                   // ... read out only up to its issuable last warp
  bool pending_ = false;                       // events wait for their edge (end_event)
  int32_t pending_decision_ = -1;              // ... among them this scheduler's decision
  std::vector<uint8_t> state_;
  VerilatedBlock<V> rtl_;
};

template <typename Block>
RtlRlPolicy<Block>::RtlRlPolicy(const sched::PolicyContext& ctx) : schedulers_(ctx.schedulers) {
  check_fits(ctx, Block::kTop, kRtlSchedulers);
  const sched::RlParams params = sched::read_rl_params(ctx.cfg, Block::kPolicy);
  rl_detail::check_params<Block>(params);
  if constexpr (HasCycleTop<Block>) {
    if (ctx.cfg.rtl_timing == "cycle") {
      cosim_ = std::make_unique<RlBlockCosim<Block, typename Block::CycleTop>>(ctx, params);
      return;
    }
  }
  cosim_ = std::make_unique<RlBlockCosim<Block, typename Block::Top>>(ctx, params);
}

template <typename Block>
RtlRlPolicy<Block>::~RtlRlPolicy() = default;

template <typename Block>
void RtlRlPolicy<Block>::order(const sched::SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                               std::vector<uint32_t>& out) {
  cosim_->order(sm, sched, warps, out);
}

template <typename Block>
void RtlRlPolicy<Block>::on_issue(const sched::SmView& sm, uint32_t warp, uint32_t) {
  cosim_->on_issue(sm, warp);
}

template <typename Block>
void RtlRlPolicy<Block>::on_no_issue(const sched::SmView& sm, uint32_t sched) {
  cosim_->on_no_issue(sm, sched);
}

template <typename Block>
void RtlRlPolicy<Block>::on_warp_exit(const sched::SmView& sm, uint32_t warp) {
  cosim_->on_warp_exit(sm, warp);
}

template <typename Block>
void RtlRlPolicy<Block>::on_tb_launch(const sched::SmView& sm, uint32_t tb_slot) {
  cosim_->on_tb_launch(sm, tb_slot);
}

template <typename Block>
void RtlRlPolicy<Block>::on_tb_finish(const sched::SmView&, uint32_t) {
  cosim_->on_tb_finish();
}

template <typename Block>
bool RtlRlPolicy<Block>::changes_by_itself(const sched::SmView&) const {
  return true;
}

template <typename Block>
int32_t RtlRlPolicy<Block>::theta(uint32_t action, uint32_t i) const {
  return cosim_->theta(action, i);
}

template <typename Block>
uint32_t RtlRlPolicy<Block>::last_action(uint32_t sched) const {
  return cosim_->last_action(sched);
}

namespace rl_detail {
template <typename Block>
std::string show_action(const Row& r) {
  return r.at(0) < Block::kActions ? Block::kActionNames[r[0]] : "none";
}
inline std::string show_weights(const Row& r) {
  std::string out;
  for (uint32_t w : r) out += (out.empty() ? "" : ",") + std::to_string(int32_t(w));
  return out;
}
}  // namespace rl_detail

template <typename Block>
void RtlRlPolicy<Block>::fill_tables(const sched::IssuePolicy& golden, std::vector<StateTable>& tables) const {
  const auto& rl = golden_as<typename Block::Golden>(golden, Block::kLabel);
  tables.resize(2);
  fill_rows(
      tables[0], "theta x 2^16", "action", rl_detail::show_weights, Block::kActions,
      [&rl](uint32_t a, Row& r) {
        for (double w : rl.learner().weights(a)) r.push_back(uint32_t(int32_t(std::ldexp(w, kRlFracBits))));
      },
      [this](uint32_t a, Row& r) {
        for (uint32_t i = 0; i < Block::kVariables; ++i) r.push_back(uint32_t(theta(a, i)));
      });
  fill_rows(
      tables[1], "last action", "scheduler", rl_detail::show_action<Block>, schedulers_,
      [&rl](uint32_t s, Row& r) { r.push_back(rl.last_action(s)); },
      [this](uint32_t s, Row& r) { r.push_back(last_action(s)); });
}

}  // namespace scwarp::cosim
