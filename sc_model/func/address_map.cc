#include "sc_model/func/address_map.h"

#include <fmt/format.h>

namespace scwarp::func {

using ptx::Space;

// Addresses below this are treated as a dereferenced null pointer (plus a
// small offset, as a field of a null struct pointer would be).
constexpr uint64_t kNullPage = 0x1000;

void lane_addresses(ExecContext& c, const ptx::Operand& op, std::array<uint64_t, kWarpSize>& out) {
  if (op.kind != ptx::Operand::Kind::Addr) c.unsupported("a non-address memory operand");
  uint64_t offset = op.imm;
  if (op.reg != ptx::kNoReg) {
    const uint64_t* r = c.reg(op.reg);
    // A 32-bit address register (shared memory, -m32 style) holds 32 bits.
    bool narrow = ptx::type_bits(c.frame.fn->regs[op.reg].type) <= 32;
    uint64_t keep = narrow ? 0xffffffffull : ~0ull;
    for_lanes(c.exec, [&](unsigned l) { out[l] = (r[l] & keep) + offset; });
    return;
  }
  uint64_t base = op.sym != ptx::kNoSym ? c.symbol_address(op.sym) : 0;
  for_lanes(c.exec, [&](unsigned l) { out[l] = base + offset; });
}

Space generic_space(uint64_t addr, uint64_t* in_space) {
  if (addr - kSharedWindow < kWindowSize) {
    *in_space = addr - kSharedWindow;
    return Space::Shared;
  }
  if (addr - kLocalWindow < kWindowSize) {
    *in_space = addr - kLocalWindow;
    return Space::Local;
  }
  *in_space = addr;
  return Space::Global;
}

[[noreturn]] static void bounds_fault(ExecContext& c, unsigned lane, Space space, uint64_t addr,
                                      uint32_t bytes, const std::string& why) {
  c.fault(lane, fmt::format("{}-byte {} access at address 0x{:x} {}", bytes,
                            ptx::space_name(space), addr, why));
}

static uint8_t* in_buffer(ExecContext& c, unsigned lane, Space space, uint64_t addr,
                          uint32_t bytes, uint8_t* base, uint64_t size, const char* what) {
  if (addr > size || bytes > size - addr)
    bounds_fault(c, lane, space, addr, bytes, fmt::format("is beyond {} ({} bytes)", what, size));
  return base + addr;
}

Access resolve_access(ExecContext& c, unsigned lane, Space space, uint64_t addr,
                      uint32_t bytes) {
  uint64_t a = addr;
  if (space == Space::Generic) space = generic_space(addr, &a);
  if ((space == Space::Global || space == Space::Const) && a < kNullPage)
    bounds_fault(c, lane, space, addr, bytes, "(null pointer)");
  if (a % bytes != 0)
    bounds_fault(c, lane, space, addr, bytes,
                 fmt::format("is misaligned (not a multiple of {})", bytes));
  switch (space) {
    case Space::Global:
    case Space::Const: {
      uint8_t* p = c.memory().translate(a, bytes);
      if (!p) bounds_fault(c, lane, space, addr, bytes, "is outside any allocation");
      return {p, space, a};
    }
    case Space::Shared:
      return {in_buffer(c, lane, space, a, bytes, c.shared().data(), c.shared().size(),
                        "the block's shared memory"),
              space, a};
    case Space::Local:
      return {in_buffer(c, lane, space, a, bytes, c.local()[lane].data(), c.local_top(),
                        "the thread's local frames"),
              space, a};
    case Space::Param:
      return {in_buffer(c, lane, space, a, bytes, c.frame.lane_params(lane), c.frame.param_stride,
                        "the function's parameters"),
              space, a};
    default:
      c.unsupported(std::string("memory access in space .") + ptx::space_name(space));
  }
}

}  // namespace scwarp::func
