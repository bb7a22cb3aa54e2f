#include "sc_model/mem/cache_tags.h"

#include <string>

#include <fmt/format.h>

#include "sc_model/common/error.h"

namespace scwarp::mem {

namespace {
bool power_of_two(uint32_t v) { return v != 0 && (v & (v - 1)) == 0; }
}  // namespace

CacheTags::CacheTags(const config::CacheGeometry& g)
    : sets_(g.sets), ways_(g.ways), line_bytes_(g.line_bytes), lru_(g.replacement == 'L') {
  if (g.sets == 0 || g.ways == 0)
    throw Error("cache geometry: sets and ways must be at least 1 (got " + std::to_string(g.sets) +
                " sets, " + std::to_string(g.ways) + " ways)");
  if (!power_of_two(g.line_bytes))
    throw Error("cache geometry: line size " + std::to_string(g.line_bytes) +
                " is not a power of two");
  if (g.replacement != 'L' && g.replacement != 'F')
    throw Error(std::string("cache geometry: replacement policy '") + g.replacement +
                "' is not L (LRU) or F (FIFO)");
  ways_table_.resize(size_t(sets_) * ways_);
}

uint32_t CacheTags::set_of(uint64_t line_addr) const {
  return uint32_t((line_addr / line_bytes_) % sets_);
}

const CacheTags::Way* CacheTags::find(uint64_t line_addr) const {
  const Way* set = &ways_table_[size_t(set_of(line_addr)) * ways_];
  for (uint32_t w = 0; w < ways_; ++w)
    if (set[w].state != LineState::Invalid && set[w].line_addr == line_addr) return &set[w];
  return nullptr;
}

CacheTags::Way* CacheTags::find(uint64_t line_addr) {
  return const_cast<Way*>(static_cast<const CacheTags*>(this)->find(line_addr));
}

CacheTags::Way* CacheTags::victim(uint64_t line_addr) {
  return const_cast<Way*>(static_cast<const CacheTags*>(this)->victim(line_addr));
}

const CacheTags::Way* CacheTags::victim(uint64_t line_addr) const {
  const Way* set = &ways_table_[size_t(set_of(line_addr)) * ways_];
  const Way* best = nullptr;
  for (uint32_t w = 0; w < ways_; ++w) {
    if (set[w].state == LineState::Invalid) return &set[w];
    if (set[w].state == LineState::Valid && (!best || set[w].stamp < best->stamp)) best = &set[w];
  }
  return best;
}

LineState CacheTags::probe(uint64_t addr) const {
  const Way* way = find(line_of(addr));
  return way ? way->state : LineState::Invalid;
}

bool CacheTags::dirty(uint64_t addr) const {
  const Way* way = find(line_of(addr));
  return way && way->dirty;
}

bool CacheTags::access(uint64_t addr, bool write) {
  Way* way = find(line_of(addr));
  if (!way || way->state != LineState::Valid) return false;
  if (lru_) way->stamp = ++clock_;
  way->dirty = way->dirty || write;
  return true;
}

bool CacheTags::can_allocate(uint64_t addr) const {
  uint64_t line = line_of(addr);
  if (find(line)) return true;
  const Way* set = &ways_table_[size_t(set_of(line)) * ways_];
  for (uint32_t w = 0; w < ways_; ++w)
    if (set[w].state != LineState::Reserved) return true;
  return false;
}

Eviction CacheTags::allocate(uint64_t addr, LineState state, bool dirty) {
  uint64_t line = line_of(addr);
  if (Way* present = find(line)) {
    present->state = state;
    present->dirty = present->dirty || dirty;
    if (lru_) present->stamp = ++clock_;
    return {};
  }
  Way* way = victim(line);
  if (!way)
    throw Error(fmt::format("cache allocation of line 0x{:x} with every way of its set "
                            "reserved (caller must check can_allocate)", line));
  Eviction out;
  if (way->state == LineState::Valid) out = {true, way->line_addr, way->dirty};
  *way = Way{line, ++clock_, state, dirty};
  return out;
}

Eviction CacheTags::would_evict(uint64_t addr) const {
  uint64_t line = line_of(addr);
  if (find(line)) return {};
  const Way* way = victim(line);
  if (!way || way->state != LineState::Valid) return {};
  return {true, way->line_addr, way->dirty};
}

Eviction CacheTags::fill(uint64_t addr, bool dirty) {
  Way* way = find(line_of(addr));
  if (way && way->state == LineState::Reserved) {
    way->state = LineState::Valid;
    way->dirty = way->dirty || dirty;
    return {};
  }
  return allocate(addr, LineState::Valid, dirty);
}

Eviction CacheTags::invalidate(uint64_t addr) {
  Way* way = find(line_of(addr));
  if (!way || way->state != LineState::Valid) return {};
  Eviction out{true, way->line_addr, way->dirty};
  *way = Way{};
  return out;
}

}  // namespace scwarp::mem
