// cvt between every integer and floating-point type (f16/bf16 included):
// integer rounding modes, saturation (float -> int always saturates, NaN -> 0),
// .ftz and .sat.
#include <algorithm>
#include <cmath>

#include "sc_model/func/exec_context.h"
#include "sc_model/func/float_math.h"
#include "sc_model/func/int_math.h"
#include "sc_model/func/small_float.h"

namespace scwarp::func {

using ptx::Round;
using ptx::Type;

namespace {

// cvt converts scalar f16/bf16 only (not the packed pairs).
const SmallFloat* scalar_small_format(Type t) {
  const SmallFloat* f = nullptr;
  bool pair = false;
  return small_format_of(t, &f, &pair) && !pair ? f : nullptr;
}

// A slot's low type_bits(t) bits, extended to 64 by t's signedness.
uint64_t extend(uint64_t slot, Type t) {
  const unsigned bits = ptx::type_bits(t);
  if (bits == 64) return slot;
  const unsigned shift = 64 - bits;
  return ptx::is_signed_int(t) ? uint64_t(int64_t(slot << shift) >> shift) : (slot << shift) >> shift;
}

// A source value: exact integer or floating point.
struct Value {
  bool is_int;
  int128 i;
  double f;
};

Value read_source(ExecContext& c, Type t, uint64_t slot) {
  if (const SmallFloat* f = scalar_small_format(t))
    return {false, 0, decode_small(*f, uint16_t(slot))};
  if (t == Type::F32) {
    float v = get<float>(slot);
    return {false, 0, double(c.in.ftz ? flush(v) : v)};
  }
  if (t == Type::F64) return {false, 0, get<double>(slot)};
  const uint64_t value = extend(slot, t);
  return {true, ptx::is_signed_int(t) ? int128(int64_t(value)) : int128(value), 0};
}

struct IntRange {
  int128 lo, hi;
};
IntRange int_range(Type t) {
  unsigned bits = ptx::type_bits(t);
  if (ptx::is_signed_int(t)) return {-(int128(1) << (bits - 1)), (int128(1) << (bits - 1)) - 1};
  return {0, (int128(1) << bits) - 1};
}

uint64_t to_int(ExecContext& c, Type t, const Value& v) {
  IntRange range = int_range(t);
  int128 i;
  if (v.is_int) {
    i = v.i;
    if (c.in.sat) i = std::clamp(i, range.lo, range.hi);
  } else {
    // float -> integer: round as asked, then always saturate; NaN -> 0.
    double r = round_integral(v.f, c.in.rnd == Round::None ? Round::Rzi : c.in.rnd);
    if (std::isnan(r))
      i = 0;
    else if (r <= double(range.lo))
      i = range.lo;
    else if (r >= double(range.hi))
      i = range.hi;  // exact bound or above it
    else
      i = int128(r);
  }
  return extend(uint64_t(i), t);
}

template <typename F>
F to_float(ExecContext& c, const Value& v) {
  Round r = c.in.rnd;
  F result;
  if (v.is_int) {
    F nearest = F(v.i);
    int128 back = int128(nearest);
    result = apply_rounding(nearest, v.i > back ? 1 : v.i < back ? -1 : 0, r);
  } else if (r == Round::Rni || r == Round::Rzi || r == Round::Rmi || r == Round::Rpi) {
    result = F(round_integral(v.f, r));
  } else {
    F nearest = F(v.f);
    int error = std::isfinite(nearest)
                    ? sign_of(v.f - double(nearest))
                    : (std::isinf(nearest) && std::isfinite(v.f) ? sign_of(v.f) : 0);
    result = apply_rounding(nearest, error, r);
  }
  if (std::isnan(result)) return canonical_nan<F>();
  if (c.in.ftz) result = flush(result);
  return c.in.sat ? saturate_unit(result) : result;
}

uint64_t convert(ExecContext& c, Type dst, const Value& v) {
  if (dst == Type::F32) return put<float>(to_float<float>(c, v));
  if (dst == Type::F64) return put<double>(to_float<double>(c, v));
  if (const SmallFloat* f = scalar_small_format(dst)) {
    double x = v.is_int ? double(v.i) : v.f;
    if (c.in.sat) x = saturate_unit(x);
    return encode_small(*f, x, c.in.rnd);
  }
  return to_int(c, dst, v);
}

bool convertible(Type t) {
  return t == Type::F32 || t == Type::F64 || scalar_small_format(t) ||
         (ptx::type_bits(t) >= 8 && ptx::type_bits(t) <= 64 && !ptx::is_float(t));
}

bool is_integer(Type t) { return !ptx::is_float(t) && !scalar_small_format(t); }

// Integer to float, rounded to nearest: the host's conversion of the
// 64-bit value rounds to nearest even as to_float's 128-bit path does, and
// an integer's float is never NaN or subnormal (nothing for .ftz to flush).
template <typename F>
void integer_to_float(ExecContext& c, Type src, uint64_t* d, Lanes a) {
  if (ptx::is_signed_int(src))
    for_lanes(c.exec, [&](unsigned l) { d[l] = put<F>(F(int64_t(extend(a[l], src)))); });
  else
    for_lanes(c.exec, [&](unsigned l) { d[l] = put<F>(F(extend(a[l], src))); });
}

}  // namespace

void exec_convert(ExecContext& c) {
  Type dst = c.in.type, src = c.in.type2;
  if (!convertible(dst) || !convertible(src))
    c.unsupported(std::string("cvt.") + ptx::type_name(dst) + "." + ptx::type_name(src));
  uint64_t* d = c.dst(0);
  Lanes a = c.src(1);
  if (!c.in.sat && is_integer(dst) && is_integer(src)) {
    // Integer to integer (index arithmetic, most cvts nvcc emits): what
    // read_source and to_int compute in 128 bits, in the 64 they keep.
    for_lanes(c.exec, [&](unsigned l) { d[l] = extend(extend(a[l], src), dst); });
    return;
  }
  const bool to_nearest = c.in.rnd == Round::None || c.in.rnd == Round::Rn;
  if (!c.in.sat && to_nearest && is_integer(src) && (dst == Type::F32 || dst == Type::F64))
    return dst == Type::F32 ? integer_to_float<float>(c, src, d, a) : integer_to_float<double>(c, src, d, a);
  for_lanes(c.exec, [&](unsigned l) { d[l] = convert(c, dst, read_source(c, src, a[l])); });
}

}  // namespace scwarp::func
