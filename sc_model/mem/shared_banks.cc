#include "sc_model/mem/shared_banks.h"

#include <algorithm>
#include <array>
#include <bit>

#include <fmt/format.h>

#include "sc_model/common/error.h"

namespace scwarp::mem {

namespace {
constexpr uint32_t kMaxBanks = 256;
constexpr uint32_t kMaxLaneBytes = 32;
// A lane's access of up to 32 bytes spans at most 9 words (misaligned).
constexpr size_t kMaxWords = func::kWarpSize * (kMaxLaneBytes / 4 + 1);
}  // namespace

uint32_t shared_bank_cycles(const func::ExecRecord& rec, uint32_t banks) {
  if (banks == 0 || banks > kMaxBanks)
    throw Error(fmt::format("{} shared-memory banks: must be 1 to {}", banks, kMaxBanks));
  if (rec.mem_bytes > kMaxLaneBytes)
    throw Error(fmt::format("{}-byte shared access per lane exceeds {} bytes", rec.mem_bytes, kMaxLaneBytes));
  if (rec.exec_mask == 0 || rec.mem_bytes == 0) return 0;
  // Each bank counts the distinct words it serves: a word is looked up only
  // among the earlier words of its own bank (a chain through `next`), so a
  // warp costs about one comparison per lane instead of a sort.
  constexpr uint32_t kNone = ~0u;
  std::array<uint64_t, kMaxWords> words;
  std::array<uint32_t, kMaxWords> next;
  std::array<uint32_t, kMaxBanks> head, per_bank;
  std::fill_n(head.begin(), banks, kNone);
  std::fill_n(per_bank.begin(), banks, 0u);
  const bool power_of_two = (banks & (banks - 1)) == 0;
  uint32_t n = 0, cycles = 0;
  for (uint32_t mask = rec.exec_mask; mask != 0; mask &= mask - 1) {
    const uint32_t lane = uint32_t(std::countr_zero(mask));
    const uint64_t first = rec.addr[lane] / 4, last = (rec.addr[lane] + rec.mem_bytes - 1) / 4;
    for (uint64_t w = first; w <= last; ++w) {
      const uint32_t bank = uint32_t(power_of_two ? w & (banks - 1) : w % banks);
      uint32_t i = head[bank];
      while (i != kNone && words[i] != w) i = next[i];
      if (i != kNone) continue;  // broadcast: the bank serves this word already
      words[n] = w;
      next[n] = head[bank];
      head[bank] = n++;
      cycles = std::max(cycles, ++per_bank[bank]);
    }
  }
  return cycles;
}

}  // namespace scwarp::mem
