// mov (registers, immediates, special registers, symbol addresses, vector
// pack/unpack), cvta between a state space and the generic window, isspacep.
#include "sc_model/func/address_map.h"

namespace scwarp::func {

using ptx::Operand;
using ptx::Space;

static uint64_t element_mask(unsigned bits) {
  return bits >= 64 ? ~0ull : (uint64_t(1) << bits) - 1;
}

// mov.b64 %rd, {%r1, %r2}: element 0 is the least significant.
static void pack(ExecContext& c, const Operand& v) {
  unsigned bits = ptx::type_bits(c.in.type) / v.vec_count;
  uint64_t* d = c.dst(0);
  for_lanes(c.exec, [&](unsigned l) {
    uint64_t r = 0;
    for (unsigned k = 0; k < v.vec_count; ++k)
      if (v.vec[k] != ptx::kNoReg) r |= (c.reg(v.vec[k])[l] & element_mask(bits)) << (k * bits);
    d[l] = r;
  });
}

static void unpack(ExecContext& c, const Operand& v) {
  unsigned bits = ptx::type_bits(c.in.type) / v.vec_count;
  Lanes a = c.src(1);
  std::array<uint64_t, kWarpSize> whole;
  for_lanes(c.exec, [&](unsigned l) { whole[l] = a[l]; });  // the source may be a destination too
  for (unsigned k = 0; k < v.vec_count; ++k) {
    if (v.vec[k] == ptx::kNoReg) continue;
    uint64_t* d = c.reg(v.vec[k]);
    for_lanes(c.exec, [&](unsigned l) { d[l] = (whole[l] >> (k * bits)) & element_mask(bits); });
  }
}

static void move(ExecContext& c) {
  const Operand& d = c.in.ops.at(0);
  const Operand& s = c.in.ops.at(1);
  if (s.kind == Operand::Kind::Vec) return pack(c, s);
  if (d.kind == Operand::Kind::Vec) return unpack(c, d);
  uint64_t* out = c.dst(0);
  Lanes a = c.src(1);
  for_lanes(c.exec, [&](unsigned l) { out[l] = a[l]; });
}

static uint64_t window_base(ExecContext& c, Space s) {
  switch (s) {
    case Space::Shared: return kSharedWindow;
    case Space::Local: return kLocalWindow;
    case Space::Param: return kParamWindow;
    case Space::Global:
    case Space::Const: return 0;  // global addresses are generic ones
    default: c.unsupported(std::string("cvta with space .") + ptx::space_name(s));
  }
}

static void convert_address(ExecContext& c) {
  uint64_t base = window_base(c, c.in.space);
  bool narrow = ptx::type_bits(c.in.type) == 32;
  map1<uint64_t>(c, [&](uint64_t a) {
    uint64_t r = c.in.to_space ? a - base : a + base;
    return narrow ? r & 0xffffffffull : r;
  });
}

static void is_space(ExecContext& c) {
  Space want = c.in.space;
  const LaunchSpec& spec = c.engine.spec();
  map1<uint64_t, bool>(c, [&](uint64_t a) {
    uint64_t in_space;
    Space s = generic_space(a, &in_space);
    if (want == Space::Const)
      return a >= spec.const_segment && a < spec.const_segment + spec.module->const_bytes;
    return s == want;
  });
}

void exec_move(ExecContext& c) {
  switch (c.in.op) {
    case ptx::Opcode::Mov: return move(c);
    case ptx::Opcode::Cvta: return convert_address(c);
    default: return is_space(c);
  }
}

}  // namespace scwarp::func
