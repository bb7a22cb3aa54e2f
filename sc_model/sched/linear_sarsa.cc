#include "sc_model/sched/linear_sarsa.h"

#include <algorithm>
#include <cmath>

#include "sc_model/common/error.h"

namespace scwarp::sched {

LinearSarsa::LinearSarsa(uint32_t variables, uint32_t actions, double initial_q)
    : variables_(variables), actions_(actions), initial_weight_(variables ? initial_q / variables : 0) {
  if (actions == 0) throw Error("LinearSarsa: at least one action");
  reset();
}

void LinearSarsa::reset() { theta_.assign(size_t(variables_) * actions_, initial_weight_); }

std::span<const double> LinearSarsa::weights(uint32_t action) const {
  return std::span<const double>(theta_).subspan(size_t(action) * variables_, variables_);
}

void LinearSarsa::set_weights(uint32_t action, std::span<const double> w) {
  if (action >= actions_ || w.size() != variables_) throw Error("LinearSarsa::set_weights: bad action or size");
  std::copy(w.begin(), w.end(), theta_.begin() + long(size_t(action) * variables_));
}

// Features are powers of two: the hardware shifts, we scale the exponent.
double LinearSarsa::q(std::span<const uint8_t> state, uint32_t action) const {
  const double* w = theta_.data() + size_t(action) * variables_;
  double sum = 0;
  for (uint32_t i = 0; i < variables_; ++i) sum += std::ldexp(w[i], -int(state[i]));
  return sum;
}

double LinearSarsa::update(std::span<const uint8_t> s, uint32_t a, double r, std::span<const uint8_t> s_next,
                           uint32_t a_next, double alpha, double gamma) {
  const double delta = r + gamma * q(s_next, a_next) - q(s, a);
  double* w = theta_.data() + size_t(a) * variables_;
  for (uint32_t i = 0; i < variables_; ++i) w[i] += std::ldexp(alpha * delta, -int(s[i]));
  return delta;
}

}  // namespace scwarp::sched
