// Miss status holding registers (GPGPU-Sim's mshr_table): one entry per line
// with a miss in flight, holding the requests waiting for that line. A miss
// to a line already in flight merges into its entry (no second request
// below) up to a merge limit. Pure bookkeeping, used by the L1 data cache
// and the L2 slices. Requests are the owner's own ids (e.g. an index into
// its table of waiting accesses).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "sc_model/common/bit_set.h"

namespace scwarp::mem {

enum class MshrOutcome : uint8_t {
  NewEntry,    // first miss to the line: the owner sends one request below
  Merged,      // joined the line's entry: nothing goes below
  TableFull,   // no entry free for a new line: refused (reservation failure)
  MergeFull,   // the line's entry already holds max_merge requests: refused
};

inline bool accepted(MshrOutcome o) { return o == MshrOutcome::NewEntry || o == MshrOutcome::Merged; }

class MshrTable {
 public:
  // Throws scwarp::Error when entries or max_merge is 0.
  MshrTable(uint32_t entries, uint32_t max_merge);

  // Records `request` as waiting for `line_addr`; refuses (changing nothing)
  // when the table or the line's entry is full.
  MshrOutcome add(uint64_t line_addr, uint64_t request);
  // What add() would return, without adding.
  MshrOutcome check(uint64_t line_addr) const;
  bool pending(uint64_t line_addr) const { return find(line_addr) >= 0; }

  // The line's data arrived: appends its waiting requests to `out` in the
  // order they were added and frees the entry. Throws scwarp::Error if no
  // entry waits for the line (a response nobody asked for).
  void release(uint64_t line_addr, std::vector<uint64_t>& out);

  uint32_t in_use() const { return in_use_; }
  bool empty() const { return in_use_ == 0; }

 private:
  struct Entry {
    std::vector<uint64_t> requests;  // capacity max_merge, kept across uses
  };
  int find(uint64_t line_addr) const;  // index of the line's entry, -1 if none

  // The index from line to entry: open addressing with linear probing in a
  // power-of-two table at most half full, so a lookup probes about one slot
  // where a scan of the entries read all 256 of an L2 slice's.
  static constexpr uint32_t kNoEntry = ~0u;
  struct Slot {
    uint64_t line = 0;
    uint32_t entry = kNoEntry;  // kNoEntry: the slot is empty
  };
  size_t home_slot(uint64_t line_addr) const;
  size_t slot_of(uint64_t line_addr) const;  // its slot, or the empty one where it would go
  void erase_slot(size_t slot);
  MshrOutcome outcome(const Slot& s) const;  // what add() does for a line found at s

  uint32_t max_merge_;
  uint32_t in_use_ = 0;
  std::vector<Entry> entries_;
  std::vector<Slot> slots_;
  unsigned slot_bits_;
  BitSet free_;  // the free entries
};

}  // namespace scwarp::mem
