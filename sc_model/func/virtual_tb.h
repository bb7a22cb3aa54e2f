// The index hardware of virtual thread blocks and warps (VTW, seed 004 Sec.
// 4.2): per virtual TB, the logical TB index its warps take next and who has
// taken it. A transformed kernel's warps loop over logical TBs; nexttbid
// moves a warp into its next iteration, nexttid gives it its thread index.
// The GPU-wide counter that hands out logical TB indices is not here: the
// functional runner counts itself, the timing model asks gpu/'s counter, and
// both feed Engine::grant_tb_index().
#pragma once

#include <cstdint>
#include <vector>

#include "sc_model/ptx/ir.h"

namespace scwarp::func {

struct VirtualTb {
  // The iteration whose logical TB index has been granted (0: none yet) and
  // that index; warps enter it one by one, `entered` so far.
  uint32_t granted_iteration = 0;
  uint64_t granted_index = 0;
  uint32_t entered = 0;
  // SlowestLane: the logical warp slots of the iteration that ended, least
  // progress in it first (ties: lower warp id), taken in entry order.
  std::vector<uint32_t> slowest_first;
};

// The kernel's own body executes nexttbid (its warps are virtual warps).
bool kernel_uses_virtual_tbs(const ptx::Function& kernel);

}  // namespace scwarp::func
