#include "sc_model/mem/constant_cache.h"

#include <algorithm>

#include "sc_model/common/clocked_module.h"

namespace scwarp::mem {

ConstantCache::ConstantCache(sc_core::sc_module_name name, const config::GpuConfig& cfg)
    : sc_core::sc_module(name),
      up("up"),
      below("below"),
      cfg_(cfg),
      cache_(cfg.const_cache, "gpgpu_const_cache:l1", AccessKind::Constant) {}

bool ConstantCache::try_access(const MemAccess& a, uint64_t cycle) {
  switch (cache_.access(a.line_addr, a.token)) {
    case ReadOnlyCache::Outcome::Hit: hits_.push(a.token, cycle + std::max(1u, cfg_.const_latency)); return true;
    case ReadOnlyCache::Outcome::Refused: return false;
    case ReadOnlyCache::Outcome::Miss:
    case ReadOnlyCache::Outcome::Merged: return true;
  }
  return false;
}

void ConstantCache::access_done(uint32_t token, uint64_t cycle) {
  for (uint64_t waiter : cache_.fill(token)) up->access_done(uint32_t(waiter), cycle);
}

void ConstantCache::tick(uint64_t cycle) {
  last_tick_ = cycle;
  while (hits_.ready(cycle)) up->access_done(hits_.pop(), cycle);
  cache_.send(*below[0]);
}

uint64_t ConstantCache::next_event() const {
  uint64_t next = ClockedModule::kIdle;
  if (!hits_.empty()) next = hits_.next_ready();
  if (cache_.unsent()) next = std::min(next, last_tick_ + 1);
  return next;
}

bool ConstantCache::busy() const { return !hits_.empty() || cache_.unsent() || cache_.pending(); }

}  // namespace scwarp::mem
