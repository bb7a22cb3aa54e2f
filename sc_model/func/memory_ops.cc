// ld / ldu / st in every state space, scalar and .v2/.v4.
#include <cstring>

#include "sc_model/func/address_map.h"

namespace scwarp::func {

using ptx::Operand;

// Calls f.template operator()<T>() with the integer type of an element of
// `bytes` bytes: a register holds it sign-extended when signed, else
// zero-extended. One dispatch per instruction keeps the per-lane copies
// fixed-size moves.
template <typename F>
static void with_element_type(ExecContext& c, unsigned bytes, bool is_signed, F&& f) {
  switch (bytes) {
    case 1: return is_signed ? f.template operator()<int8_t>() : f.template operator()<uint8_t>();
    case 2: return is_signed ? f.template operator()<int16_t>() : f.template operator()<uint16_t>();
    case 4: return is_signed ? f.template operator()<int32_t>() : f.template operator()<uint32_t>();
    case 8: return f.template operator()<uint64_t>();
    default: c.unsupported(std::string("type .") + ptx::type_name(c.in.type));
  }
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
  with_element_type(c, elem, is_signed, [&]<typename T>() {
    for_lane_accesses(c, addrs, elem * n, false, [&](unsigned l, const uint8_t* p) {
      for (unsigned k = 0; k < n; ++k) {
        if (!dst[k]) continue;
        T v;
        std::memcpy(&v, p + k * sizeof(T), sizeof(T));
        dst[k][l] = uint64_t(int64_t(v));
      }
    });
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
  with_element_type(c, elem, false, [&]<typename T>() {
    for_lane_accesses(c, addrs, elem * n, true, [&](unsigned l, uint8_t* p) {
      for (unsigned k = 0; k < n; ++k) {
        T v = T(src[k][l]);
        std::memcpy(p + k * sizeof(T), &v, sizeof(T));
      }
    });
  });
}

void exec_memory(ExecContext& c) {
  if (c.in.op == ptx::Opcode::St) return store(c);
  load(c);
}

}  // namespace scwarp::func
