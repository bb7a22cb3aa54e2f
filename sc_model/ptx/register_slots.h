// Where each register of a function lives in a warp's call frame. nvcc's PTX
// names a fresh virtual register for almost every value (montecarlo's kernel
// declares 365), and a frame holding every one of them in its own 32-lane
// slot (256 bytes) spreads each warp's values over tens of kilobytes: every
// instruction then writes a slot that is cold in the host's caches. Registers
// whose live ranges never meet share a slot instead (first fit over the sets
// of instructions at which each holds a value), so a frame holds about as
// many slots as values are live at once. Values, and so results, do not
// change: no instruction reads, writes or keeps alive two registers of one
// slot.
//
// The analysis is per thread, as read_before_write's: a thread runs one path
// through the graph. Conservative where a write may not reach every executing
// lane or a read may see another lane's register:
//   - a guarded instruction (@p) does not end its registers' live ranges
//     (its lanes with p false keep the old value);
//   - every register a warp-level instruction reads (shfl, vote, match,
//     redux) keeps a slot of its own for the whole frame.
// Only the functional engine's storage changes: the timing model keeps the
// PTX register numbers (register banks, scoreboard).
#pragma once

#include <cstdint>
#include <vector>

#include "sc_model/ptx/ir.h"

namespace scwarp::ptx {

// Above this many (register, instruction) pairs the analysis's bit sets (one
// per register over the instructions) would take more than 8 MiB and its
// first fit seconds: such a function keeps a slot per register, the frame
// layout before the analysis (more host memory, the same values).
inline constexpr uint64_t kMaxAnalysedPairs = uint64_t(1) << 26;

struct RegisterSlots {
  std::vector<uint32_t> slot;  // per register (index into Function::regs)
  uint32_t count = 0;          // slots a frame holds
};

// Needs Instr::reads/writes.
RegisterSlots assign_register_slots(const Function& fn);

}  // namespace scwarp::ptx
