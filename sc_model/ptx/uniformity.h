// Which branches of a kernel every thread of a thread block takes the same
// way: a conservative uniformity analysis over the IR. A value is uniform
// across the TB when it comes only from constants, kernel parameters,
// .const loads at uniform addresses and TB-wide special registers (%ctaid,
// %nctaid, %ntid, %smid, ...), and is not written under a condition that
// may differ between threads. Everything else (thread indices, loads from
// other spaces, atomics, warp-level results, call results, the clock) is
// treated as varying.
#pragma once

#include <vector>

#include "sc_model/ptx/cfg.h"
#include "sc_model/ptx/ir.h"

namespace scwarp::ptx {

// The blocks a branch at the end of block b governs: reachable from its
// successors before the paths meet again at ipdom[b] (everything reachable
// when they meet only at the exit).
std::vector<bool> branch_region(const std::vector<BasicBlock>& blocks, const std::vector<uint32_t>& ipdom,
                                uint32_t b);

// Per basic block of build_cfg(fn): true when the block ends in a branch (or
// a guarded ret/exit) whose condition may differ between threads of a TB.
std::vector<bool> varying_branches(const Function& fn, const std::vector<BasicBlock>& blocks);

}  // namespace scwarp::ptx
