#include "sc_model/mem/read_only_l1.h"

#include <algorithm>

#include "sc_model/common/clocked_module.h"

namespace scwarp::mem {

ReadOnlyL1::ReadOnlyL1(sc_core::sc_module_name name, const config::CacheGeometry& geometry,
                       std::string_view option, uint32_t latency, AccessKind kind, bool& has_work)
    : sc_core::sc_module(name),
      up("up"),
      below("below"),
      cache_(geometry, option, kind),
      latency_(std::max(1u, latency)),
      has_work_(has_work) {}

bool ReadOnlyL1::try_access(const MemAccess& a, uint64_t cycle) {
  has_work_ = true;
  last_tick_ = cycle;
  switch (cache_.access(a.line_addr, a.token)) {
    case ReadOnlyCache::Outcome::Hit: hits_.push(a.token, cycle + latency_); return true;
    case ReadOnlyCache::Outcome::Refused: return false;
    case ReadOnlyCache::Outcome::Miss:
    case ReadOnlyCache::Outcome::Merged: return true;
  }
  return false;
}

void ReadOnlyL1::access_done(uint32_t token, uint64_t cycle) {
  for (uint64_t waiter : cache_.fill(token)) up->access_done(uint32_t(waiter), cycle);
}

bool ReadOnlyL1::tick(uint64_t cycle) {
  last_tick_ = cycle;
  while (hits_.ready(cycle)) up->access_done(hits_.pop(), cycle);
  if (cache_.unsent()) cache_.send(*below[0]);  // the port's lookup costs more than the check
  return !hits_.empty() || cache_.unsent();
}

uint64_t ReadOnlyL1::next_event() const {
  uint64_t next = ClockedModule::kIdle;
  if (!hits_.empty()) next = hits_.next_ready();
  if (cache_.unsent()) next = std::min(next, last_tick_ + 1);
  return next;
}

bool ReadOnlyL1::busy() const { return !hits_.empty() || cache_.unsent() || cache_.pending(); }

}  // namespace scwarp::mem
