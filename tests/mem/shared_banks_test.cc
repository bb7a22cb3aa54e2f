#include "sc_model/mem/shared_banks.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

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

// The definition, counted the slow way: the most distinct words any one bank
// serves.
uint32_t distinct_words_per_bank(const func::ExecRecord& rec, uint32_t banks) {
  std::map<uint64_t, std::set<uint64_t>> words;
  for (uint32_t l = 0; l < 32; ++l)
    if (rec.exec_mask >> l & 1)
      for (uint64_t w = rec.addr[l] / 4; w <= (rec.addr[l] + rec.mem_bytes - 1) / 4; ++w)
        words[w % banks].insert(w);
  size_t most = 0;
  for (const auto& [bank, in_bank] : words) most = std::max(most, in_bank.size());
  return uint32_t(most);
}

// The per-bank chains agree with the definition on random accesses, few-word
// ones (many broadcasts and conflicts), aligned unit strides and misaligned
// ones (a lane spanning words) among them, up to 256 banks.
TEST(SharedBanks, MatchesTheDefinitionOnRandomAccesses) {
  std::mt19937_64 rng(7);
  const uint32_t bank_counts[] = {1, 16, 24, 32, 64, 65, 128, 256};
  const uint32_t sizes[] = {1, 2, 4, 8, 16};
  for (int round = 0; round < 4000; ++round) {
    const uint32_t banks = bank_counts[rng() % std::size(bank_counts)];
    const uint32_t bytes = sizes[rng() % std::size(sizes)];
    func::ExecRecord rec = shared_access(uint32_t(rng()) | (round % 2 ? ~0u : 0u), 0, 0, bytes);
    const uint64_t spread = 1ull << (rng() % 12);
    for (uint32_t l = 0; l < 32; ++l)
      rec.addr[l] = (round % 3 == 0 ? l * bytes : (rng() % spread) * bytes) + (round % 5 == 0 ? rng() % 4 : 0);
    ASSERT_EQ(shared_bank_cycles(rec, banks), distinct_words_per_bank(rec, banks))
        << "round " << round << ", " << banks << " banks, " << bytes << " bytes";
  }
}

TEST(SharedBanks, RefusesBadBankCount) {
  EXPECT_THROW(shared_bank_cycles(shared_access(~0u, 0, 4, 4), 0), Error);
  EXPECT_THROW(shared_bank_cycles(shared_access(~0u, 0, 4, 4), 1024), Error);
}

}  // namespace
}  // namespace scwarp::mem
