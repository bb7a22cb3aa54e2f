#include "sc_model/mem/shared_banks.h"

#include <algorithm>
#include <array>

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
  std::array<uint64_t, kMaxWords> words;
  size_t n = 0;
  for (uint32_t lane = 0; lane < func::kWarpSize; ++lane) {
    if (!(rec.exec_mask >> lane & 1)) continue;
    uint64_t first = rec.addr[lane] / 4, last = (rec.addr[lane] + rec.mem_bytes - 1) / 4;
    for (uint64_t w = first; w <= last; ++w) words[n++] = w;
  }
  std::sort(words.begin(), words.begin() + n);
  size_t distinct = size_t(std::unique(words.begin(), words.begin() + n) - words.begin());
  std::array<uint32_t, kMaxBanks> per_bank;
  std::fill_n(per_bank.begin(), banks, 0u);
  uint32_t cycles = 0;
  for (size_t i = 0; i < distinct; ++i) cycles = std::max(cycles, ++per_bank[words[i] % banks]);
  return cycles;
}

}  // namespace scwarp::mem
