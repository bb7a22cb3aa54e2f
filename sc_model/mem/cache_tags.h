// The tag array of a set-associative cache (GPGPU-Sim's tag_array): which
// lines are present, which are reserved for a miss in flight (allocate on
// miss), which are dirty, and which way a new line replaces (LRU or FIFO).
// Pure bookkeeping, no timing: the L1 data cache and the L2 slices own one.
#pragma once

#include <cstdint>
#include <vector>

#include "sc_model/config/gpu_config.h"

namespace scwarp::mem {

enum class LineState : uint8_t {
  Invalid,   // not present
  Reserved,  // allocated for a miss whose data has not arrived yet
  Valid,
};

// The line a new allocation pushed out. A dirty victim must be written back.
struct Eviction {
  bool evicted = false;
  uint64_t line_addr = 0;
  bool dirty = false;
};

class CacheTags {
 public:
  // Throws scwarp::Error when the geometry is unusable (zero sets or ways,
  // line size not a power of two, unknown replacement policy).
  explicit CacheTags(const config::CacheGeometry& geometry);

  uint32_t line_bytes() const { return line_bytes_; }
  uint64_t line_of(uint64_t addr) const { return addr & ~uint64_t(line_bytes_ - 1); }

  // The state of `addr`'s line, without touching the replacement order.
  LineState probe(uint64_t addr) const;
  bool dirty(uint64_t addr) const;

  // A use of a Valid line: refreshes its LRU position and, for a write,
  // marks it dirty. Returns false (and changes nothing) if the line is not Valid.
  bool access(uint64_t addr, bool write);

  // True when `addr`'s set has a way that is not Reserved (or the line is
  // already present), i.e. allocate() can succeed.
  bool can_allocate(uint64_t addr) const;
  // Places `addr`'s line in its set, Reserved (waiting for its fill) or Valid
  // (with `dirty`), replacing an invalid way first, else the LRU / oldest
  // (FIFO) non-reserved way. Returns that way's previous line. If the line is
  // already present it is only updated (no eviction). Throws scwarp::Error
  // when every way of the set is Reserved: check can_allocate() first.
  Eviction allocate(uint64_t addr, LineState state, bool dirty);
  // What allocate(addr, ...) would evict, without changing anything (a
  // caller that must write a dirty victim back checks it has room first).
  Eviction would_evict(uint64_t addr) const;
  // The data of a line arrived: a Reserved line becomes Valid; a line not
  // present is allocated Valid (allocate on fill). `dirty` for write-allocated data.
  Eviction fill(uint64_t addr, bool dirty);
  // Drops a Valid line (a Reserved one stays: its fill is on its way).
  // Returns the dropped line so a dirty one can be written back.
  Eviction invalidate(uint64_t addr);

 private:
  struct Way {
    uint64_t line_addr = 0;
    uint64_t stamp = 0;  // last use (LRU) or allocation (FIFO), from `clock_`
    LineState state = LineState::Invalid;
    bool dirty = false;
  };
  uint32_t set_of(uint64_t line_addr) const;
  // The way holding `line_addr` (any state but Invalid), or nullptr.
  Way* find(uint64_t line_addr);
  const Way* find(uint64_t line_addr) const;
  // The way a new line of `line_addr`'s set replaces, or nullptr if all are Reserved.
  Way* victim(uint64_t line_addr);
  const Way* victim(uint64_t line_addr) const;

  uint32_t sets_, ways_, line_bytes_;
  bool lru_;
  uint64_t clock_ = 0;  // counts uses and allocations: deterministic recency order
  std::vector<Way> ways_table_;
};

}  // namespace scwarp::mem
