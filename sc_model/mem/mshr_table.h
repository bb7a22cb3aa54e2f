// Miss status holding registers (GPGPU-Sim's mshr_table): one entry per line
// with a miss in flight, holding the requests waiting for that line. A miss
// to a line already in flight merges into its entry (no second request
// below) up to a merge limit. Pure bookkeeping, used by the L1 data cache
// and the L2 slices. Requests are the owner's own ids (e.g. an index into
// its table of waiting accesses).
#pragma once

#include <cstdint>
#include <vector>

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
    bool valid = false;
    std::vector<uint64_t> requests;  // capacity max_merge, kept across uses
  };
  int find(uint64_t line_addr) const;  // index of the line's entry, -1 if none

  uint32_t max_merge_;
  uint32_t in_use_ = 0;
  std::vector<Entry> entries_;
  // Entry i's line (stale while it is free): find() scans these packed
  // addresses, several per cache line, and reads valid only on a match.
  std::vector<uint64_t> lines_;
};

}  // namespace scwarp::mem
