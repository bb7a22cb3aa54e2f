#include "tb/cosim/rtl_rlws_policy.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "Vrlws_top.h"
#include "Vrlws_top_ct.h"
#include "sc_model/common/error.h"
#include "sc_model/sched/linear_sarsa.h"
#include "sc_model/sched/registry.h"
#include "sc_model/sched/rl_policy.h"
#include "sc_model/sched/rlws_policy.h"
#include "tb/cosim/verilated_bits.h"
#include "tb/cosim/verilated_block.h"

namespace scwarp::cosim {

using sched::kNoWarp;
using sched::RlwsPolicy;
using sched::SmView;
using sched::WarpView;

namespace {

constexpr unsigned kWW = clog2(kRtlWarps), kSW = clog2(kRtlSchedulers), kAgeBits = 8, kWarpInTbBits = 5;
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

// The adapter behind RtlRlwsPolicy: RlwsBlockCosim<V> below, its state and
// logic over one Verilated rlws_top, V = Vrlws_top (P = 1) or Vrlws_top_ct
// (P = S). The ports have the same names and only their widths differ,
// which put_field and get_field take, so both timings run this one code;
// they differ only in the decision port and in when an event's edge comes
// (begin_event, end_event).
class RlwsCosim {
 public:
  virtual ~RlwsCosim() = default;
  virtual void order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                     std::vector<uint32_t>& out) = 0;
  virtual void on_issue(const SmView& sm, uint32_t warp) = 0;
  virtual void on_warp_exit(const SmView& sm, uint32_t warp) = 0;
  virtual void on_tb_launch(const SmView& sm, uint32_t tb_slot) = 0;
  virtual void on_tb_finish() = 0;
  virtual int32_t theta(uint32_t action, uint32_t i) const = 0;
  virtual uint32_t last_action(uint32_t sched) const = 0;
};

namespace {

template <typename V>
class RlwsBlockCosim final : public RlwsCosim {
 public:
  RlwsBlockCosim(const sched::PolicyContext& ctx, const sched::RlParams& params)
      : params_(params),
        meter_(params_.attrs, (ctx.max_warps + ctx.schedulers - 1) / std::max(ctx.schedulers, 1u)),
        cycle_timed_(ctx.cfg.rtl_timing == "cycle"),
        decided_(ctx.schedulers, ~uint64_t(0)),
        orders_(ctx.schedulers),
        state_(params_.attrs.size()),
        rtl_(ctx, "rlws_top") {
    V& t = rtl_.top();
    t.seed_valid_i = 1;
    t.seed_i = sched::lfsr_seed(ctx.cfg.seed, ctx.sm);
    t.cfg_valid_i = 1;
    t.gamma_i = sched::LinearSarsa::rate_register(params_.gamma);
    t.alpha_i = t.eps_i = 0;
    edge();
  }

  void order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps, std::vector<uint32_t>& out) override {
    next_cycle(sm.cycle);
    if (decided_.at(sched) != sm.cycle) {
      decide(sm, sched, warps, orders_[sched]);
      decided_[sched] = sm.cycle;
    }
    out.insert(out.end(), orders_[sched].begin(), orders_[sched].end());
  }

  void on_issue(const SmView& sm, uint32_t warp) override {
    const WarpView& w = sm.warps[warp];
    V& t = rtl_.top();
    begin_event(sm, [&] { return get_field(t.issue_valid_i, w.scheduler, 1) != 0; });
    meter_.on_issue(w);
    put_field(t.issue_valid_i, w.scheduler, 1, 1);
    put_field(t.issue_warp_i, w.scheduler * kWW, kWW, warp);
    end_event();
  }

  void on_warp_exit(const SmView& sm, uint32_t warp) override {
    V& t = rtl_.top();
    begin_event(sm, [&] { return t.exit_valid_i != 0; });
    t.exit_valid_i = 1;
    t.exit_warp_i = warp;
    end_event();
  }

  // A new kernel learns from the initial weights (RlPolicy::restart_learning).
  void on_tb_launch(const SmView& sm, uint32_t tb_slot) override {
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
    return int32_t(uint32_t(get_field(rtl_.top().theta_o, (action * kRlwsVariables + i) * 32, 32)));
  }

  uint32_t last_action(uint32_t sched) const override {
    const V& t = rtl_.top();
    return get_field(t.last_valid_o, sched, 1) ? uint32_t(get_field(t.last_action_o, sched * 3, 3)) : kNoWarp;
  }

 private:
  // Scheduler s decides on port s of the cycle-timed block, on the one port otherwise.
  uint32_t port(uint32_t sched) const { return cycle_timed_ ? sched : 0; }

  // A rising edge; every event input cleared after it. A restart's edge
  // lets the schedulers decide again in the same SM cycle.
  void edge() {
    V& t = rtl_.top();
    if (t.restart_i) std::fill(decided_.begin(), decided_.end(), ~uint64_t(0));
    rtl_.rising_edge(cycle_);
    t.tick_i = t.restart_i = t.seed_valid_i = t.cfg_valid_i = t.exit_valid_i = 0;
    t.dec_valid_i = 0;
    t.issue_valid_i = 0;
  }

  // The edge(s) ending the cycles since the last call, the first one taking
  // the events still waiting. Two tick edges at most: after two the
  // previous-cycle bits are 0 however many cycles the SM skipped.
  void next_cycle(uint64_t cycle) {
    for (uint64_t ticks = std::min<uint64_t>(cycle - cycle_, 2); ticks > 0; --ticks) {
      rtl_.top().tick_i = 1;
      edge();
    }
    cycle_ = cycle;
  }

  // An event of the SM's current cycle is about to load its inputs. If its
  // port already holds one (`port_busy`, only ever cycle-timed), that one
  // takes an edge of its own first.
  template <typename PortBusy>
  void begin_event(const SmView& sm, PortBusy port_busy) {
    next_cycle(sm.cycle);
    if (port_busy()) edge();
  }
  // Transaction level an event is its edge; cycle-timed it waits for the
  // edge that ends its cycle.
  void end_event() {
    if (!cycle_timed_) edge();
  }

  // The rate registers follow the first-phase decay; a value written while
  // one waits replaces it (the register takes the cycle's last write).
  void load_rates(const SmView& sm) {
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

  // The port's warps; the others' warp inputs stay as their ports left them.
  void drive_warps(const SmView& sm, uint32_t p, std::span<const uint32_t> warps) {
    V& t = rtl_.top();
    uint64_t mine = 0, can = 0;
    for (uint32_t w : warps) {
      const WarpView& v = sm.warps[w];
      mine |= uint64_t(1) << w;
      if (!sched::can_issue(v, sm.units)) continue;
      can |= uint64_t(1) << w;
      put_field(t.class_i, w * 2, 2, uint32_t(sched::pipe_of(v, sm.units)));
      put_field(t.age_i, w * kAgeBits, kAgeBits, age_key(sm, v));
    }
    put_field(t.mine_i, p * kRtlWarps, kRtlWarps, mine);
    t.can_issue_i = (t.can_issue_i & ~mine) | can;
  }

  // A decision on port p while p or a higher port waits takes an edge
  // first: a higher port's LFSR draw counts the decisions below it.
  void decide(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps, std::vector<uint32_t>& out) {
    const uint32_t p = port(sched);
    V& t = rtl_.top();
    load_rates(sm);
    begin_event(sm, [&] { return (t.dec_valid_i >> p) != 0; });
    meter_.measure(sm, warps, state_);
    put_field(t.dec_sched_i, p * kSW, kSW, sched);
    for (uint32_t i = 0; i < kRlwsVariables; ++i)
      put_field(t.state_i, (p * kRlwsVariables + i) * kRlwsBucketBits, kRlwsBucketBits, state_[i]);
    drive_warps(sm, p, warps);
    out.clear();
    for (rtl_.settle(cycle_); get_field(t.pick_valid_o, p, 1); rtl_.settle(cycle_)) {
      if (out.size() == warps.size()) throw Error("rlws_top: the warp selector picked a skipped warp");
      const uint32_t pick = uint32_t(get_field(t.pick_o, p * kWW, kWW));
      out.push_back(pick);
      t.skip_i |= uint64_t(1) << pick;
    }
    t.skip_i = 0;  // a read-out aid: the action, and so the edge, does not depend on it
    const uint32_t action = uint32_t(get_field(t.action_o, p * 3, 3));
    if (action != RlwsPolicy::NoInstr && out.empty())
      throw Error("rlws_top: action " + std::to_string(action) + " with no warp to issue");
    put_field(t.dec_valid_i, p, 1, 1);
    end_event();
  }

  sched::RlParams params_;
  sched::RlStateMeter meter_;
  bool cycle_timed_;
  uint64_t cycle_ = 0;  // SM cycle of the latest call
  uint64_t kernel_ = ~uint64_t(0), kernel_start_ = 0;
  uint32_t rates_[2] = {~0u, ~0u};             // alpha, epsilon registers as last written
  std::vector<uint64_t> decided_;              // per scheduler: the cycle of its decision
  std::vector<std::vector<uint32_t>> orders_;  // ... and its order
  std::vector<uint8_t> state_;
  VerilatedBlock<V> rtl_;
};

}  // namespace

RtlRlwsPolicy::RtlRlwsPolicy(const sched::PolicyContext& ctx) : schedulers_(ctx.schedulers) {
  check_fits(ctx, "rlws_top", kRtlSchedulers);
  const sched::RlParams params = sched::read_rl_params(ctx.cfg, "rlws");
  check_params(params);
  if (ctx.cfg.rtl_timing == "cycle")
    cosim_ = std::make_unique<RlwsBlockCosim<Vrlws_top_ct>>(ctx, params);
  else
    cosim_ = std::make_unique<RlwsBlockCosim<Vrlws_top>>(ctx, params);
}

RtlRlwsPolicy::~RtlRlwsPolicy() = default;

void RtlRlwsPolicy::order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                          std::vector<uint32_t>& out) {
  cosim_->order(sm, sched, warps, out);
}

void RtlRlwsPolicy::on_issue(const SmView& sm, uint32_t warp, uint32_t) { cosim_->on_issue(sm, warp); }

void RtlRlwsPolicy::on_warp_exit(const SmView& sm, uint32_t warp) { cosim_->on_warp_exit(sm, warp); }

void RtlRlwsPolicy::on_tb_launch(const SmView& sm, uint32_t tb_slot) { cosim_->on_tb_launch(sm, tb_slot); }

void RtlRlwsPolicy::on_tb_finish(const SmView&, uint32_t) { cosim_->on_tb_finish(); }

bool RtlRlwsPolicy::changes_by_itself(const SmView&) const { return true; }

int32_t RtlRlwsPolicy::theta(uint32_t action, uint32_t i) const { return cosim_->theta(action, i); }

uint32_t RtlRlwsPolicy::last_action(uint32_t sched) const { return cosim_->last_action(sched); }

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
      tables[1], "last action", "scheduler", show_action, schedulers_,
      [&rlws](uint32_t s, Row& r) { r.push_back(rlws.last_action(s)); },
      [this](uint32_t s, Row& r) { r.push_back(last_action(s)); });
}

}  // namespace scwarp::cosim

SCWARP_REGISTER_RTL_ISSUE_POLICY(scwarp::cosim::RtlRlwsPolicy, "rlws")
