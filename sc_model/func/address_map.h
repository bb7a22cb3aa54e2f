// From a lane's address operand to host memory: resolves generic addresses to
// their state space (memory.h windows), checks null, alignment and bounds, and
// reports a fault naming the thread and the address.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>

#include "sc_model/func/exec_context.h"

namespace scwarp::func {

struct Access {
  uint8_t* ptr;      // host memory of the bytes accessed
  ptx::Space space;  // real space (never Generic)
  uint64_t addr;     // address within that space
};

// The addresses of operand `op` ([reg+imm], [sym+imm], [imm]) for every
// executing lane, written to `out`.
void lane_addresses(ExecContext& c, const ptx::Operand& op, std::array<uint64_t, kWarpSize>& out);

// Resolves one lane's access of `bytes` bytes in `space` (Generic allowed).
Access resolve_access(ExecContext& c, unsigned lane, ptx::Space space, uint64_t addr,
                      uint32_t bytes);

// Faults a write into the module's .const variables (through any pointer).
void check_writable(ExecContext& c, unsigned lane, const Access& a);

// A whole warp's access resolved at once: lane l's bytes are at
// base + l * lane_stride + (addrs[l] - window - lo), its address in `space`
// addrs[l] - window.
struct WarpAccess {
  uint8_t* base;     // host memory of lane 0's address `lo`
  ptx::Space space;  // real space (Global, Const, Shared or Param)
  uint64_t window;   // generic window base subtracted from every address (0 if none)
  uint64_t lo;       // lowest address in `space`
  uint64_t lane_stride = 0;  // Param: each lane has its own parameter block
};

// The common case of an access in one check instead of one per lane: every
// executing lane's address in `addrs` aligned, in one global allocation, in
// the block's shared memory or in the function's parameters, and (for a
// write) none in the module's .const variables. Empty otherwise: the per-lane path then resolves each
// lane and names the first that faults, so both paths give the same result.
std::optional<WarpAccess> resolve_warp_access(ExecContext& c, ptx::Space space,
                                              const std::array<uint64_t, kWarpSize>& addrs,
                                              uint32_t bytes, bool write);

// Notes the space and size of a warp's accesses in the instruction's
// ExecRecord: the lanes' space, or Generic where lanes differ.
inline void record_access_space(ExecContext& c, ptx::Space space, uint32_t bytes) {
  ptx::Space& s = c.rec.mem_space;
  s = (s == ptx::Space::None || s == space) ? space : ptx::Space::Generic;
  c.rec.mem_bytes = bytes;
}
// Notes lane's access in the instruction's ExecRecord. Inline: it runs once
// per lane of every memory instruction.
inline void record_access(ExecContext& c, unsigned lane, const Access& a, uint32_t bytes) {
  record_access_space(c, a.space, bytes);
  c.rec.addr[lane] = a.addr;
}

// Copies `bytes` (1 to 8) bytes: a fixed-size copy for the register widths
// (one move each) rather than a call to memcpy per lane.
inline void copy_element(void* dst, const void* src, unsigned bytes) {
  switch (bytes) {
    case 1: std::memcpy(dst, src, 1); return;
    case 2: std::memcpy(dst, src, 2); return;
    case 4: std::memcpy(dst, src, 4); return;
    case 8: std::memcpy(dst, src, 8); return;
    default: std::memcpy(dst, src, bytes);
  }
}

// Calls f(lane, host pointer) for every executing lane's access of `bytes`
// at addrs[lane] in the instruction's space, noting each in the ExecRecord;
// faults (naming the lane) as resolve_access does, and for a write as
// check_writable does.
template <typename F>
inline void for_lane_accesses(ExecContext& c, const std::array<uint64_t, kWarpSize>& addrs,
                              uint32_t bytes, bool write, F&& f) {
  if (std::optional<WarpAccess> w = resolve_warp_access(c, c.in.space, addrs, bytes, write)) {
    record_access_space(c, w->space, bytes);
    for_lanes(c.exec, [&](unsigned l) {
      uint64_t addr = addrs[l] - w->window;
      c.rec.addr[l] = addr;
      f(l, w->base + l * w->lane_stride + (addr - w->lo));
    });
    return;
  }
  for_lanes(c.exec, [&](unsigned l) {
    Access a = resolve_access(c, l, c.in.space, addrs[l], bytes);
    if (write) check_writable(c, l, a);
    record_access(c, l, a, bytes);
    f(l, a.ptr);
  });
}

// Generic address -> (space, address in space), no checks.
ptx::Space generic_space(uint64_t addr, uint64_t* in_space);

}  // namespace scwarp::func
