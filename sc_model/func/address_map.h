// From a lane's address operand to host memory: resolves generic addresses to
// their state space (memory.h windows), checks null, alignment and bounds, and
// reports a fault naming the thread and the address.
#pragma once

#include <cstdint>
#include <cstring>

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

// Notes lane's access in the instruction's ExecRecord. Inline: it runs once
// per lane of every memory instruction.
inline void record_access(ExecContext& c, unsigned lane, const Access& a, uint32_t bytes) {
  ptx::Space& s = c.rec.mem_space;
  s = (s == ptx::Space::None || s == a.space) ? a.space : ptx::Space::Generic;
  c.rec.mem_bytes = bytes;
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

// Generic address -> (space, address in space), no checks.
ptx::Space generic_space(uint64_t addr, uint64_t* in_space);

}  // namespace scwarp::func
