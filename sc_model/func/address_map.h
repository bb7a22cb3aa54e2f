// From a lane's address operand to host memory: resolves generic addresses to
// their state space (memory.h windows), checks null, alignment and bounds, and
// reports a fault naming the thread and the address.
#pragma once

#include <cstdint>

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

// Notes lane's access in the instruction's ExecRecord.
void record_access(ExecContext& c, unsigned lane, const Access& a, uint32_t bytes);

// Generic address -> (space, address in space), no checks.
ptx::Space generic_space(uint64_t addr, uint64_t* in_space);

}  // namespace scwarp::func
