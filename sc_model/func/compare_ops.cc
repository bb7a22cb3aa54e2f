// setp / set / selp / slct / testp: comparisons (signed, unsigned, ordered and
// unordered float) combined with a predicate by .and/.or/.xor.
#include <cmath>
#include <functional>
#include <utility>

#include "sc_model/func/exec_context.h"
#include "sc_model/func/float_math.h"
#include "sc_model/func/small_float.h"

namespace scwarp::func {

using ptx::BoolOp;
using ptx::Cmp;
using ptx::Opcode;

// Calls f with comparison `cmp` of T as a function object (a, b) -> bool,
// chosen once per instruction rather than per lane. Float comparisons
// without a `u` are false when an operand is NaN; those with one are true.
template <typename T, typename F>
static void with_comparison(Cmp cmp, F&& f) {
  if constexpr (std::is_floating_point_v<T>) {
    // `op` where neither operand is NaN; where one is, false (ordered) or
    // true (the `u` comparisons, and nan).
    const bool nan_true = cmp == Cmp::Equ || cmp == Cmp::Neu || cmp == Cmp::Ltu || cmp == Cmp::Leu ||
                          cmp == Cmp::Gtu || cmp == Cmp::Geu || cmp == Cmp::Nan;
    const auto with_nan = [&f, nan_true](auto op) {
      if (nan_true)
        f([op](T a, T b) { return std::isnan(a) || std::isnan(b) || op(a, b); });
      else
        f([op](T a, T b) { return !std::isnan(a) && !std::isnan(b) && op(a, b); });
    };
    switch (cmp) {
      case Cmp::Eq: case Cmp::Equ: return with_nan(std::equal_to<T>{});
      case Cmp::Ne: case Cmp::Neu: return with_nan(std::not_equal_to<T>{});
      case Cmp::Lt: case Cmp::Ltu: return with_nan(std::less<T>{});
      case Cmp::Le: case Cmp::Leu: return with_nan(std::less_equal<T>{});
      case Cmp::Gt: case Cmp::Gtu: return with_nan(std::greater<T>{});
      case Cmp::Ge: case Cmp::Geu: return with_nan(std::greater_equal<T>{});
      case Cmp::Num: return with_nan([](T, T) { return true; });   // neither is NaN
      case Cmp::Nan: return with_nan([](T, T) { return false; });  // either is NaN
      default: return f([](T, T) { return false; });
    }
  } else {
    using U = std::make_unsigned_t<T>;
    switch (cmp) {
      case Cmp::Eq: return f(std::equal_to<T>{});
      case Cmp::Ne: return f(std::not_equal_to<T>{});
      case Cmp::Lt: return f(std::less<T>{});
      case Cmp::Le: return f(std::less_equal<T>{});
      case Cmp::Gt: return f(std::greater<T>{});
      case Cmp::Ge: return f(std::greater_equal<T>{});
      case Cmp::Lo: return f([](T a, T b) { return U(a) < U(b); });
      case Cmp::Ls: return f([](T a, T b) { return U(a) <= U(b); });
      case Cmp::Hi: return f([](T a, T b) { return U(a) > U(b); });
      case Cmp::Hs: return f([](T a, T b) { return U(a) >= U(b); });
      default: return f([](T, T) { return false; });
    }
  }
}

static bool combine(BoolOp op, bool x, bool p) {
  switch (op) {
    case BoolOp::And: return x && p;
    case BoolOp::Or: return x || p;
    case BoolOp::Xor: return x != p;
    default: return x;
  }
}

// The comparison of operands a, b (indices first, first+1) per lane,
// combined with the optional predicate operand c, as 0/1 into `result` and
// its complement into `complement` when that is not null. One pass: each
// lane reads its operands before its results are written, so a result may
// be the predicate operand's own register.
// `value` turns a source slot into the T compared (half formats decode).
template <typename T, typename Value>
static void compare_lanes(ExecContext& c, unsigned first, uint64_t* result, uint64_t* complement,
                          Value value) {
  Lanes a = c.src(first), b = c.src(first + 1);
  const bool ftz = c.in.ftz;
  const BoolOp op = c.in.boolop;
  const Lanes p = op == BoolOp::None ? Lanes{nullptr} : c.src(first + 2);  // read only with an op
  auto operands = [&](unsigned l) {
    T x = value(a[l]), y = value(b[l]);
    if constexpr (std::is_floating_point_v<T>) {
      if (ftz) x = flush(x), y = flush(y);
    }
    return std::pair{x, y};
  };
  with_comparison<T>(c.in.cmp, [&](auto compare) {
    if (op == BoolOp::None && !complement) {  // the common setp: a plain loop
      for_lanes(c.exec, [&](unsigned l) {
        const auto [x, y] = operands(l);
        result[l] = compare(x, y);
      });
      return;
    }
    for_lanes(c.exec, [&](unsigned l) {
      const auto [x, y] = operands(l);
      const bool r = compare(x, y), q = op != BoolOp::None && (p[l] & 1);
      result[l] = combine(op, r, q);
      if (complement) complement[l] = combine(op, !r, q);
    });
  });
}

// The comparison in the instruction's comparison type (type2).
static void compare_typed(ExecContext& c, uint64_t* result, uint64_t* complement) {
  const SmallFloat* half = nullptr;
  bool pair = false;
  if (small_format_of(c.in.type2, &half, &pair)) {
    if (pair) c.unsupported("comparison of packed half pairs");
    auto decode = [half](uint64_t slot) { return decode_small(*half, uint16_t(slot)); };
    return compare_lanes<double>(c, 1, result, complement, decode);
  }
  dispatch_any(c, c.in.type2, [&]<typename T>() {
    compare_lanes<T>(c, 1, result, complement, [](uint64_t slot) { return get<T>(slot); });
  });
}

// setp writes its predicates in the comparison's own pass.
static void setp(ExecContext& c) {
  uint64_t* q = c.in.dst_pred != ptx::kNoReg ? c.reg(c.in.dst_pred) : nullptr;
  compare_typed(c, c.dst(0), q);
}

// set: 1.0f / 0xffffffff for true, 0 for false.
static void set(ExecContext& c) {
  uint64_t result[kWarpSize];
  compare_typed(c, result, nullptr);
  uint64_t truth = c.in.type == ptx::Type::F32 ? put<float>(1.0f) : 0xffffffffull;
  uint64_t* d = c.dst(0);
  for_lanes(c.exec, [&](unsigned l) { d[l] = result[l] ? truth : 0; });
}

static void selp(ExecContext& c) {
  uint64_t* d = c.dst(0);
  Lanes a = c.src(1), b = c.src(2), p = c.src(3);
  for_lanes(c.exec, [&](unsigned l) { d[l] = (p[l] & 1) ? a[l] : b[l]; });
}

// slct.T.S d, a, b, c: a if c >= 0 else b.
static void slct(ExecContext& c) {
  uint64_t* d = c.dst(0);
  Lanes a = c.src(1), b = c.src(2), s = c.src(3);
  bool is_float = c.in.type2 == ptx::Type::F32;
  bool ftz = c.in.ftz;
  for_lanes(c.exec, [&](unsigned l) {
    bool non_negative;
    if (is_float) {
      float v = get<float>(s[l]);
      non_negative = (ftz ? flush(v) : v) >= 0.0f;
    } else {
      non_negative = get<int32_t>(s[l]) >= 0;
    }
    d[l] = non_negative ? a[l] : b[l];
  });
}

template <typename F>
static bool test_property(ptx::TestpOp op, F v) {
  switch (op) {
    case ptx::TestpOp::Finite: return std::isfinite(v);
    case ptx::TestpOp::Infinite: return std::isinf(v);
    case ptx::TestpOp::Number: return !std::isnan(v);
    case ptx::TestpOp::NotANumber: return std::isnan(v);
    case ptx::TestpOp::Normal: return std::isnormal(v);
    case ptx::TestpOp::Subnormal: return std::fpclassify(v) == FP_SUBNORMAL;
    default: return false;
  }
}

void exec_compare(ExecContext& c) {
  switch (c.in.op) {
    case Opcode::Setp: return setp(c);
    case Opcode::Set: return set(c);
    case Opcode::Selp: return selp(c);
    case Opcode::Slct: return slct(c);
    case Opcode::Testp:
      return dispatch_float(c, c.in.type, [&]<typename F>() {
        map1<F, bool>(c, [&](F v) { return test_property(c.in.testp, v); });
      });
    default: c.unsupported(ptx::opcode_name(c.in.op));
  }
}

}  // namespace scwarp::func
