// How many thread blocks of a kernel fit on one SM at once, from ptxas's
// resource report (resources.json) and the SM's limits. The papers' GPU is a
// GTX480; sizing a workload's paper grid against it makes its TBs come in
// waves (004 Table 1 "Iters").
#pragma once

#include <cstdint>

#include "tb/workloads/workload.h"

namespace scwarp::workloads {

struct SmLimits {
  uint32_t blocks = 8;
  uint32_t threads = 1536;
  uint32_t warps = 48;
  uint32_t registers = 32768;
  uint32_t shared_bytes = 48 * 1024;
  uint32_t sms = 15;
};
inline constexpr SmLimits kGtx480{};

// 0 when one block alone exceeds a limit.
uint32_t resident_blocks_per_sm(const KernelResources& kernel, uint32_t threads_per_block,
                                uint32_t dynamic_shared_bytes, const SmLimits& sm = kGtx480);

}  // namespace scwarp::workloads
