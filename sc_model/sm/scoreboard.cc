#include "sc_model/sm/scoreboard.h"

#include <algorithm>

namespace scwarp::sm {

namespace {
constexpr size_t kReservedEntries = 16;
}

Scoreboard::Scoreboard(uint32_t warps) : pending_(warps) {
  for (auto& p : pending_) p.reserve(kReservedEntries);
}

const Scoreboard::Entry* Scoreboard::find(uint32_t warp, uint32_t reg) const {
  for (const Entry& e : pending_[warp])
    if (e.reg == reg) return &e;
  return nullptr;
}

void Scoreboard::reserve(uint32_t warp, std::span<const uint32_t> regs, bool long_latency) {
  for (uint32_t r : regs)
    if (!find(warp, r)) pending_[warp].push_back(Entry{r, long_latency});
}

void Scoreboard::release(uint32_t warp, std::span<const uint32_t> regs) {
  auto& p = pending_[warp];
  for (uint32_t r : regs)
    std::erase_if(p, [r](const Entry& e) { return e.reg == r; });
}

bool Scoreboard::blocks(uint32_t warp, const ptx::Instr& instr) const {
  if (pending_[warp].empty()) return false;
  auto pending = [&](uint32_t r) { return find(warp, r) != nullptr; };
  return std::any_of(instr.reads.begin(), instr.reads.end(), pending) ||
         std::any_of(instr.writes.begin(), instr.writes.end(), pending);
}

bool Scoreboard::blocked_on_memory(uint32_t warp, const ptx::Instr& instr) const {
  auto long_pending = [&](uint32_t r) {
    const Entry* e = find(warp, r);
    return e && e->long_latency;
  };
  return std::any_of(instr.reads.begin(), instr.reads.end(), long_pending) ||
         std::any_of(instr.writes.begin(), instr.writes.end(), long_pending);
}

}  // namespace scwarp::sm
