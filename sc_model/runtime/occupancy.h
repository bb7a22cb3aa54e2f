// How much of an SM one thread block takes, and how many fit at once. The
// timing model's TB dispatcher places blocks by these footprints; workloads
// size their paper grids with resident_blocks_per_sm so TBs come in waves
// (004 Table 1 "Iters").
#pragma once

#include <cstdint>

namespace scwarp::runtime {

// What ptxas reports for a kernel: PTX alone does not say how many registers
// a thread gets, and the occupancy of every SM depends on it.
struct KernelResources {
  uint32_t registers = 0;     // per thread
  uint32_t shared_bytes = 0;  // static shared per block
  uint32_t local_bytes = 0;   // stack frame per thread
};

struct SmLimits {
  uint32_t blocks = 8;
  uint32_t threads = 1536;
  uint32_t warps = 48;
  uint32_t registers = 32768;
  uint32_t shared_bytes = 48 * 1024;
  uint32_t sms = 15;
};
inline constexpr SmLimits kGtx480{};

// One block's share of an SM. Registers are allocated per whole warp, as
// GPGPU-Sim pads a block to whole warps.
struct BlockFootprint {
  uint32_t threads = 0;
  uint32_t warps = 0;
  uint64_t registers = 0;
  uint64_t shared_bytes = 0;
};
BlockFootprint block_footprint(const KernelResources& kernel, uint32_t threads_per_block,
                               uint32_t dynamic_shared_bytes);

// 0 when one block alone exceeds a limit.
uint32_t resident_blocks_per_sm(const KernelResources& kernel, uint32_t threads_per_block,
                                uint32_t dynamic_shared_bytes, const SmLimits& sm = kGtx480);

}  // namespace scwarp::runtime
