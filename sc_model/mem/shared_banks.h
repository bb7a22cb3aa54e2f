// Shared-memory bank conflicts (Fermi): shared memory is `banks` banks of
// 4-byte words, word w in bank w % banks. One bank serves one word per
// cycle; lanes reading the same word share it (broadcast). A warp's access
// takes as many cycles as the busiest bank has distinct words to serve.
#pragma once

#include <cstdint>

#include "sc_model/func/engine.h"

namespace scwarp::mem {

// Cycles the shared memory is busy with `rec`'s lanes (exec_mask): the
// maximum over banks of the distinct words of that bank the lanes touch; an
// 8- or 16-byte access touches 2 or 4 consecutive words. 0 when no lane
// executed. Throws scwarp::Error when `banks` is not in [1, 256] or a lane
// accesses more than 32 bytes.
uint32_t shared_bank_cycles(const func::ExecRecord& rec, uint32_t banks);

}  // namespace scwarp::mem
