// f32/f64 arithmetic and the special functions: add/sub/mul/fma/mad/div with
// rounding modes, abs/neg/min/max/copysign, rcp/sqrt/rsqrt/ex2/lg2/sin/cos/tanh;
// .ftz and .sat applied to inputs and results as PTX says.
#include <cmath>

#include "sc_model/func/exec_context.h"
#include "sc_model/func/float_math.h"
#include "sc_model/func/small_float.h"

namespace scwarp::func {

using ptx::Opcode;
using ptx::Round;

// kPlain: neither .ftz nor .sat, known when the lane loop is compiled (the
// common case, whose loops then test neither per lane).
template <typename F, bool kPlain = false>
struct FloatMode {
  bool ftz, sat;
  Round rnd;
  F in(F v) const {
    if constexpr (kPlain) return v;
    return ftz ? flush(v) : v;
  }
  F out(F v) const {
    if (std::isnan(v)) return !kPlain && sat ? F(0) : canonical_nan<F>();  // .sat: NaN -> 0
    if (kPlain || !(ftz | sat)) return v;
    if (ftz) v = flush(v);
    return sat ? saturate_unit(v) : v;
  }
};

// A binary operation that is correctly rounded in round-to-nearest by the
// host, with `error` giving the sign of its rounding error for other modes.
template <typename F, typename Mode, typename Op, typename Err>
static void rounded2(ExecContext& c, const Mode& m, Op op, Err error) {
  if (!is_directed(m.rnd)) return map2<F>(c, [&](F a, F b) { return m.out(op(m.in(a), m.in(b))); });
  map2<F>(c, [&](F a, F b) {
    a = m.in(a);
    b = m.in(b);
    F r = op(a, b);
    return m.out(apply_rounding(r, error(a, b, r), m.rnd));
  });
}

template <typename F, typename Mode>
static void fused(ExecContext& c, const Mode& m) {
  if (!is_directed(m.rnd))
    return map3<F>(c, [&](F a, F b, F e) { return m.out(std::fma(m.in(a), m.in(b), m.in(e))); });
  map3<F>(c, [&](F a, F b, F e) {
    a = m.in(a), b = m.in(b), e = m.in(e);
    F r = std::fma(a, b, e);
    return m.out(apply_rounding(r, fma_error(a, b, e, r), m.rnd));
  });
}

template <typename F>
static F approx_function(Opcode op, F a) {
  switch (op) {
    case Opcode::Ex2: return std::exp2(a);
    case Opcode::Lg2: return std::log2(a);
    case Opcode::Sin: return std::sin(a);
    case Opcode::Cos: return std::cos(a);
    case Opcode::Tanh: return std::tanh(a);
    case Opcode::Rsqrt: return F(1) / std::sqrt(a);
    default: return a;
  }
}

template <typename F, bool kPlain>
static void floating(ExecContext& c) {
  const ptx::Instr& in = c.in;
  FloatMode<F, kPlain> m{in.ftz, in.sat, in.rnd};
  switch (in.op) {
    case Opcode::Add:
      return rounded2<F>(
          c, m, [](F a, F b) { return a + b; }, add_error<F>);
    case Opcode::Sub:
      return rounded2<F>(
          c, m, [](F a, F b) { return a - b; },
          [](F a, F b, F r) { return add_error<F>(a, -b, r); });
    case Opcode::Mul:
      return rounded2<F>(
          c, m, [](F a, F b) { return a * b; }, mul_error<F>);
    case Opcode::Div:
      return rounded2<F>(
          c, m, [](F a, F b) { return a / b; }, div_error<F>);
    case Opcode::Fma:
    case Opcode::Mad: return fused<F>(c, m);
    case Opcode::Abs: return map1<F>(c, [&](F a) { return m.out(std::fabs(m.in(a))); });
    case Opcode::Neg: return map1<F>(c, [&](F a) { return m.out(-m.in(a)); });
    case Opcode::Min: return map2<F>(c, [&](F a, F b) { return m.out(ptx_min(m.in(a), m.in(b))); });
    case Opcode::Max: return map2<F>(c, [&](F a, F b) { return m.out(ptx_max(m.in(a), m.in(b))); });
    // copysign d, a, b: b's magnitude with a's sign
    case Opcode::Copysign: return map2<F>(c, [](F a, F b) { return std::copysign(b, a); });
    case Opcode::Rcp:
      return map1<F>(c, [&](F a) {
        a = m.in(a);
        F r = F(1) / a;
        return m.out(is_directed(m.rnd) ? apply_rounding(r, div_error<F>(F(1), a, r), m.rnd) : r);
      });
    case Opcode::Sqrt:
      return map1<F>(c, [&](F a) {
        a = m.in(a);
        F r = std::sqrt(a);
        return m.out(is_directed(m.rnd) ? apply_rounding(r, sqrt_error<F>(a, r), m.rnd) : r);
      });
    case Opcode::Rsqrt:
    case Opcode::Ex2:
    case Opcode::Lg2:
    case Opcode::Sin:
    case Opcode::Cos:
    case Opcode::Tanh:
      // .approx functions: the host's correctly-rounded-or-close result is
      // within PTX's stated error bounds.
      return map1<F>(c, [&](F a) { return m.out(approx_function<F>(in.op, m.in(a))); });
    default: c.unsupported(std::string("floating-point ") + ptx::opcode_name(in.op));
  }
}

void exec_float(ExecContext& c) {
  const SmallFloat* half_format = nullptr;
  if (small_format_of(c.in.type, &half_format)) return exec_half(c);
  const bool plain = !c.in.ftz && !c.in.sat;
  dispatch_float(c, c.in.type, [&]<typename F>() { plain ? floating<F, true>(c) : floating<F, false>(c); });
}

}  // namespace scwarp::func
