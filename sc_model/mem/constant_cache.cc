#include "sc_model/mem/constant_cache.h"

#include <algorithm>

#include <fmt/format.h>

#include "sc_model/common/clocked_module.h"
#include "sc_model/common/error.h"

namespace scwarp::mem {

namespace {

const config::CacheGeometry& checked(const config::CacheGeometry& g, uint32_t sm_id) {
  if (g.write_policy != 'R')
    throw Error(fmt::format("constant cache of SM {}: -gpgpu_const_cache:l1 must be read-only (write policy 'R')",
                            sm_id));
  return g;
}

}  // namespace

ConstantCache::ConstantCache(sc_core::sc_module_name name, const config::GpuConfig& cfg, uint32_t sm_id)
    : sc_core::sc_module(name),
      up("up"),
      below("below"),
      cfg_(cfg),
      tags_(checked(cfg.const_cache, sm_id)),
      mshr_(cfg.const_cache.mshr_entries, cfg.const_cache.mshr_max_merge) {
  released_.reserve(cfg.const_cache.mshr_max_merge);
}

bool ConstantCache::try_access(const MemAccess& a, uint64_t cycle) {
  uint64_t line = tags_.line_of(a.line_addr);
  ++counters_.accesses;
  if (tags_.access(line, false)) {
    ++counters_.hits;
    hits_.push(a.token, cycle + std::max(1u, cfg_.const_latency));
    return true;
  }
  MshrOutcome outcome = mshr_.add(line, a.token);
  if (!accepted(outcome)) {
    ++counters_.reservation_fails;
    return false;
  }
  if (outcome == MshrOutcome::Merged) {
    ++counters_.mshr_merges;
    return true;
  }
  ++counters_.misses;
  uint32_t token = uint32_t(lines_.size());
  if (!free_tokens_.empty()) {
    token = free_tokens_.back();
    free_tokens_.pop_back();
    lines_[token] = line;
  } else {
    lines_.push_back(line);
  }
  unsent_.push_back(token);
  return true;
}

void ConstantCache::access_done(uint32_t token, uint64_t cycle) {
  if (token >= lines_.size()) throw Error("constant cache: a line arrived that was never read");
  uint64_t line = lines_[token];
  free_tokens_.push_back(token);
  tags_.fill(line, false);
  released_.clear();
  mshr_.release(line, released_);
  for (uint64_t waiter : released_) up->access_done(uint32_t(waiter), cycle);
}

void ConstantCache::tick(uint64_t cycle) {
  last_tick_ = cycle;
  while (hits_.ready(cycle)) up->access_done(hits_.pop(), cycle);
  if (!unsent_.empty() &&
      below->try_read_line(lines_[unsent_.front()], tags_.line_bytes(), AccessKind::Constant, unsent_.front()))
    unsent_.pop_front();
}

uint64_t ConstantCache::next_event() const {
  uint64_t next = ClockedModule::kIdle;
  if (!hits_.empty()) next = hits_.next_ready();
  if (!unsent_.empty()) next = std::min(next, last_tick_ + 1);
  return next;
}

bool ConstantCache::busy() const { return !hits_.empty() || !unsent_.empty() || !mshr_.empty(); }

}  // namespace scwarp::mem
