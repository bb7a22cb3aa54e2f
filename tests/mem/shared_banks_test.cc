#include "sc_model/mem/shared_banks.h"

#include <gtest/gtest.h>

#include "sc_model/common/error.h"

namespace scwarp::mem {
namespace {

func::ExecRecord shared_access(uint32_t mask, uint64_t base, uint64_t stride, uint32_t bytes) {
  func::ExecRecord rec;
  rec.exec_mask = mask;
  rec.mem_space = ptx::Space::Shared;
  rec.mem_bytes = bytes;
  for (uint32_t l = 0; l < 32; ++l) rec.addr[l] = base + l * stride;
  return rec;
}

TEST(SharedBanks, UnitStrideHasNoConflict) {
  EXPECT_EQ(shared_bank_cycles(shared_access(~0u, 0, 4, 4), 32), 1u);
}

TEST(SharedBanks, StrideTwoWordsIsTwoWayConflict) {
  EXPECT_EQ(shared_bank_cycles(shared_access(~0u, 0, 8, 4), 32), 2u);
}

TEST(SharedBanks, StrideOfBankCountIsFullySerialised) {
  EXPECT_EQ(shared_bank_cycles(shared_access(~0u, 0, 128, 4), 32), 32u);
  EXPECT_EQ(shared_bank_cycles(shared_access(~0u, 0, 128, 4), 16), 32u);
}

TEST(SharedBanks, SameWordIsBroadcast) {
  EXPECT_EQ(shared_bank_cycles(shared_access(~0u, 64, 0, 4), 32), 1u);
  // Bytes of one word read by different lanes are one word too.
  EXPECT_EQ(shared_bank_cycles(shared_access(0xfu, 64, 1, 1), 32), 1u);
}

TEST(SharedBanks, WideAccessesTouchConsecutiveWords) {
  // 32 lanes x 8 bytes = 64 words over 32 banks: 2 each.
  EXPECT_EQ(shared_bank_cycles(shared_access(~0u, 0, 8, 8), 32), 2u);
  // 16 bytes per lane: 128 words, 4 per bank.
  EXPECT_EQ(shared_bank_cycles(shared_access(~0u, 0, 16, 16), 32), 4u);
  // Half a warp of 8-byte accesses: 32 words, conflict-free.
  EXPECT_EQ(shared_bank_cycles(shared_access(0xffffu, 0, 8, 8), 32), 1u);
}

TEST(SharedBanks, OnlyExecutedLanesCount) {
  EXPECT_EQ(shared_bank_cycles(shared_access(0, 0, 128, 4), 32), 0u);
  EXPECT_EQ(shared_bank_cycles(shared_access(0x5u, 0, 128, 4), 32), 2u);  // lanes 0 and 2
}

TEST(SharedBanks, RefusesBadBankCount) {
  EXPECT_THROW(shared_bank_cycles(shared_access(~0u, 0, 4, 4), 0), Error);
  EXPECT_THROW(shared_bank_cycles(shared_access(~0u, 0, 4, 4), 1024), Error);
}

}  // namespace
}  // namespace scwarp::mem
