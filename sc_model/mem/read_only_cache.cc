#include "sc_model/mem/read_only_cache.h"

#include <fmt/format.h>

#include "sc_model/common/error.h"

namespace scwarp::mem {

namespace {

const config::CacheGeometry& read_only(const config::CacheGeometry& g, std::string_view option) {
  if (g.write_policy != 'R')
    throw Error(fmt::format("-{}: write policy '{}'; this cache is read-only ('R')", option, g.write_policy));
  return g;
}

bool texture_fifo(const config::CacheGeometry& g) { return g.mshr_kind == 'F' || g.mshr_kind == 'T'; }

// The MSHR bounds of the header's comment, by MSHR kind.
uint32_t lines_in_flight(const config::CacheGeometry& g) { return texture_fifo(g) ? g.miss_queue : g.mshr_entries; }
uint32_t waiters_per_line(const config::CacheGeometry& g) { return texture_fifo(g) ? g.mshr_entries : g.mshr_max_merge; }
uint32_t unsent_misses(const config::CacheGeometry& g) { return texture_fifo(g) ? g.mshr_max_merge : g.mshr_entries; }

}  // namespace

ReadOnlyCache::ReadOnlyCache(const config::CacheGeometry& geometry, std::string_view option, AccessKind kind)
    : tags_(read_only(geometry, option)),
      mshr_(lines_in_flight(geometry), waiters_per_line(geometry)),
      kind_(kind),
      unsent_limit_(unsent_misses(geometry)) {
  released_.reserve(waiters_per_line(geometry));
}

ReadOnlyCache::Outcome ReadOnlyCache::access(uint64_t addr, uint64_t waiter) {
  const uint64_t line = tags_.line_of(addr);
  ++counters_.accesses;
  if (tags_.access(line, false)) {
    ++counters_.hits;
    return Outcome::Hit;
  }
  const bool port_full = unsent_.size() >= unsent_limit_ && mshr_.check(line) == MshrOutcome::NewEntry;
  const MshrOutcome outcome = port_full ? MshrOutcome::TableFull : mshr_.add(line, waiter);
  if (!accepted(outcome)) {
    ++counters_.reservation_fails;
    return Outcome::Refused;
  }
  if (outcome == MshrOutcome::Merged) {
    ++counters_.mshr_merges;
    return Outcome::Merged;
  }
  ++counters_.misses;
  uint32_t token = uint32_t(lines_.size());
  if (free_tokens_.empty()) {
    lines_.push_back(line);
  } else {
    token = free_tokens_.back();
    free_tokens_.pop_back();
    lines_[token] = line;
  }
  unsent_.push_back(token);
  return Outcome::Miss;
}

void ReadOnlyCache::send(LineReadIf& below) {
  if (!unsent_.empty() && below.try_read_line(lines_[unsent_.front()], tags_.line_bytes(), kind_, unsent_.front()))
    unsent_.pop_front();
}

const std::vector<uint64_t>& ReadOnlyCache::fill(uint32_t token) {
  if (token >= lines_.size()) throw Error(fmt::format("read-only cache: line read {} arrived, never sent", token));
  const uint64_t line = lines_[token];
  free_tokens_.push_back(token);
  tags_.fill(line, false);
  released_.clear();
  mshr_.release(line, released_);
  return released_;
}

}  // namespace scwarp::mem
