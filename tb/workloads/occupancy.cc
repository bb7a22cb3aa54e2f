#include "tb/workloads/occupancy.h"

#include <algorithm>

namespace scwarp::workloads {
namespace {

// How many times `per_block` fits into `budget`; unlimited when a block needs none.
uint32_t fits(uint64_t budget, uint64_t per_block) {
  return per_block == 0 ? UINT32_MAX : uint32_t(std::min<uint64_t>(budget / per_block, UINT32_MAX));
}

}  // namespace

uint32_t resident_blocks_per_sm(const KernelResources& kernel, uint32_t threads_per_block,
                                uint32_t dynamic_shared_bytes, const SmLimits& sm) {
  const uint32_t warps = (threads_per_block + 31) / 32;
  return std::min({sm.blocks, fits(sm.threads, threads_per_block), fits(sm.warps, warps),
                   fits(sm.registers, uint64_t(kernel.registers) * threads_per_block),
                   fits(sm.shared_bytes, uint64_t(kernel.shared_bytes) + dynamic_shared_bytes)});
}

}  // namespace scwarp::workloads
