// RtlRlPolicy's members (rtl_rl_policy.h): included, after its Block and
// the Block's Verilated header, by the .cc that instantiates it.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>

#include "sc_model/common/error.h"
#include "sc_model/sched/linear_sarsa.h"
#include "tb/cosim/rtl_rl_policy.h"
#include "tb/cosim/verilated_bits.h"
#include "tb/cosim/verilated_block.h"

namespace scwarp::cosim {

namespace rl_detail {

constexpr unsigned kWarpBits = clog2(kRtlWarps);
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

}  // namespace rl_detail

template <typename Block>
RtlRlPolicy<Block>::RtlRlPolicy(const sched::PolicyContext& ctx)
    : params_(sched::read_rl_params(ctx.cfg, Block::kPolicy)),
      meter_(params_.attrs, (ctx.max_warps + ctx.schedulers - 1) / std::max(ctx.schedulers, 1u)),
      decided_(ctx.schedulers, ~uint64_t(0)),
      orders_(ctx.schedulers),
      state_(params_.attrs.size()) {
  check_fits(ctx, Block::kTop, kRtlSchedulers);
  rl_detail::check_params<Block>(params_);
  rtl_ = std::make_unique<VerilatedBlock<Top>>(ctx, Block::kTop);
  Top& t = rtl_->top();
  t.seed_valid_i = 1;
  t.seed_i = sched::lfsr_seed(ctx.cfg.seed, ctx.sm);
  t.cfg_valid_i = 1;
  t.gamma_i = sched::LinearSarsa::rate_register(params_.gamma);
  t.alpha_i = t.eps_i = 0;
  edge();
}

template <typename Block>
RtlRlPolicy<Block>::~RtlRlPolicy() = default;

template <typename Block>
void RtlRlPolicy<Block>::edge() {
  rtl_->rising_edge(cycle_);
  Top& t = rtl_->top();
  if constexpr (Block::kTicks) t.tick_i = 0;
  t.restart_i = t.seed_valid_i = t.cfg_valid_i = t.dec_valid_i = t.exit_valid_i = 0;
  t.issue_valid_i = 0;
  t.skip_i = 0;
}

// Two tick edges at most: after two the previous-cycle bits are 0 however
// many cycles the SM skipped.
template <typename Block>
void RtlRlPolicy<Block>::next_cycle(uint64_t cycle) {
  if constexpr (Block::kTicks) {
    for (uint64_t ticks = std::min<uint64_t>(cycle - cycle_, 2); ticks > 0; --ticks) {
      rtl_->top().tick_i = 1;
      edge();
    }
  }
  cycle_ = cycle;
}

template <typename Block>
void RtlRlPolicy<Block>::load_rates(const sched::SmView& sm) {
  const double decay = sched::rl_decay(params_, sm, kernel_start_);
  const uint32_t alpha = sched::LinearSarsa::rate_register(params_.alpha * decay);
  const uint32_t eps = sched::LinearSarsa::rate_register(params_.epsilon * decay);
  if (alpha == rates_[0] && eps == rates_[1]) return;
  Top& t = rtl_->top();
  t.cfg_valid_i = 1;
  t.alpha_i = rates_[0] = alpha;
  t.eps_i = rates_[1] = eps;
  edge();
}

template <typename Block>
void RtlRlPolicy<Block>::decide(const sched::SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                                std::vector<uint32_t>& out) {
  load_rates(sm);
  meter_.measure(sm, warps, state_);
  Top& t = rtl_->top();
  t.dec_sched_i = sched;
  for (uint32_t i = 0; i < Block::kVariables; ++i) put_field(t.state_i, i * kRlBucketBits, kRlBucketBits, state_[i]);
  Block::drive_warps(t, sm, warps);
  out.clear();
  for (rtl_->settle(cycle_); t.pick_valid_o; rtl_->settle(cycle_)) {
    if (out.size() == warps.size())
      throw Error(std::string(Block::kTop) + ": the warp selector picked a skipped warp");
    out.push_back(t.pick_o);
    t.skip_i |= uint64_t(1) << t.pick_o;
  }
  Block::check_order(t, out);
  t.dec_valid_i = 1;
  edge();
}

template <typename Block>
void RtlRlPolicy<Block>::order(const sched::SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                               std::vector<uint32_t>& out) {
  next_cycle(sm.cycle);
  if (decided_.at(sched) != sm.cycle) {
    decide(sm, sched, warps, orders_[sched]);
    decided_[sched] = sm.cycle;
  }
  out.insert(out.end(), orders_[sched].begin(), orders_[sched].end());
}

template <typename Block>
void RtlRlPolicy<Block>::on_issue(const sched::SmView& sm, uint32_t warp, uint32_t) {
  next_cycle(sm.cycle);
  const sched::WarpView& w = sm.warps[warp];
  meter_.on_issue(w);
  Top& t = rtl_->top();
  t.issue_valid_i = 1u << w.scheduler;
  put_field(t.issue_warp_i, w.scheduler * rl_detail::kWarpBits, rl_detail::kWarpBits, warp);
  edge();
}

template <typename Block>
void RtlRlPolicy<Block>::on_warp_exit(const sched::SmView& sm, uint32_t warp) {
  next_cycle(sm.cycle);
  rtl_->top().exit_valid_i = 1;
  rtl_->top().exit_warp_i = warp;
  edge();
}

// A new kernel learns from the initial weights (RlPolicy::restart_learning).
template <typename Block>
void RtlRlPolicy<Block>::on_tb_launch(const sched::SmView& sm, uint32_t tb_slot) {
  const uint64_t kernel = sm.tbs[tb_slot].kernel;
  if (kernel == kernel_) return;
  next_cycle(sm.cycle);
  kernel_ = kernel;
  kernel_start_ = sm.cycle;
  meter_.restart(sm);
  std::fill(decided_.begin(), decided_.end(), ~uint64_t(0));
  rtl_->top().restart_i = 1;
  edge();
}

template <typename Block>
void RtlRlPolicy<Block>::on_tb_finish(const sched::SmView&, uint32_t) {
  meter_.on_tb_finish();
}

template <typename Block>
bool RtlRlPolicy<Block>::changes_by_itself(const sched::SmView&) const {
  return true;
}

template <typename Block>
int32_t RtlRlPolicy<Block>::theta(uint32_t action, uint32_t i) const {
  return int32_t(uint32_t(get_field(rtl_->top().theta_o, (action * Block::kVariables + i) * 32, 32)));
}

template <typename Block>
uint32_t RtlRlPolicy<Block>::last_action(uint32_t sched) const {
  const Top& t = rtl_->top();
  return get_field(t.last_valid_o, sched, 1) ? uint32_t(get_field(t.last_action_o, sched * 3, 3)) : sched::kNoWarp;
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
      tables[1], "last action", "scheduler", rl_detail::show_action<Block>, uint32_t(decided_.size()),
      [&rl](uint32_t s, Row& r) { r.push_back(rl.last_action(s)); },
      [this](uint32_t s, Row& r) { r.push_back(last_action(s)); });
}

}  // namespace scwarp::cosim
