#include "sc_model/sched/linear_sarsa.h"

#include <algorithm>
#include <cmath>

#include "sc_model/common/error.h"

namespace scwarp::sched {

LinearSarsa::LinearSarsa(uint32_t variables, uint32_t actions, double initial_q, FixedPoint fixed)
    : variables_(variables), actions_(actions), fixed_(fixed), initial_weight_(variables ? initial_q / variables : 0) {
  if (actions == 0) throw Error("LinearSarsa: at least one action");
  if (fixed_.frac_bits >= FixedPoint::kWeightBits - 1) throw Error("LinearSarsa: too many fraction bits");
  if (fixed_.frac_bits) initial_weight_ = from_fixed(int64_t(std::floor(std::ldexp(initial_weight_, int(fixed_.frac_bits)))));
  reset();
}

uint32_t LinearSarsa::rate_register(double rate) {
  return uint32_t(std::floor(std::ldexp(std::clamp(rate, 0.0, 1.0), int(FixedPoint::kRateBits))));
}

int64_t LinearSarsa::to_fixed(double x) const { return int64_t(std::ldexp(x, int(fixed_.frac_bits))); }
double LinearSarsa::from_fixed(int64_t x) const { return std::ldexp(double(x), -int(fixed_.frac_bits)); }

void LinearSarsa::reset() { theta_.assign(size_t(variables_) * actions_, initial_weight_); }

std::span<const double> LinearSarsa::weights(uint32_t action) const {
  return std::span<const double>(theta_).subspan(size_t(action) * variables_, variables_);
}

void LinearSarsa::set_weights(uint32_t action, std::span<const double> w) {
  if (action >= actions_ || w.size() != variables_) throw Error("LinearSarsa::set_weights: bad action or size");
  std::copy(w.begin(), w.end(), theta_.begin() + long(size_t(action) * variables_));
}

// Features are powers of two: the hardware shifts, we scale the exponent.
// (In fixed point each shifted term is rounded down, as the hardware's >>>.)
double LinearSarsa::q(std::span<const uint8_t> state, uint32_t action) const {
  const double* w = theta_.data() + size_t(action) * variables_;
  if (fixed_.frac_bits) {
    int64_t sum = 0;
    for (uint32_t i = 0; i < variables_; ++i) sum += to_fixed(w[i]) >> state[i];
    return from_fixed(sum);
  }
  double sum = 0;
  for (uint32_t i = 0; i < variables_; ++i) sum += std::ldexp(w[i], -int(state[i]));
  return sum;
}

double LinearSarsa::update(std::span<const uint8_t> s, uint32_t a, double r, std::span<const uint8_t> s_next,
                           uint32_t a_next, double alpha, double gamma) {
  if (fixed_.frac_bits) return update_fixed(s, a, r, s_next, a_next, alpha, gamma);
  const double delta = r + gamma * q(s_next, a_next) - q(s, a);
  double* w = theta_.data() + size_t(a) * variables_;
  for (uint32_t i = 0; i < variables_; ++i) w[i] += std::ldexp(alpha * delta, -int(s[i]));
  return delta;
}

// rlws_agent.v's datapath: delta = r + (gamma * Q') >> R - Q, step = (alpha *
// delta) >> R, weight i += step >> s_i, saturated (R = kRateBits; >> floors).
double LinearSarsa::update_fixed(std::span<const uint8_t> s, uint32_t a, double r, std::span<const uint8_t> s_next,
                                 uint32_t a_next, double alpha, double gamma) {
  if (r != std::floor(r)) throw Error("LinearSarsa: fixed point needs whole-number rewards");
  constexpr int kR = int(FixedPoint::kRateBits);
  const int64_t reward = int64_t(r) * (int64_t(1) << fixed_.frac_bits);
  const int64_t delta = reward + ((int64_t(rate_register(gamma)) * to_fixed(q(s_next, a_next))) >> kR) - to_fixed(q(s, a));
  const int64_t step = (int64_t(rate_register(alpha)) * delta) >> kR;
  constexpr int64_t kMax = (int64_t(1) << (FixedPoint::kWeightBits - 1)) - 1;
  double* w = theta_.data() + size_t(a) * variables_;
  for (uint32_t i = 0; i < variables_; ++i) w[i] = from_fixed(std::clamp(to_fixed(w[i]) + (step >> s[i]), -kMax - 1, kMax));
  return from_fixed(delta);
}

}  // namespace scwarp::sched
