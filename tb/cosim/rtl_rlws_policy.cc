#include "tb/cosim/rtl_rlws_policy.h"

#include <cmath>
#include <string>

#include "Vrlws_top.h"
#include "sc_model/common/error.h"
#include "sc_model/sched/linear_sarsa.h"
#include "sc_model/sched/registry.h"
#include "sc_model/sched/rlws_policy.h"
#include "tb/cosim/verilated_bits.h"
#include "tb/cosim/verilated_block.h"

namespace scwarp::cosim {

using sched::kNoWarp;
using sched::RlwsPolicy;
using sched::SmView;
using sched::WarpView;

namespace {

constexpr unsigned kWW = clog2(kRtlWarps), kAgeBits = 8, kWarpInTbBits = 5;
static_assert(kRtlWarps <= 64, "per-warp masks are packed into one 64-bit word");
static_assert(kRtlTbs <= 1u << (kAgeBits - kWarpInTbBits), "the TB launch rank fills the age key's top bits");

// What rlws_top is Verilated with besides W and S (tb/cosim/CMakeLists.txt).
[[noreturn]] void refuse(const std::string& what) {
  throw Error("--sched-impl rtl|lockstep for rlws: " + what +
              " (rtl/rlws is built for the Table V configuration in the hardware's arithmetic: "
              "-rlws_theta_frac_bits 16 -rlws_lfsr 1, reward 1, penalty 0, initial_q 25, "
              "-rlws_reset_per_kernel 1, 8 attributes of at most 8 buckets; or use --sched-impl cpp)");
}

void check_params(const sched::RlParams& p) {
  if (p.theta_frac_bits != kRlwsFracBits || !p.lfsr) refuse("the C++ model must use the RTL's arithmetic");
  if (p.reward != 1 || p.penalty != 0 || p.initial_q != 25) refuse("other rewards or initial Q");
  if (!p.reset_per_kernel) refuse("-rlws_reset_per_kernel 0");
  if (p.attrs.size() != kRlwsVariables) refuse(std::to_string(p.attrs.size()) + " state attributes");
  for (const sched::StateAttr& a : p.attrs)
    if (a.buckets > 1u << kRlwsBucketBits) refuse("an attribute of " + std::to_string(a.buckets) + " buckets");
}

// Age key: the TB's launch rank among the resident TBs, then the warp in the TB (RlPolicy::older).
uint32_t age_key(const SmView& sm, const WarpView& w) {
  const uint64_t launch = sm.tbs[w.tb_slot].launch_order;
  uint32_t rank = 0;
  for (const sched::TbView& t : sm.tbs) rank += t.valid && t.launch_order < launch;
  if (w.warp_in_tb >= 1u << kWarpInTbBits)
    throw Error("--sched-impl rtl: rlws_top's age key holds 32 warps per TB; warp " + std::to_string(w.slot) +
                " is warp " + std::to_string(w.warp_in_tb) + " of its TB");
  return rank << kWarpInTbBits | w.warp_in_tb;
}

}  // namespace

RtlRlwsPolicy::RtlRlwsPolicy(const sched::PolicyContext& ctx)
    : params_(sched::read_rl_params(ctx.cfg, "rlws")),
      meter_(params_.attrs, (ctx.max_warps + ctx.schedulers - 1) / std::max(ctx.schedulers, 1u)),
      decided_(ctx.schedulers, ~uint64_t(0)),
      orders_(ctx.schedulers),
      state_(params_.attrs.size()) {
  check_fits(ctx, "rlws_top", kRtlSchedulers);
  check_params(params_);
  rtl_ = std::make_unique<VerilatedBlock<Vrlws_top>>(ctx, "rlws_top");
  Vrlws_top& t = rtl_->top();
  t.seed_valid_i = 1;
  t.seed_i = sched::lfsr_seed(ctx.cfg.seed, ctx.sm);
  t.cfg_valid_i = 1;
  t.gamma_i = sched::LinearSarsa::rate_register(params_.gamma);
  t.alpha_i = t.eps_i = 0;
  edge();
}

RtlRlwsPolicy::~RtlRlwsPolicy() = default;

void RtlRlwsPolicy::edge() {
  rtl_->rising_edge(cycle_);
  Vrlws_top& t = rtl_->top();
  t.tick_i = t.restart_i = t.seed_valid_i = t.cfg_valid_i = t.dec_valid_i = t.exit_valid_i = 0;
  t.issue_valid_i = 0;
  t.skip_i = 0;
}

// Two tick edges at most: after two the previous-cycle bits are 0 however
// many cycles the SM skipped.
void RtlRlwsPolicy::next_cycle(uint64_t cycle) {
  for (uint64_t ticks = std::min<uint64_t>(cycle - cycle_, 2); ticks > 0; --ticks) {
    rtl_->top().tick_i = 1;
    edge();
  }
  cycle_ = cycle;
}

void RtlRlwsPolicy::load_rates(const SmView& sm) {
  const double decay = sched::rl_decay(params_, sm, kernel_start_);
  const uint32_t alpha = sched::LinearSarsa::rate_register(params_.alpha * decay);
  const uint32_t eps = sched::LinearSarsa::rate_register(params_.epsilon * decay);
  if (alpha == rates_[0] && eps == rates_[1]) return;
  Vrlws_top& t = rtl_->top();
  t.cfg_valid_i = 1;
  t.alpha_i = rates_[0] = alpha;
  t.eps_i = rates_[1] = eps;
  edge();
}

void RtlRlwsPolicy::drive_warps(const SmView& sm, std::span<const uint32_t> warps) {
  Vrlws_top& t = rtl_->top();
  uint64_t mine = 0, can = 0;
  for (uint32_t w : warps) {
    const WarpView& v = sm.warps[w];
    mine |= uint64_t(1) << w;
    if (!sched::can_issue(v, sm.units)) continue;
    can |= uint64_t(1) << w;
    put_field(t.class_i, w * 2, 2, uint32_t(sched::pipe_of(v, sm.units)));
    put_field(t.age_i, w * kAgeBits, kAgeBits, age_key(sm, v));
  }
  t.mine_i = mine;
  t.can_issue_i = can;
}

void RtlRlwsPolicy::decide(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                           std::vector<uint32_t>& out) {
  load_rates(sm);
  meter_.measure(sm, warps, state_);
  Vrlws_top& t = rtl_->top();
  t.dec_sched_i = sched;
  for (uint32_t i = 0; i < kRlwsVariables; ++i) put_field(t.state_i, i * kRlwsBucketBits, kRlwsBucketBits, state_[i]);
  drive_warps(sm, warps);
  out.clear();
  for (rtl_->settle(cycle_); t.pick_valid_o; rtl_->settle(cycle_)) {
    if (out.size() == warps.size()) throw Error("rlws_top: the warp selector picked a skipped warp");
    out.push_back(t.pick_o);
    t.skip_i |= uint64_t(1) << t.pick_o;
  }
  if (t.action_o != RlwsPolicy::NoInstr && out.empty())
    throw Error("rlws_top: action " + std::to_string(t.action_o) + " with no warp to issue");
  t.dec_valid_i = 1;
  edge();
}

void RtlRlwsPolicy::order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                          std::vector<uint32_t>& out) {
  next_cycle(sm.cycle);
  if (decided_.at(sched) != sm.cycle) {
    decide(sm, sched, warps, orders_[sched]);
    decided_[sched] = sm.cycle;
  }
  out.insert(out.end(), orders_[sched].begin(), orders_[sched].end());
}

void RtlRlwsPolicy::on_issue(const SmView& sm, uint32_t warp, uint32_t) {
  next_cycle(sm.cycle);
  const WarpView& w = sm.warps[warp];
  meter_.on_issue(w);
  Vrlws_top& t = rtl_->top();
  t.issue_valid_i = 1u << w.scheduler;
  put_field(t.issue_warp_i, w.scheduler * kWW, kWW, warp);
  edge();
}

void RtlRlwsPolicy::on_warp_exit(const SmView& sm, uint32_t warp) {
  next_cycle(sm.cycle);
  rtl_->top().exit_valid_i = 1;
  rtl_->top().exit_warp_i = warp;
  edge();
}

// A new kernel learns from the initial weights (RlPolicy::restart_learning).
void RtlRlwsPolicy::on_tb_launch(const SmView& sm, uint32_t tb_slot) {
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

void RtlRlwsPolicy::on_tb_finish(const SmView&, uint32_t) { meter_.on_tb_finish(); }

bool RtlRlwsPolicy::changes_by_itself(const SmView&) const { return true; }

int32_t RtlRlwsPolicy::theta(uint32_t action, uint32_t i) const {
  return int32_t(uint32_t(get_field(rtl_->top().theta_o, (action * kRlwsVariables + i) * 32, 32)));
}

uint32_t RtlRlwsPolicy::last_action(uint32_t sched) const {
  const Vrlws_top& t = rtl_->top();
  return get_field(t.last_valid_o, sched, 1) ? uint32_t(get_field(t.last_action_o, sched * 3, 3)) : kNoWarp;
}

namespace {
std::string show_action(const Row& r) {
  static const char* const names[] = {"SP", "SFU", "GMEM", "STCMEM", "NO_INSTR"};
  return r.at(0) < kRlwsActions ? names[r[0]] : "none";
}
std::string show_weights(const Row& r) {
  std::string out;
  for (uint32_t w : r) out += (out.empty() ? "" : ",") + std::to_string(int32_t(w));
  return out;
}
}  // namespace

void RtlRlwsPolicy::fill_tables(const sched::IssuePolicy& golden, std::vector<StateTable>& tables) const {
  const auto& rlws = golden_as<RlwsPolicy>(golden, "RLWS");
  tables.resize(2);
  fill_rows(
      tables[0], "theta x 2^16", "action", show_weights, kRlwsActions,
      [&rlws](uint32_t a, Row& r) {
        for (double w : rlws.learner().weights(a)) r.push_back(uint32_t(int32_t(std::ldexp(w, kRlwsFracBits))));
      },
      [this](uint32_t a, Row& r) {
        for (uint32_t i = 0; i < kRlwsVariables; ++i) r.push_back(uint32_t(theta(a, i)));
      });
  fill_rows(
      tables[1], "last action", "scheduler", show_action, uint32_t(decided_.size()),
      [&rlws](uint32_t s, Row& r) { r.push_back(rlws.last_action(s)); },
      [this](uint32_t s, Row& r) { r.push_back(last_action(s)); });
}

}  // namespace scwarp::cosim

SCWARP_REGISTER_RTL_ISSUE_POLICY(scwarp::cosim::RtlRlwsPolicy, "rlws")
