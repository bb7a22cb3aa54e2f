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

Scoreboard::Hazard Scoreboard::hazard(uint32_t warp, const ptx::Instr& instr) const {
  if (pending_[warp].empty()) return Hazard::None;
  Hazard found = Hazard::None;
  for (const std::vector<uint32_t>* regs : {&instr.reads, &instr.writes})
    for (uint32_t r : *regs)
      if (const Entry* e = find(warp, r)) {
        if (e->long_latency) return Hazard::Memory;
        found = Hazard::Pending;
      }
  return found;
}

}  // namespace scwarp::sm
