// Half-precision arithmetic (.f16, .bf16 and the packed .f16x2, .bf16x2):
// each half is decoded to double, where add/sub/mul of two halves are exact,
// computed, and rounded once into the format.
#include <cmath>

#include "sc_model/func/exec_context.h"
#include "sc_model/func/float_math.h"
#include "sc_model/func/small_float.h"

namespace scwarp::func {

using ptx::Opcode;

namespace {

struct HalfMode {
  const SmallFloat& format;
  bool ftz, sat;
  ptx::Round rnd;

  double in(uint16_t bits) const { return flush_small(decode_small(format, bits)); }
  uint16_t out(double v) const {
    if (std::isnan(v) && sat) v = 0;
    if (sat) v = saturate_unit(v);
    return encode_small(format, flush_small(v), rnd == ptx::Round::None ? ptx::Round::Rn : rnd);
  }
  // .ftz: subnormal values of the format become signed zeros.
  double flush_small(double v) const {
    double min_normal = std::ldexp(1.0, 1 - format.bias);
    return ftz && v != 0 && std::fabs(v) < min_normal ? std::copysign(0.0, v) : v;
  }
};

double compute(Opcode op, double a, double b, double c) {
  switch (op) {
    case Opcode::Add: return a + b;
    case Opcode::Sub: return a - b;
    case Opcode::Mul: return a * b;
    case Opcode::Fma:
    case Opcode::Mad: return std::fma(a, b, c);
    case Opcode::Neg: return -a;
    case Opcode::Abs: return std::fabs(a);
    case Opcode::Min: return ptx_min(a, b);
    default: return ptx_max(a, b);
  }
}

bool is_half_opcode(Opcode op) {
  switch (op) {
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Mul:
    case Opcode::Fma:
    case Opcode::Mad:
    case Opcode::Neg:
    case Opcode::Abs:
    case Opcode::Min:
    case Opcode::Max: return true;
    default: return false;
  }
}

}  // namespace

void exec_half(ExecContext& c) {
  const SmallFloat* format = nullptr;
  bool pair = false;
  small_format_of(c.in.type, &format, &pair);
  if (!is_half_opcode(c.in.op))
    c.unsupported(std::string(ptx::opcode_name(c.in.op)) + " in half precision");
  HalfMode m{*format, c.in.ftz, c.in.sat, c.in.rnd};
  unsigned sources = c.in.ops.size() - 1;
  uint64_t* d = c.dst(0);
  Lanes a = c.src(1);
  Lanes b = sources > 1 ? c.src(2) : a;
  Lanes e = sources > 2 ? c.src(3) : a;
  Opcode op = c.in.op;
  for_lanes(c.exec, [&](unsigned l) {
    uint64_t r = 0;
    for (unsigned h = 0; h < (pair ? 2u : 1u); ++h) {
      auto half = [&](const Lanes& x) { return m.in(uint16_t(x[l] >> (16 * h))); };
      r |= uint64_t(m.out(compute(op, half(a), half(b), half(e)))) << (16 * h);
    }
    d[l] = r;
  });
}

}  // namespace scwarp::func
