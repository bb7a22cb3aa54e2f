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

class LinearSarsa {
 public:
  // Every weight starts at initial_q / variables, so Q of the all-zero
  // state is initial_q for every action: optimistic when initial_q is above
  // any return the rewards can give (reward / (1 - gamma)).
  LinearSarsa(uint32_t variables, uint32_t actions, double initial_q);

  uint32_t variables() const { return variables_; }
  uint32_t actions() const { return actions_; }
  double q(std::span<const uint8_t> state, uint32_t action) const;
  // One SARSA step for the transition (s, a) -> (s', a') with reward r.
  // Returns delta.
  double update(std::span<const uint8_t> s, uint32_t a, double r, std::span<const uint8_t> s_next, uint32_t a_next,
                double alpha, double gamma);
  void reset();  // back to the initial weights
  std::span<const double> weights(uint32_t action) const;
  // Overwrites action a's weights (the RTL bench starts a step from the
  // fixed-point weights of the hardware).
  void set_weights(uint32_t action, std::span<const double> w);

 private:
  uint32_t variables_, actions_;
  double initial_weight_;
  std::vector<double> theta_;  // [action][variable]
};

}  // namespace scwarp::sched
