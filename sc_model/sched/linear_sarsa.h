// The learner of seed 003's schedulers (Sec. IV.E): SARSA with a linear
// function approximation. With N state variables of bucket values v_i and A
// actions, Q(s, a) = sum_i theta[a][i] * 2^-v_i (phi has a block of N
// features per action, zero outside action a's block), and each step
// updates only action a's block: theta[a][i] += alpha * delta * 2^-v_i,
// delta = r + gamma * Q(s', a') - Q(s, a).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace scwarp::sched {

// The hardware's arithmetic (rtl/rlws/rlws_agent.v), when frac_bits > 0:
// weights are kWeightBits-bit two's complement with frac_bits fraction bits
// (saturating), the rates are cut to kRateBits fraction bits, and every
// shift and product rounds toward minus infinity. Values stay doubles
// (exact multiples of 2^-frac_bits), so the interface is the same.
struct FixedPoint {
  static constexpr uint32_t kWeightBits = 32;
  static constexpr uint32_t kRateBits = 16;
  uint32_t frac_bits = 0;  // 0: plain double arithmetic
};

class LinearSarsa {
 public:
  // Every weight starts at initial_q / variables, so Q of the all-zero
  // state is initial_q for every action: optimistic when initial_q is above
  // any return the rewards can give (reward / (1 - gamma)). In fixed point
  // the initial weight is rounded down and the rewards must be integers.
  LinearSarsa(uint32_t variables, uint32_t actions, double initial_q, FixedPoint fixed = {});

  uint32_t variables() const { return variables_; }
  uint32_t actions() const { return actions_; }
  double q(std::span<const uint8_t> state, uint32_t action) const;
  // One SARSA step for the transition (s, a) -> (s', a') with reward r.
  // Returns delta.
  double update(std::span<const uint8_t> s, uint32_t a, double r, std::span<const uint8_t> s_next, uint32_t a_next,
                double alpha, double gamma);
  void reset();  // back to the initial weights
  std::span<const double> weights(uint32_t action) const;
  const FixedPoint& fixed() const { return fixed_; }
  // A rate as the hardware's rate register holds it (kRateBits fraction bits).
  static uint32_t rate_register(double rate);
  // Overwrites action a's weights (the RTL bench starts a step from the
  // fixed-point weights of the hardware).
  void set_weights(uint32_t action, std::span<const double> w);

 private:
  int64_t to_fixed(double x) const;
  double from_fixed(int64_t x) const;
  double update_fixed(std::span<const uint8_t> s, uint32_t a, double r, std::span<const uint8_t> s_next,
                      uint32_t a_next, double alpha, double gamma);

  uint32_t variables_, actions_;
  FixedPoint fixed_;
  double initial_weight_;
  std::vector<double> theta_;  // [action][variable]
};

}  // namespace scwarp::sched
