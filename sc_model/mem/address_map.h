// Where a device address lives below the L1s: which L2 slice (memory
// sub-partition) caches it, and which DRAM channel, bank, row and column
// hold it. Modelled on GPGPU-Sim's GTX480 mapping
// (-gpgpu_mem_addr_mapping dramid@8;...RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS):
// 256-byte chunks are interleaved across channels; inside a channel, bit 7
// and the bits above a 2 KB row's column bits pick the bank, rows lie above
// the banks. The sub-partition is the low bits of the bank (GPGPU-Sim:
// bank & (n_sub - 1)), so the two 128-byte lines of a chunk go to the two
// L2 slices of their channel. docs/memory-system.md draws the bit layout.
#pragma once

#include <cstdint>

#include "sc_model/config/gpu_config.h"

namespace scwarp::mem {

struct DramLocation {
  uint32_t slice = 0;    // L2 slice, in [0, cfg.l2_slices())
  uint32_t channel = 0;  // slice / sub_partitions_per_channel
  uint32_t bank = 0;
  uint32_t row = 0;
  uint32_t column = 0;   // byte offset inside the bank's row
};

class AddressMap {
 public:
  static constexpr uint64_t kChunkBytes = 256;  // channel interleave (dramid@8)
  static constexpr uint64_t kRowBytes = 2048;   // per bank and channel

  // Throws scwarp::Error when the shape cannot be mapped: zero channels, an
  // odd bank count, or sub-partitions that do not divide the banks.
  explicit AddressMap(const config::GpuConfig& cfg);

  DramLocation locate(uint64_t addr) const;
  uint32_t slice_of(uint64_t addr) const { return locate(addr).slice; }
  uint32_t sub_partitions_per_channel() const { return sub_partitions_; }

 private:
  uint32_t channels_, banks_, sub_partitions_;
};

}  // namespace scwarp::mem
