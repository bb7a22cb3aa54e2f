// Control-flow graph of a function and the re-convergence points of its
// branches (immediate post-dominators, as in the SIMT stack of paper 002 Sec 2.3).
#pragma once

#include <cstdint>
#include <vector>

#include "sc_model/ptx/ir.h"

namespace scwarp::ptx {

struct BasicBlock {
  uint32_t first = 0, end = 0;      // instructions [first, end)
  std::vector<uint32_t> succs;      // block indices; kExitBlock = virtual exit
};
inline constexpr uint32_t kExitBlock = 0xffffffffu;

// Blocks in instruction order. ret/exit/trap (and falling off the end) lead to
// the virtual exit; a guarded one also falls through.
std::vector<BasicBlock> build_cfg(const Function& fn);

// Immediate post-dominator block of each block: kExitBlock when it is the
// virtual exit or when the block cannot reach the exit (infinite loop).
std::vector<uint32_t> immediate_post_dominators(const std::vector<BasicBlock>& blocks);

// Sets Instr::reconv of every bra to the first instruction of its block's
// immediate post-dominator (kNoPc for the virtual exit).
void compute_reconvergence(Function& fn);

}  // namespace scwarp::ptx
