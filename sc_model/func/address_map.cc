#include "sc_model/func/address_map.h"

#include <fmt/format.h>

#include <algorithm>

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
    // A 32-bit address register (shared memory, -m32 style) holds 32 bits, and
    // its sum with the offset wraps at 2^32: nvcc folds negative offsets so.
    bool narrow = ptx::type_bits(c.frame.fn->regs[op.reg].type) <= 32;
    uint64_t keep = narrow ? 0xffffffffull : ~0ull;
    for_lanes(c.exec, [&](unsigned l) { out[l] = (r[l] + offset) & keep; });
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
  if (addr - kParamWindow < kWindowSize) {
    *in_space = addr - kParamWindow;
    return Space::Param;
  }
  *in_space = addr;
  return Space::Global;
}

void check_writable(ExecContext& c, unsigned lane, const Access& a) {
  const LaunchSpec& spec = c.engine.spec();
  bool in_const_segment = a.addr - spec.const_segment < spec.module->const_bytes;
  if (a.space == Space::Const || (a.space == Space::Global && in_const_segment))
    c.fault(lane, fmt::format("write to .const memory at address 0x{:x}", a.addr));
}

// One lane's access being resolved: where it points and how it was written.
struct LaneAccess {
  ExecContext& c;
  unsigned lane;
  Space space;       // resolved
  uint64_t addr;     // in `space`
  uint64_t generic;  // as the program gave it, when it was generic
  bool was_generic;
  uint32_t bytes;

  [[noreturn]] void fault(const std::string& why) const {
    std::string given =
        was_generic && generic != addr ? fmt::format(" (generic 0x{:x})", generic) : "";
    c.fault(lane, fmt::format("{}-byte {} access at address 0x{:x}{} {}", bytes,
                              ptx::space_name(space), addr, given, why));
  }
  uint8_t* in_buffer(uint8_t* base, uint64_t size, const char* what) const {
    if (addr > size || bytes > size - addr)
      fault(fmt::format("is beyond {} ({} bytes)", what, size));
    return base + addr;
  }
};

Access resolve_access(ExecContext& c, unsigned lane, Space space, uint64_t addr, uint32_t bytes) {
  LaneAccess a{c, lane, space, addr, addr, space == Space::Generic, bytes};
  if (a.was_generic) a.space = generic_space(addr, &a.addr);
  if ((a.space == Space::Global || a.space == Space::Const) && a.addr < kNullPage)
    a.fault("(null pointer)");
  // Access sizes are powers of two (1 to 32 bytes): a mask, not a division.
  // (Not std::has_single_bit: without -mpopcnt that is a libgcc call.)
  const bool power_of_two = (bytes & (bytes - 1)) == 0;
  const bool misaligned = power_of_two ? (a.addr & (bytes - 1)) != 0 : a.addr % bytes != 0;
  if (misaligned) a.fault(fmt::format("is misaligned (not a multiple of {})", bytes));
  switch (a.space) {
    case Space::Global:
    case Space::Const: {
      uint8_t* p = c.memory().translate(a.addr, bytes);
      if (!p) a.fault("is outside any allocation");
      return {p, a.space, a.addr};
    }
    case Space::Shared:
      return {a.in_buffer(c.shared().data(), c.shared().size(), "the block's shared memory"),
              a.space, a.addr};
    case Space::Local:
      return {a.in_buffer(c.local()[lane].data(), c.local_top(), "the thread's local frames"),
              a.space, a.addr};
    case Space::Param: {
      // A generic parameter address is a kernel parameter's, whichever
      // function dereferences it (the kernel frame is the outermost).
      CallFrame& f = a.was_generic ? c.kernel_frame() : c.frame;
      return {a.in_buffer(f.lane_params(lane), f.param_stride, "the function's parameters"),
              a.space, a.addr};
    }
    default: c.unsupported(std::string("memory access in space .") + ptx::space_name(a.space));
  }
}

std::optional<WarpAccess> resolve_warp_access(ExecContext& c, Space space,
                                              const std::array<uint64_t, kWarpSize>& addrs,
                                              uint32_t bytes, bool write) {
  uint64_t lo = ~0ull, hi = 0, any_bits = 0;
  for_lanes(c.exec, [&](unsigned l) {
    lo = std::min(lo, addrs[l]);
    hi = std::max(hi, addrs[l]);
    any_bits |= addrs[l];
  });
  const bool power_of_two = bytes != 0 && (bytes & (bytes - 1)) == 0;
  if (lo > hi || !power_of_two || (any_bits & (bytes - 1)) != 0) return std::nullopt;
  uint64_t window = 0;
  if (space == Space::Generic) {
    // Global allocations end below the first window, and each window is one
    // range: the lowest and highest address in one space put all in it.
    uint64_t lo_in, hi_in;
    space = generic_space(lo, &lo_in);
    if (generic_space(hi, &hi_in) != space) return std::nullopt;
    window = lo - lo_in;
  }
  const uint64_t lo_in = lo - window, span = hi - lo + bytes;
  switch (space) {
    case Space::Global:
    case Space::Const: {
      if (lo_in < kNullPage) return std::nullopt;
      const LaunchSpec& spec = c.engine.spec();
      const uint64_t const_bytes = spec.module->const_bytes;
      bool may_touch_const = space == Space::Const ||
                             (const_bytes != 0 && lo_in < spec.const_segment + const_bytes &&
                              spec.const_segment < lo_in + span);
      if (write && may_touch_const) return std::nullopt;
      uint8_t* p = c.memory().translate(lo_in, span);
      if (!p) return std::nullopt;
      return WarpAccess{p, space, window, lo_in};
    }
    case Space::Shared: {
      std::vector<uint8_t>& shared = c.shared();
      if (lo_in > shared.size() || span > shared.size() - lo_in) return std::nullopt;
      return WarpAccess{shared.data() + lo_in, space, window, lo_in};
    }
    case Space::Param: {
      // As resolve_access: a generic parameter address is the kernel's.
      CallFrame& f = window != 0 ? c.kernel_frame() : c.frame;
      if (lo_in > f.param_stride || span > f.param_stride - lo_in) return std::nullopt;
      return WarpAccess{f.lane_params(0) + lo_in, space, window, lo_in, f.param_stride};
    }
    default: return std::nullopt;
  }
}

}  // namespace scwarp::func
