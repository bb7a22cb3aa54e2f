// ld / ldu / st in every state space, scalar and .v2/.v4.
#include <cstring>

#include "sc_model/func/address_map.h"

namespace scwarp::func {

using ptx::Operand;

// Raw little-endian bytes -> register slot, sign-extending signed types.
static uint64_t load_element(const uint8_t* p, unsigned bytes, bool is_signed) {
  uint64_t v = 0;
  copy_element(&v, p, bytes);
  if (is_signed && bytes < 8) {
    unsigned shift = 64 - bytes * 8;
    v = uint64_t(int64_t(v << shift) >> shift);
  }
  return v;
}

// The registers of a data operand: one for a scalar, vec_count for {a,b,..}.
// `_` and missing elements map to nullptr.
static std::array<uint64_t*, 4> element_registers(ExecContext& c, const Operand& o) {
  std::array<uint64_t*, 4> regs{};
  if (o.kind == Operand::Kind::Reg) {
    regs[0] = c.reg(o.reg);
  } else if (o.kind == Operand::Kind::Vec) {
    for (unsigned i = 0; i < o.vec_count; ++i)
      if (o.vec[i] != ptx::kNoReg) regs[i] = c.reg(o.vec[i]);
  }
  return regs;
}

static unsigned element_bytes(ExecContext& c) {
  unsigned bits = ptx::type_bits(c.in.type);
  if (bits < 8 || bits > 64) c.unsupported(std::string("type .") + ptx::type_name(c.in.type));
  return bits / 8;
}

static void load(ExecContext& c) {
  unsigned elem = element_bytes(c), n = c.in.vec;
  bool is_signed = ptx::is_signed_int(c.in.type);
  auto dst = element_registers(c, c.in.ops[0]);
  std::array<uint64_t, kWarpSize>& addrs = c.scratch[0];
  lane_addresses(c, c.in.ops.at(1), addrs);
  for_lanes(c.exec, [&](unsigned l) {
    Access a = resolve_access(c, l, c.in.space, addrs[l], elem * n);
    record_access(c, l, a, elem * n);
    for (unsigned k = 0; k < n; ++k)
      if (dst[k]) dst[k][l] = load_element(a.ptr + k * elem, elem, is_signed);
  });
}

static void store(ExecContext& c) {
  unsigned elem = element_bytes(c), n = c.in.vec;
  const Operand& data = c.in.ops.at(1);
  std::array<Lanes, 4> src{};
  if (data.kind == Operand::Kind::Vec) {
    for (unsigned k = 0; k < n; ++k) {
      Operand element;
      element.kind = Operand::Kind::Reg;
      element.reg = data.vec[k];
      if (element.reg == ptx::kNoReg) c.unsupported("`_` in a stored vector");
      src[k] = c.operand_lanes(element, c.scratch[1 + k]);
    }
  } else {
    src[0] = c.src(1);
  }
  std::array<uint64_t, kWarpSize>& addrs = c.scratch[0];
  lane_addresses(c, c.in.ops[0], addrs);
  for_lanes(c.exec, [&](unsigned l) {
    Access a = resolve_access(c, l, c.in.space, addrs[l], elem * n);
    check_writable(c, l, a);
    record_access(c, l, a, elem * n);
    for (unsigned k = 0; k < n; ++k) {
      uint64_t v = src[k][l];
      copy_element(a.ptr + k * elem, &v, elem);
    }
  });
}

void exec_memory(ExecContext& c) {
  if (c.in.op == ptx::Opcode::St) return store(c);
  load(c);
}

}  // namespace scwarp::func
