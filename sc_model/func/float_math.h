// IEEE helpers for PTX floating point: directed rounding modes (.rz/.rm/.rp)
// from a round-to-nearest result and the sign of its exact error, .ftz
// flushing, .sat clamping, and PTX's min/max NaN rules.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "sc_model/ptx/ir.h"

namespace scwarp::func {

// `nearest` is the round-to-nearest result and `error_sign` the sign of
// (exact - nearest). Returns the result rounded in mode `r` instead.
template <typename F>
F apply_rounding(F nearest, int error_sign, ptx::Round r) {
  constexpr F inf = std::numeric_limits<F>::infinity();
  constexpr F max = std::numeric_limits<F>::max();
  switch (r) {
    case ptx::Round::Rz:
    case ptx::Round::Rzi:
      if (std::isinf(nearest) && error_sign != 0) return std::copysign(max, nearest);
      if ((error_sign < 0 && nearest > 0) || (error_sign > 0 && nearest < 0))
        return std::nextafter(nearest, F(0));
      return nearest;
    case ptx::Round::Rm:
    case ptx::Round::Rmi:
      if (nearest == inf && error_sign != 0) return max;
      return error_sign < 0 ? std::nextafter(nearest, -inf) : nearest;
    case ptx::Round::Rp:
    case ptx::Round::Rpi:
      if (nearest == -inf && error_sign != 0) return -max;
      return error_sign > 0 ? std::nextafter(nearest, inf) : nearest;
    default: return nearest;
  }
}

inline bool is_directed(ptx::Round r) {
  return r == ptx::Round::Rz || r == ptx::Round::Rm || r == ptx::Round::Rp;
}

template <typename F>
int sign_of(F v) {
  return (v > 0) - (v < 0);
}

// Sign of the rounding error of a+b, a*b, a/b, sqrt(a) computed in F
// (error-free transformations; 0 when the result is not finite).
template <typename F>
int add_error(F a, F b, F s) {
  if (!std::isfinite(s))
    return std::isinf(s) && std::isfinite(a) && std::isfinite(b) ? sign_of(s) : 0;
  F bb = s - a;
  return sign_of((a - (s - bb)) + (b - bb));
}
template <typename F>
int mul_error(F a, F b, F p) {
  if (!std::isfinite(p))
    return std::isinf(p) && std::isfinite(a) && std::isfinite(b) ? sign_of(p) : 0;
  return sign_of(std::fma(a, b, -p));
}
template <typename F>
int div_error(F a, F b, F q) {
  if (!std::isfinite(q) || b == 0)
    return std::isinf(q) && std::isfinite(a) && b != 0 ? sign_of(q) : 0;
  // exact a/b - q has the sign of (a - q*b) / b
  return sign_of(std::fma(-q, b, a)) * sign_of(b);
}
template <typename F>
int sqrt_error(F a, F s) {
  if (!std::isfinite(s) || s == 0) return 0;
  return sign_of(std::fma(-s, s, a));
}

// fma's error, by Boldo and Muller's ErrFma: the exact a*b+c - r equals
// r2 + r3 computed with error-free transformations.
template <typename F>
int fma_error(F a, F b, F c, F r) {
  if (!std::isfinite(r))
    return std::isinf(r) && std::isfinite(a) && std::isfinite(b) && std::isfinite(c) ? sign_of(r)
                                                                                     : 0;
  auto two_sum = [](F x, F y, F& err) {
    F sum = x + y, yy = sum - x;
    err = (x - (sum - yy)) + (y - yy);
    return sum;
  };
  F u1 = a * b, u2 = std::fma(a, b, -u1);
  F z1, b2, r3;
  F a1 = two_sum(c, u2, z1);
  F b1 = two_sum(u1, a1, b2);
  F gamma = (b1 - r) + b2;
  F r2 = two_sum(gamma, z1, r3);
  return r2 != 0 ? sign_of(r2) : sign_of(r3);
}

// .ftz: subnormal inputs and results become zero of the same sign (f32 only).
inline float flush(float v) {
  return std::fpclassify(v) == FP_SUBNORMAL ? std::copysign(0.0f, v) : v;
}
inline double flush(double v) { return v; }

// .sat: clamp to [0, 1], NaN -> 0.
template <typename F>
F saturate_unit(F v) {
  if (std::isnan(v)) return 0;
  return v < 0 ? F(0) : v > 1 ? F(1) : v;
}

// The NaN NVIDIA GPUs produce (all mantissa bits set, sign clear), so NaN
// results have the same bits as on hardware.
template <typename F>
F canonical_nan() {
  if constexpr (sizeof(F) == 4) return std::bit_cast<float>(0x7fffffffu);
  return std::bit_cast<double>(0x7fffffffffffffffull);
}

// PTX min/max: a NaN operand yields the other one; both NaN -> canonical NaN;
// -0.0 counts as smaller than +0.0.
template <typename F>
F ptx_min(F a, F b) {
  if (std::isnan(a)) return std::isnan(b) ? canonical_nan<F>() : b;
  if (std::isnan(b)) return a;
  if (a == b) return std::signbit(a) ? a : b;
  return a < b ? a : b;
}
template <typename F>
F ptx_max(F a, F b) {
  if (std::isnan(a)) return std::isnan(b) ? canonical_nan<F>() : b;
  if (std::isnan(b)) return a;
  if (a == b) return std::signbit(a) ? b : a;
  return a > b ? a : b;
}

// Round to an integral value: .rni (ties to even), .rzi, .rmi, .rpi.
template <typename F>
F round_integral(F v, ptx::Round r) {
  switch (r) {
    case ptx::Round::Rzi: return std::trunc(v);
    case ptx::Round::Rmi: return std::floor(v);
    case ptx::Round::Rpi: return std::ceil(v);
    default: return std::nearbyint(v);  // default FP environment: ties to even
  }
}

}  // namespace scwarp::func
