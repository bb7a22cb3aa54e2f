// Which registers of a function a thread may read before it has written
// them: a definite-assignment analysis over the control-flow graph. A new
// call frame must give exactly these a defined value (the engine's zero);
// every other register is written on every path to each of its reads, so
// its first value can never be seen.
//
// Per thread: a thread runs one path through the graph (the SIMT stack only
// orders the paths of a warp's threads), so a register is assigned at an
// instruction when every path from the entry writes it before. Conservative
// where a write may not reach every executing lane, or a read may see
// another lane's register:
//   - a guarded instruction (@p) assigns nothing (its lanes with p false
//     keep the old value);
//   - every register a warp-level instruction (shfl, vote, match, redux)
//     reads counts as read before written (shfl reads other lanes', which
//     may never have reached the write).
#pragma once

#include <cstdint>
#include <vector>

#include "sc_model/ptx/ir.h"

namespace scwarp::ptx {

// The registers of `fn` (indices into Function::regs, ascending) that some
// thread may read before writing them. Needs Instr::reads/writes.
std::vector<uint32_t> registers_read_before_written(const Function& fn);

}  // namespace scwarp::ptx
