#include "sc_model/func/small_float.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace scwarp::func {

using ptx::Round;
using ptx::Type;

double decode_small(const SmallFloat& f, uint16_t bits) {
  int exponent_field = (bits >> f.mantissa_bits) & ((1 << (15 - f.mantissa_bits)) - 1);
  int max_field = (1 << (15 - f.mantissa_bits)) - 1;
  uint32_t mantissa = bits & ((1u << f.mantissa_bits) - 1);
  double sign = (bits & 0x8000) ? -1.0 : 1.0;
  if (exponent_field == max_field)
    return mantissa ? std::nan("") : sign * std::numeric_limits<double>::infinity();
  if (exponent_field == 0) return sign * std::ldexp(double(mantissa), 1 - f.bias - f.mantissa_bits);
  return sign * std::ldexp(double(mantissa | (1u << f.mantissa_bits)),
                           exponent_field - f.bias - f.mantissa_bits);
}

// Rounds |v| to the format's precision in mode r (v's sign decides which way
// .rm/.rp go) and encodes it.
uint16_t encode_small(const SmallFloat& f, double v, Round r) {
  int exponent_bits = 15 - f.mantissa_bits;
  uint16_t max_field = uint16_t((1 << exponent_bits) - 1);
  uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  uint16_t inf = uint16_t(sign | (max_field << f.mantissa_bits));
  if (std::isnan(v)) return 0x7fff;
  double a = std::fabs(v);
  bool toward_zero = r == Round::Rz || (r == Round::Rm && !sign) || (r == Round::Rp && sign);
  bool away = (r == Round::Rm && sign) || (r == Round::Rp && !sign);
  double max_finite = std::ldexp(2.0 - std::ldexp(1.0, -f.mantissa_bits), f.max_exponent());
  if (std::isinf(a)) return inf;
  int e = a == 0 ? 1 - f.bias : std::max(std::ilogb(a), 1 - f.bias);
  double quantum = std::ldexp(1.0, e - f.mantissa_bits);
  double q = a / quantum;
  double n = toward_zero ? std::trunc(q) : away ? std::ceil(q) : std::nearbyint(q);
  double m = n * quantum;
  if (m > max_finite)
    return toward_zero ? uint16_t(sign | ((max_field - 1) << f.mantissa_bits) |
                                  ((1 << f.mantissa_bits) - 1))
                       : inf;
  if (m < std::ldexp(1.0, 1 - f.bias))  // subnormal (or zero)
    return uint16_t(sign | uint16_t(m / std::ldexp(1.0, 1 - f.bias - f.mantissa_bits)));
  int me = std::ilogb(m);
  uint32_t mantissa =
      uint32_t(m / std::ldexp(1.0, me - f.mantissa_bits)) & ((1u << f.mantissa_bits) - 1);
  return uint16_t(sign | ((me + f.bias) << f.mantissa_bits) | mantissa);
}

bool small_format_of(Type t, const SmallFloat** format, bool* packed_pair) {
  bool pair = t == Type::F16x2 || t == Type::BF16x2;
  if (packed_pair) *packed_pair = pair;
  if (t == Type::F16 || t == Type::F16x2)
    *format = &kHalf;
  else if (t == Type::BF16 || t == Type::BF16x2)
    *format = &kBfloat;
  else
    return false;
  return true;
}

}  // namespace scwarp::func
