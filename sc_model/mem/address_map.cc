#include "sc_model/mem/address_map.h"

#include <string>

#include "sc_model/common/error.h"

namespace scwarp::mem {

namespace {
constexpr uint64_t kLineBytes = 128;                                   // bank bit 7 splits a chunk
constexpr uint64_t kColumnsAbove = AddressMap::kRowBytes / kLineBytes;  // 16 column groups per row
}  // namespace

AddressMap::AddressMap(const config::GpuConfig& cfg)
    : channels_(cfg.mem_channels), banks_(cfg.dram.banks), sub_partitions_(cfg.sub_partitions_per_channel) {
  if (channels_ == 0) throw Error("memory address map: -gpgpu_n_mem must be at least 1");
  if (banks_ < 2 || banks_ % 2 != 0)
    throw Error("memory address map: DRAM bank count (nbk=" + std::to_string(banks_) + ") must be even and at least 2");
  if (sub_partitions_ == 0 || banks_ % sub_partitions_ != 0)
    throw Error("memory address map: -gpgpu_n_sub_partition_per_mchannel (" + std::to_string(sub_partitions_) +
                ") must divide the DRAM bank count (" + std::to_string(banks_) + ")");
}

// Within a channel, a local address is laid out as
//   row | bank_high | column_high (4 bits) | bank bit 0 (bit 7) | column_low (7 bits)
// so the 16 chunks a channel receives in a row of the interleave share one
// DRAM row of each of two banks.
DramLocation AddressMap::locate(uint64_t addr) const {
  uint64_t chunk = addr / kChunkBytes;
  DramLocation loc;
  loc.channel = uint32_t(chunk % channels_);
  uint64_t local = (chunk / channels_) * kChunkBytes + addr % kChunkBytes;
  uint64_t column_low = local % kLineBytes;
  uint64_t bank_low = (local / kLineBytes) % 2;
  uint64_t above_chunk = local / kChunkBytes;
  uint64_t column_high = above_chunk % kColumnsAbove;
  uint64_t above_row = above_chunk / kColumnsAbove;
  uint64_t bank_pairs = banks_ / 2;
  loc.bank = uint32_t((above_row % bank_pairs) * 2 + bank_low);
  loc.row = uint32_t(above_row / bank_pairs);
  loc.column = uint32_t(column_high * kLineBytes + column_low);
  loc.slice = loc.channel * sub_partitions_ + loc.bank % sub_partitions_;
  return loc;
}

}  // namespace scwarp::mem
