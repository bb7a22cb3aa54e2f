// The address map spreads consecutive lines over channels and slices and
// keeps a channel's consecutive chunks in one DRAM row (row-buffer hits).
#include "sc_model/mem/address_map.h"

#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "sc_model/common/error.h"

namespace scwarp::mem {
namespace {

TEST(AddressMap, ConsecutiveChunksRotateOverChannelsAndLinesOverSubPartitions) {
  config::GpuConfig cfg;  // 6 channels x 2 sub-partitions, 16 banks
  AddressMap map(cfg);
  for (uint64_t line = 0; line < 48; ++line) {
    DramLocation loc = map.locate(line * 128);
    EXPECT_EQ(loc.channel, (line / 2) % 6) << "line " << line;
    EXPECT_EQ(loc.slice, loc.channel * 2 + line % 2) << "line " << line;
    EXPECT_EQ(loc.slice / cfg.sub_partitions_per_channel, loc.channel);
  }
}

TEST(AddressMap, EveryLineOfAStreamLandsOnAValidSliceAndAllSlicesAreUsed) {
  config::GpuConfig cfg;
  AddressMap map(cfg);
  std::vector<uint32_t> per_slice(cfg.l2_slices(), 0);
  for (uint64_t line = 0; line < 1200; ++line) {
    uint32_t slice = map.slice_of(line * 128);
    ASSERT_LT(slice, cfg.l2_slices());
    ++per_slice[slice];
  }
  for (uint32_t n : per_slice) EXPECT_EQ(n, 100u);  // 1200 lines over 12 slices, evenly
}

TEST(AddressMap, AChannelsStreamStaysInOneRowPerBankFor2KB) {
  config::GpuConfig cfg;
  cfg.mem_channels = 1;
  cfg.sub_partitions_per_channel = 1;
  AddressMap map(cfg);
  std::set<std::pair<uint32_t, uint32_t>> bank_rows;
  for (uint64_t line = 0; line < 32; ++line) {  // 4 KB: two 2 KB rows in banks 0 and 1
    DramLocation loc = map.locate(line * 128);
    EXPECT_EQ(loc.bank, line % 2);
    EXPECT_EQ(loc.row, 0u);
    bank_rows.insert({loc.bank, loc.row});
  }
  EXPECT_EQ(bank_rows.size(), 2u);
  // The next 4 KB moves to the next bank pair; rows change only after all 16 banks.
  EXPECT_EQ(map.locate(4096).bank, 2u);
  EXPECT_EQ(map.locate(8 * 4096).bank, 0u);
  EXPECT_EQ(map.locate(8 * 4096).row, 1u);
}

TEST(AddressMap, DistinctAddressesHaveDistinctLocations) {
  config::GpuConfig cfg;
  AddressMap map(cfg);
  std::set<std::tuple<uint32_t, uint32_t, uint32_t, uint32_t>> seen;
  for (uint64_t addr = 0; addr < (1u << 22); addr += 32) {
    DramLocation loc = map.locate(addr);
    ASSERT_LT(loc.column, AddressMap::kRowBytes);
    ASSERT_LT(loc.bank, cfg.dram.banks);
    ASSERT_TRUE(seen.insert({loc.channel, loc.bank, loc.row, loc.column}).second) << "address " << addr;
  }
}

TEST(AddressMap, SameAddressSameLocation) {
  config::GpuConfig cfg;
  AddressMap a(cfg), b(cfg);
  for (uint64_t addr : {0ull, 128ull, 0x12345680ull, 0xfffff80ull}) {
    DramLocation x = a.locate(addr), y = b.locate(addr);
    EXPECT_EQ(x.slice, y.slice);
    EXPECT_EQ(x.bank, y.bank);
    EXPECT_EQ(x.row, y.row);
    EXPECT_EQ(x.column, y.column);
  }
}

TEST(AddressMap, RefusesShapesItCannotMap) {
  config::GpuConfig cfg;
  cfg.dram.banks = 3;
  EXPECT_THROW(AddressMap{cfg}, Error);
  cfg.dram.banks = 16;
  cfg.sub_partitions_per_channel = 3;
  EXPECT_THROW(AddressMap{cfg}, Error);
  cfg.sub_partitions_per_channel = 2;
  cfg.mem_channels = 0;
  EXPECT_THROW(AddressMap{cfg}, Error);
}

}  // namespace
}  // namespace scwarp::mem
