// Integer arithmetic: add/sub/mul/mad (.lo/.hi/.wide, .sat, carry chains),
// div/rem, abs/neg/min/max, mul24/mad24, sad.
#include <bit>
#include <limits>

#include "sc_model/func/exec_context.h"
#include "sc_model/func/int_math.h"

namespace scwarp::func {

using ptx::MulMode;
using ptx::Opcode;

template <typename T>
static void add_sub(ExecContext& c, bool subtract) {
  if constexpr (std::is_same_v<T, int32_t>) {
    if (c.in.sat) {
      return map2<T>(
          c, [&](T a, T b) { return saturate<T>(subtract ? int64_t(a) - b : int64_t(a) + b); });
    }
  }
  if (subtract) return map2<T>(c, [](T a, T b) { return wrap_sub<T>(a, b); });
  map2<T>(c, [](T a, T b) { return wrap_add<T>(a, b); });
}

// add.cc/addc/sub.cc/subc: 32/64-bit add with the per-lane carry flag.
template <typename T>
static void carry_chain(ExecContext& c, bool subtract, bool carry_in) {
  using U = unsigned_t<T>;
  uint64_t* d = c.dst(0);
  Lanes a = c.src(1), b = c.src(2);
  uint32_t carry = c.frame.carry, out = 0;
  for_lanes(c.exec, [&](unsigned l) {
    U x = U(a[l]), y = U(b[l]);
    U cin = carry_in ? U((carry >> l) & 1) : 0;
    U r;
    bool flag;
    if (subtract) {  // the flag is the borrow
      r = U(x - y - cin);
      flag = uint128(y) + cin > uint128(x);
    } else {
      r = U(x + y + cin);
      flag = uint128(x) + y + cin > uint128(std::numeric_limits<U>::max());
    }
    d[l] = put<T>(T(r));
    out |= uint32_t(flag) << l;
  });
  if (c.in.cc) c.frame.carry = (carry & ~c.exec) | out;
}

template <typename T>
static void multiply(ExecContext& c) {
  switch (c.in.mul) {
    case MulMode::Hi: return map2<T>(c, [](T a, T b) { return mul_hi<T>(a, b); });
    case MulMode::Wide:
      if constexpr (sizeof(T) <= 4) {
        using W = wider_t<T>;
        return map2<T, W>(c, [](T a, T b) { return W(W(a) * W(b)); });
      }
      c.unsupported("mul.wide on 64-bit operands");
    default: return map2<T>(c, [](T a, T b) { return wrap_mul<T>(a, b); });
  }
}

template <typename T>
static void multiply_add(ExecContext& c) {
  if (c.in.mul == MulMode::Lo && !c.in.cc && !c.in.sat &&
      c.in.op == Opcode::Mad)  // the common case
    return map3<T>(c, [](T a, T b, T e) { return wrap_add<T>(wrap_mul<T>(a, b), e); });
  bool carry_in = c.in.op == Opcode::Madc;
  uint32_t carry = c.frame.carry, out = 0;
  uint64_t* d = c.dst(0);
  Lanes a = c.src(1), b = c.src(2), e = c.src(3);
  using U = unsigned_t<T>;
  for_lanes(c.exec, [&](unsigned l) {
    T x = get<T>(a[l]), y = get<T>(b[l]);
    if (c.in.mul == MulMode::Wide) {
      if constexpr (sizeof(T) <= 4) {
        using W = wider_t<T>;
        d[l] = put<W>(wrap_add<W>(W(W(x) * W(y)), get<W>(e[l])));
        return;
      }
      c.unsupported("mad.wide on 64-bit operands");
    }
    T product = c.in.mul == MulMode::Hi ? mul_hi<T>(x, y) : wrap_mul<T>(x, y);
    U cin = carry_in ? U((carry >> l) & 1) : 0;
    T addend = get<T>(e[l]);
    if (std::is_same_v<T, int32_t> && c.in.sat) {
      d[l] = put<T>(saturate<T>(int64_t(product) + int64_t(addend)));
      return;
    }
    uint128 sum = uint128(U(product)) + U(addend) + cin;
    d[l] = put<T>(T(U(sum)));
    out |= uint32_t(sum >> (8 * sizeof(T)) != 0) << l;
  });
  if (c.in.cc) c.frame.carry = (carry & ~c.exec) | out;
}

// mul24/mad24: products of the low 24 bits; .hi takes bits 47..16.
template <typename T>
static int64_t product24(T a, T b) {
  auto low24 = [](T v) -> int64_t {
    if constexpr (std::is_signed_v<T>) return int64_t(int32_t(uint32_t(v) << 8) >> 8);
    return int64_t(uint32_t(v) & 0xffffff);
  };
  return low24(a) * low24(b);
}

template <typename T>
static void mul24(ExecContext& c, bool with_add) {
  bool hi = c.in.mul == MulMode::Hi;
  auto part = [hi](T a, T b) {
    return T(hi ? uint64_t(product24(a, b)) >> 16 : uint64_t(product24(a, b)));
  };
  if (with_add) return map3<T>(c, [&](T a, T b, T e) { return wrap_add<T>(part(a, b), e); });
  map2<T>(c, part);
}

template <typename T>
static void integer(ExecContext& c) {
  switch (c.in.op) {
    case Opcode::Add:
      if (c.in.cc) return carry_chain<T>(c, false, false);
      return add_sub<T>(c, false);
    case Opcode::Sub:
      if (c.in.cc) return carry_chain<T>(c, true, false);
      return add_sub<T>(c, true);
    case Opcode::Addc: return carry_chain<T>(c, false, true);
    case Opcode::Subc: return carry_chain<T>(c, true, true);
    case Opcode::Mul: return multiply<T>(c);
    case Opcode::Mad:
    case Opcode::Madc: return multiply_add<T>(c);
    case Opcode::Mul24: return mul24<T>(c, false);
    case Opcode::Mad24: return mul24<T>(c, true);
    case Opcode::Div: return map2<T>(c, [](T a, T b) { return safe_div<T>(a, b); });
    case Opcode::Rem: return map2<T>(c, [](T a, T b) { return safe_rem<T>(a, b); });
    case Opcode::Abs:
      return map1<T>(c, [](T a) {
        if constexpr (std::is_signed_v<T>) return a < 0 ? wrap_neg<T>(a) : a;
        return a;
      });
    case Opcode::Neg: return map1<T>(c, [](T a) { return wrap_neg<T>(a); });
    case Opcode::Min: return map2<T>(c, [](T a, T b) { return a < b ? a : b; });
    case Opcode::Max: return map2<T>(c, [](T a, T b) { return a > b ? a : b; });
    case Opcode::Sad:
      return map3<T>(c, [](T a, T b, T e) {
        return wrap_add<T>(a > b ? wrap_sub<T>(a, b) : wrap_sub<T>(b, a), e);
      });
    default: c.unsupported(std::string("integer ") + ptx::opcode_name(c.in.op));
  }
}

void exec_integer(ExecContext& c) {
  dispatch_int(c, c.in.type, [&]<typename T>() { integer<T>(c); });
}

}  // namespace scwarp::func
