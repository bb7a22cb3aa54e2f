#include "sc_model/mem/mshr_table.h"

#include <fmt/format.h>

#include "sc_model/common/error.h"

namespace scwarp::mem {

MshrTable::MshrTable(uint32_t entries, uint32_t max_merge) : max_merge_(max_merge) {
  if (entries == 0 || max_merge == 0)
    throw Error(fmt::format("MSHR table needs at least one entry and one request per entry "
                            "(got {} entries, {} merged)", entries, max_merge));
  entries_.resize(entries);
  lines_.resize(entries);
  for (Entry& e : entries_) e.requests.reserve(max_merge);
}

int MshrTable::find(uint64_t line_addr) const {
  if (in_use_ == 0) return -1;
  for (size_t i = 0; i < lines_.size(); ++i)
    if (lines_[i] == line_addr && entries_[i].valid) return int(i);
  return -1;
}

MshrOutcome MshrTable::check(uint64_t line_addr) const {
  int i = find(line_addr);
  if (i >= 0) return entries_[i].requests.size() < max_merge_ ? MshrOutcome::Merged : MshrOutcome::MergeFull;
  return in_use_ < entries_.size() ? MshrOutcome::NewEntry : MshrOutcome::TableFull;
}

MshrOutcome MshrTable::add(uint64_t line_addr, uint64_t request) {
  MshrOutcome outcome = check(line_addr);
  if (outcome == MshrOutcome::Merged) {
    entries_[find(line_addr)].requests.push_back(request);
  } else if (outcome == MshrOutcome::NewEntry) {
    for (size_t i = 0; i < entries_.size(); ++i) {  // the lowest free entry: deterministic
      Entry& e = entries_[i];
      if (e.valid) continue;
      e.valid = true;
      lines_[i] = line_addr;
      e.requests.push_back(request);
      break;
    }
    ++in_use_;
  }
  return outcome;
}

void MshrTable::release(uint64_t line_addr, std::vector<uint64_t>& out) {
  int i = find(line_addr);
  if (i < 0) throw Error(fmt::format("memory response for line 0x{:x} that no MSHR waits for", line_addr));
  Entry& e = entries_[i];
  out.insert(out.end(), e.requests.begin(), e.requests.end());
  e.requests.clear();
  e.valid = false;
  --in_use_;
}

}  // namespace scwarp::mem
