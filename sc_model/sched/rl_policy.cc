#include "sc_model/sched/rl_policy.h"

#include <fmt/format.h>

#include <bit>

#include "sc_model/common/error.h"
#include "sc_model/config/policy_options.h"

namespace scwarp::sched {
namespace {

void check_attrs(std::string_view text) { parse_state_attrs(text); }

// splitmix64: a small generator whose sequence is the same on every platform.
uint64_t splitmix(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace

void register_rl_options(const std::string& prefix, const RlDefaults& d) {
  const auto name = [&prefix](const char* suffix) { return prefix + "_" + suffix; };
  const auto about = [&prefix](const char* what) { return prefix + ": " + what; };
  using config::real_option, config::count_option, config::register_policy_option;
  register_policy_option(
      real_option(name("alpha"), d.alpha, about("learning rate (decays in the first phase, seed 003 Sec. IV.G)"), 0, 1));
  register_policy_option(real_option(name("gamma"), d.gamma, about("discount factor"), 0, 1));
  register_policy_option(real_option(name("epsilon"), d.epsilon, about("exploration rate (decays like alpha)"), 0, 1));
  register_policy_option(
      real_option(name("reward"), d.reward, about("reward of a cycle in which the scheduler issued"), -1e6, 1e6));
  register_policy_option(
      real_option(name("penalty"), d.penalty, about("reward of a cycle in which it did not issue"), -1e6, 1e6));
  register_policy_option(real_option(
      name("initial_q"), d.initial_q,
      about("Q of every action in the all-zero state before learning (optimistic: above reward / (1 - gamma))"), -1e9,
      1e9));
  register_policy_option(count_option(
      name("decay_cycles"), "10000",
      about("first phase: alpha and epsilon are their value * T / (T + cycles since the kernel started); 0: no decay")));
  register_policy_option(count_option(
      name("reset_per_kernel"), "1",
      about("1: each kernel learns from the initial weights (the paper); 0: it goes on from the last kernel's"), 0, 1));
  register_policy_option(count_option(
      name("theta_frac_bits"), "0",
      about("0: double arithmetic; F: the RTL's, 32-bit weights with F fraction bits, 16-bit rates, rounding down"),
      0, 30));
  register_policy_option(count_option(
      name("lfsr"), "0", about("1: explore by the RTL's 32-bit LFSR draw instead of the splitmix64 generator"), 0, 1));
  register_policy_option(config::text_option(
      name("attributes"), d.attributes, about("state attributes NAME:BUCKETS,... (seed 003 Table II; docs/schedulers.md)"),
      check_attrs));
}

RlParams read_rl_params(const config::GpuConfig& cfg, const std::string& prefix) {
  const auto real = [&](const char* suffix) { return config::policy_real(cfg, prefix + "_" + suffix); };
  RlParams p;
  p.alpha = real("alpha");
  p.gamma = real("gamma");
  p.epsilon = real("epsilon");
  p.reward = real("reward");
  p.penalty = real("penalty");
  p.initial_q = real("initial_q");
  p.decay_cycles = config::policy_count(cfg, prefix + "_decay_cycles");
  p.reset_per_kernel = config::policy_count(cfg, prefix + "_reset_per_kernel") != 0;
  p.theta_frac_bits = config::policy_count(cfg, prefix + "_theta_frac_bits");
  p.lfsr = config::policy_count(cfg, prefix + "_lfsr") != 0;
  p.attrs = parse_state_attrs(config::policy_text(cfg, prefix + "_attributes"));
  return p;
}

uint64_t q_table_entries(std::span<const StateAttr> attrs, uint32_t actions) {
  uint64_t entries = actions;
  for (const StateAttr& a : attrs) entries *= a.buckets;
  return entries;
}

uint64_t paper_storage_registers(uint64_t variables, uint64_t actions) { return variables * (actions + 1) + 4; }

uint32_t lfsr_seed(uint64_t run_seed, uint32_t sm) {
  uint64_t state = run_seed * 0x100000001b3ull + sm;
  const uint32_t seed = uint32_t(splitmix(state));
  return seed ? seed : 1;
}

uint32_t lfsr_step(uint32_t state) { return (state >> 1) ^ ((state & 1) ? 0x80200003u : 0); }

RlPolicy::RlPolicy(const PolicyContext& ctx, const std::string& prefix, uint32_t actions,
                   uint64_t paper_storage_bits, std::string paper_storage)
    : params_(read_rl_params(ctx.cfg, prefix)),
      actions_(actions),
      learner_(uint32_t(params_.attrs.size()), actions, params_.initial_q, FixedPoint{params_.theta_frac_bits}),
      meter_(params_.attrs, (ctx.max_warps + ctx.schedulers - 1) / std::max(ctx.schedulers, 1u)),
      schedulers_(ctx.schedulers),
      state_(params_.attrs.size()),
      rng_(ctx.cfg.seed * 0x100000001b3ull + ctx.sm),
      lfsr_(lfsr_seed(ctx.cfg.seed, ctx.sm)),
      paper_storage_bits_(paper_storage_bits),
      paper_storage_(std::move(paper_storage)) {
  if (actions > 32) throw Error("RlPolicy: at most 32 actions");
}

RlStateMeter::RlStateMeter(const std::vector<StateAttr>& attrs, uint32_t warps_per_scheduler) : attrs_(attrs) {
  for (const StateAttr& a : attrs_) {
    const AttrSpec& spec = attr_spec(a.id);
    starts_.push_back(bucket_starts(a.buckets, spec.widths));
    maxima_.push_back(spec.max ? spec.max : warps_per_scheduler);
  }
}

void RlStateMeter::restart(const SmView& sm) {
  history_ = AttrHistory{};
  history_.base = sm.memory();
}

void RlStateMeter::on_issue(const WarpView& w) {
  if (w.issued_class == ptx::InstrClass::Mem) {
    ++history_.memory_issued;
    history_.last_memory_tb = w.tb_slot;
  } else if (w.issued_class != ptx::InstrClass::Ctrl && w.issued_class != ptx::InstrClass::Barrier &&
             w.issued_class != ptx::InstrClass::Sync) {
    ++history_.alu_issued;
  }
}

void RlStateMeter::measure(const SmView& sm, std::span<const uint32_t> warps, std::vector<uint8_t>& state) {
  measure_attrs(sm, warps, history_, attrs_, values_);
  for (size_t i = 0; i < attrs_.size(); ++i)
    state[i] = uint8_t(bucket_of(values_[size_t(attrs_[i].id)], maxima_[i], starts_[i]));
}

bool RlPolicy::older(const SmView& sm, uint32_t a, uint32_t b) {
  const TbView& x = sm.tbs[sm.warps[a].tb_slot];
  const TbView& y = sm.tbs[sm.warps[b].tb_slot];
  if (x.launch_order != y.launch_order) return x.launch_order < y.launch_order;
  return sm.warps[a].warp_in_tb < sm.warps[b].warp_in_tb;
}

uint64_t RlPolicy::next_random() { return splitmix(rng_); }

double RlPolicy::uniform() { return double(next_random() >> 11) * 0x1.0p-53; }

// The rates fall while TBs wait for an SM and are back at their initial
// values, and held there, once none does.
double rl_decay(const RlParams& p, const SmView& sm, uint64_t kernel_start) {
  if (!sm.tbs_waiting || p.decay_cycles == 0) return 1;
  const double t = double(sm.cycle - kernel_start);
  return p.decay_cycles / (p.decay_cycles + t);
}

double RlPolicy::alpha_now(const SmView& sm) const { return params_.alpha * rl_decay(params_, sm, kernel_start_); }

double RlPolicy::epsilon_now(const SmView& sm) const { return params_.epsilon * rl_decay(params_, sm, kernel_start_); }

// Epsilon-greedy among the possible actions; ties in Q go to the lowest
// action index (the policies number their actions in that preference).
uint32_t RlPolicy::choose(const SmView& sm, std::span<const uint8_t> state, ActionMask possible) {
  if (possible == 0) possible = (actions_ == 32 ? ~0u : (1u << actions_) - 1);
  if (params_.lfsr) {
    bool explored = false;
    const uint32_t a = choose_random_lfsr(sm, possible, explored);
    if (explored) return a;
  } else if (uniform() < epsilon_now(sm)) {
    uint32_t pick = uint32_t(next_random() % uint64_t(std::popcount(possible)));
    for (uint32_t a = 0; a < actions_; ++a)
      if ((possible >> a & 1) && pick-- == 0) return a;
  }
  uint32_t best = kNoWarp;
  double best_q = 0;
  for (uint32_t a = 0; a < actions_; ++a) {
    if (!(possible >> a & 1)) continue;
    const double q = learner_.q(state, a);
    if (best == kNoWarp || q > best_q) best = a, best_q = q;
  }
  return best;
}

uint32_t RlPolicy::choose_random_lfsr(const SmView& sm, ActionMask possible, bool& explored) {
  const uint32_t r = lfsr_;
  lfsr_ = lfsr_step(lfsr_);
  explored = (r >> 16) < LinearSarsa::rate_register(epsilon_now(sm));
  uint32_t pick = uint32_t((uint64_t(r & 0xffff) * uint64_t(std::popcount(possible))) >> 16);
  for (uint32_t a = 0; a < actions_; ++a)
    if ((possible >> a & 1) && pick-- == 0) return a;
  return kNoWarp;
}

void RlPolicy::order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps, std::vector<uint32_t>& out) {
  Step& step = schedulers_.at(sched);
  if (step.cycle != sm.cycle) {
    meter_.measure(sm, warps, state_);
    const uint32_t action = choose(sm, state_, possible_actions(sm, step, warps));
    if (step.action != kNoWarp)
      learner_.update(step.state, step.action, step.reward, state_, action, alpha_now(sm), params_.gamma);
    step.order.clear();
    write_order(sm, step, warps, action, step.order);
    step.cycle = sm.cycle;
    step.state = state_;
    step.action = action;
    step.reward = params_.penalty;
  }
  out.insert(out.end(), step.order.begin(), step.order.end());
}

void RlPolicy::on_issue(const SmView& sm, uint32_t warp, uint32_t) {
  const WarpView& w = sm.warps[warp];
  Step& step = schedulers_.at(w.scheduler);
  step.reward = params_.reward;
  step.last_warp = warp;
  step.last_issue_cycle = sm.cycle;
  meter_.on_issue(w);
}

void RlPolicy::on_warp_exit(const SmView& sm, uint32_t warp) {
  Step& step = schedulers_.at(sm.warps[warp].scheduler);
  if (step.last_warp == warp) step.last_warp = kNoWarp;  // its slot may get a new warp
}

void RlPolicy::on_tb_launch(const SmView& sm, uint32_t tb_slot) {
  const uint64_t kernel = sm.tbs[tb_slot].kernel;
  if (kernel != kernel_) restart_learning(sm, kernel);
}

void RlPolicy::on_tb_finish(const SmView& sm, uint32_t tb_slot) {
  (void)sm, (void)tb_slot;
  meter_.on_tb_finish();
}

bool RlPolicy::changes_by_itself(const SmView& sm) const {
  (void)sm;
  return true;
}

std::optional<StorageCount> RlPolicy::storage() const {
  const uint64_t n = learner_.variables(), a = actions_, registers = paper_storage_registers(n, a);
  StorageCount count;
  count.bits = registers * 32;
  count.formula = fmt::format("N(A+1)+4 = {} 32-bit registers ({} bytes): N = {} state variables, A = {} actions",
                              registers, registers * 4, n, a);
  count.paper_bits = paper_storage_bits_;
  count.paper = paper_storage_;
  count.not_counted = {
      fmt::format("the previous state of each of the {} schedulers, for the TD update ({} x {} bucket values)",
                  schedulers_.size(), schedulers_.size(), n),
      "the counters behind the attributes (miss and issue counts, in-flight counts, the per-pc long-latency bits)",
      "the random number generator and the decay counter of the first phase",
      "the per-scheduler last issued warp and cycle (for 'the warp scheduled last cycle')"};
  return count;
}

// A new kernel (Sec. V.B: the schedulers learn per kernel): statistics
// restart, and the weights too unless -<prefix>_reset_per_kernel 0.
void RlPolicy::restart_learning(const SmView& sm, uint64_t kernel) {
  const bool first = kernel_ == ~uint64_t(0);
  if (first || params_.reset_per_kernel) learner_.reset();
  kernel_ = kernel;
  kernel_start_ = sm.cycle;
  meter_.restart(sm);
  for (Step& step : schedulers_) step = Step{};
}

}  // namespace scwarp::sched
