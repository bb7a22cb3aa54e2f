#include "sc_model/runtime/occupancy.h"

#include <algorithm>

namespace scwarp::runtime {
namespace {

// How many times `per_block` fits into `budget`; unlimited when a block needs none.
uint32_t fits(uint64_t budget, uint64_t per_block) {
  return per_block == 0 ? UINT32_MAX : uint32_t(std::min<uint64_t>(budget / per_block, UINT32_MAX));
}

}  // namespace

BlockFootprint block_footprint(const KernelResources& kernel, uint32_t threads_per_block,
                               uint32_t dynamic_shared_bytes) {
  BlockFootprint f;
  f.threads = threads_per_block;
  f.warps = (threads_per_block + 31) / 32;
  f.registers = uint64_t(kernel.registers) * f.warps * 32;
  f.shared_bytes = uint64_t(kernel.shared_bytes) + dynamic_shared_bytes;
  return f;
}

uint32_t resident_blocks_per_sm(const KernelResources& kernel, uint32_t threads_per_block,
                                uint32_t dynamic_shared_bytes, const SmLimits& sm) {
  BlockFootprint f = block_footprint(kernel, threads_per_block, dynamic_shared_bytes);
  return std::min({sm.blocks, fits(sm.threads, f.threads), fits(sm.warps, f.warps),
                   fits(sm.registers, f.registers), fits(sm.shared_bytes, f.shared_bytes)});
}

}  // namespace scwarp::runtime
