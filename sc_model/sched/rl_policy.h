// What seed 003's two learning schedulers share (Sec. IV): every cycle each
// warp scheduler measures its state (rl_attributes.h), picks an action
// epsilon-greedily among the possible ones, learns from the previous
// cycle's step (linear_sarsa.h: reward when that cycle issued, penalty when
// it stalled) and turns the action into a warp order. The two schedulers of
// an SM share one learner (Sec. IV.I); each has its own last step. A policy
// (rlws, rlws_ms) says what its actions are and which warps each picks.
// docs/schedulers.md ("rlws") states the rules and the readings of the paper.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "sc_model/sched/linear_sarsa.h"
#include "sc_model/sched/policy.h"
#include "sc_model/sched/rl_attributes.h"

namespace scwarp::sched {

// The options -<prefix>_alpha, _gamma, _epsilon, _reward, _penalty,
// _initial_q, _decay_cycles, _reset_per_kernel and _attributes, with the
// policy's defaults (its paper table).
struct RlDefaults {
  const char* alpha;
  const char* gamma;
  const char* epsilon;
  const char* reward;
  const char* penalty;
  const char* initial_q;
  const char* attributes;
};
// From the policy's .cc, at static initialisation.
void register_rl_options(const std::string& prefix, const RlDefaults& defaults);

struct RlParams {
  double alpha = 0, gamma = 0, epsilon = 0, reward = 1, penalty = 0, initial_q = 0;
  uint32_t decay_cycles = 0;     // 0: no decay in the first phase
  bool reset_per_kernel = true;  // a new kernel starts from the initial weights
  uint32_t theta_frac_bits = 0;  // > 0: the RTL's fixed-point learner (LinearSarsa's FixedPoint)
  bool lfsr = false;             // the RTL's exploration draw (RlPolicy::lfsr_step) instead of splitmix
  std::vector<StateAttr> attrs;
};
RlParams read_rl_params(const config::GpuConfig& cfg, const std::string& prefix);

// Sec. IV.D: the entries of a full Q table over these attributes (what the
// linear approximation avoids): the product of the bucket counts times A.
uint64_t q_table_entries(std::span<const StateAttr> attrs, uint32_t actions);
// Sec. IV.I: 32-bit registers per SM the paper counts for N state
// variables and A actions: N state values, one previous Q, N * A weights
// and 3 parameters, N(A + 1) + 4.
uint64_t paper_storage_registers(uint64_t variables, uint64_t actions);

// rtl/rlws/rlws_agent.v's random source: a 32-bit Galois LFSR (x^32 + x^22
// + x^2 + x + 1) stepped once per decision, seeded per run and SM (never 0).
uint32_t lfsr_seed(uint64_t run_seed, uint32_t sm);
uint32_t lfsr_step(uint32_t state);

// Sec. IV.G: the factor on alpha and epsilon at `sm`'s cycle, for a kernel
// that started learning at `kernel_start`.
double rl_decay(const RlParams& p, const SmView& sm, uint64_t kernel_start);

// The attribute instrumentation of a learning scheduler (Table II): the
// history its events keep and the bucketing of the measured values into
// the learner's state. The RTL adapter keeps one too (rtl/rlws has no
// attribute counters).
class RlStateMeter {
 public:
  RlStateMeter(const std::vector<StateAttr>& attrs, uint32_t warps_per_scheduler);
  void restart(const SmView& sm);  // a new kernel: statistics from now
  void on_issue(const WarpView& w);
  void on_tb_finish() { history_.tb_finished = true; }
  // Scheduler `warps`' state now: one bucket per attribute.
  void measure(const SmView& sm, std::span<const uint32_t> warps, std::vector<uint8_t>& state);

 private:
  std::vector<StateAttr> attrs_;
  std::vector<std::vector<uint32_t>> starts_;  // bucket_starts of each state attribute
  std::vector<uint64_t> maxima_;               // top of each state attribute's range
  std::array<uint64_t, kAttrCount> values_{};  // scratch: raw attribute values
  AttrHistory history_;
};

class RlPolicy : public IssuePolicy {
 public:
  // Bit a of an action mask: action a is possible.
  using ActionMask = uint32_t;

  // `paper_storage`: the paper's figure for this policy (bits; 0: none) and where.
  RlPolicy(const PolicyContext& ctx, const std::string& prefix, uint32_t actions, uint64_t paper_storage_bits = 0,
           std::string paper_storage = "");

  // Decides once per cycle and scheduler (later calls of the cycle return
  // the same order and learn nothing).
  void order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
             std::vector<uint32_t>& out) final;
  void on_issue(const SmView& sm, uint32_t warp, uint32_t active_threads) override;
  void on_warp_exit(const SmView& sm, uint32_t warp) override;
  void on_tb_launch(const SmView& sm, uint32_t tb_slot) override;
  void on_tb_finish(const SmView& sm, uint32_t tb_slot) override;
  // It draws random numbers and learns every cycle: the SM never sleeps.
  bool changes_by_itself(const SmView& sm) const override;
  bool reads_memory_view() const override { return true; }  // the state's memory attributes
  std::optional<StorageCount> storage() const override;

  const RlParams& params() const { return params_; }
  const LinearSarsa& learner() const { return learner_; }
  // The action scheduler `sched` took in its last decision (kNoWarp: none yet).
  uint32_t last_action(uint32_t sched) const { return schedulers_.at(sched).action; }
  // The learning and exploration rates a decision at `sm`'s cycle uses.
  double alpha_now(const SmView& sm) const;
  double epsilon_now(const SmView& sm) const;

 protected:
  struct Step {
    uint64_t cycle = ~uint64_t(0);  // of the last decision
    std::vector<uint32_t> order;    // its warp order
    std::vector<uint8_t> state;     // its state (bucket per attribute)
    uint32_t action = kNoWarp;
    double reward = 0;              // earned by that decision: reward if it issued, else penalty
    uint32_t last_warp = kNoWarp;   // the warp this scheduler issued last
    uint64_t last_issue_cycle = ~uint64_t(0);
  };

  virtual ActionMask possible_actions(const SmView& sm, const Step& previous, std::span<const uint32_t> warps) const = 0;
  virtual void write_order(const SmView& sm, const Step& previous, std::span<const uint32_t> warps, uint32_t action,
                           std::vector<uint32_t>& out) const = 0;

  // Appends the warps of `warps` that `keep` accepts, oldest (earliest TB
  // launch, then lowest warp in the TB) or youngest first.
  template <typename Keep>
  static void append_by_age(const SmView& sm, std::span<const uint32_t> warps, bool youngest_first, Keep keep,
                            std::vector<uint32_t>& out);
  static bool older(const SmView& sm, uint32_t a, uint32_t b);

 private:
  void restart_learning(const SmView& sm, uint64_t kernel);
  uint32_t choose(const SmView& sm, std::span<const uint8_t> state, ActionMask possible);
  uint64_t next_random();
  double uniform();
  // The hardware's draw: explore when the top 16 bits are below epsilon's
  // 16-bit register; the low 16 bits times the count pick the action.
  uint32_t choose_random_lfsr(const SmView& sm, ActionMask possible, bool& explored);

  RlParams params_;
  uint32_t actions_;
  LinearSarsa learner_;
  RlStateMeter meter_;
  std::vector<Step> schedulers_;
  std::vector<uint8_t> state_;                 // scratch: this cycle's state
  uint64_t kernel_ = ~uint64_t(0);
  uint64_t kernel_start_ = 0;
  uint64_t rng_;
  uint32_t lfsr_;
  uint64_t paper_storage_bits_;
  std::string paper_storage_;
};

template <typename Keep>
void RlPolicy::append_by_age(const SmView& sm, std::span<const uint32_t> warps, bool youngest_first, Keep keep,
                             std::vector<uint32_t>& out) {
  const size_t first = out.size();
  for (uint32_t w : warps)
    if (keep(sm.warps[w])) out.push_back(w);
  std::sort(out.begin() + long(first), out.end(), [&sm, youngest_first](uint32_t a, uint32_t b) {
    return youngest_first ? older(sm, b, a) : older(sm, a, b);
  });
}

}  // namespace scwarp::sched
