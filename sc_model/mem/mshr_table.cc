#include "sc_model/mem/mshr_table.h"

#include <fmt/format.h>

#include <bit>

#include "sc_model/common/error.h"

namespace scwarp::mem {

MshrTable::MshrTable(uint32_t entries, uint32_t max_merge) : max_merge_(max_merge), free_(entries) {
  if (entries == 0 || max_merge == 0)
    throw Error(fmt::format("MSHR table needs at least one entry and one request per entry "
                            "(got {} entries, {} merged)", entries, max_merge));
  entries_.resize(entries);
  for (Entry& e : entries_) e.requests.reserve(max_merge);
  slot_bits_ = unsigned(std::bit_width(uint64_t(entries) * 2 - 1));
  slots_.resize(size_t(1) << slot_bits_);
  for (uint32_t i = 0; i < entries; ++i) free_.insert(i);
}

size_t MshrTable::home_slot(uint64_t line_addr) const {
  // Fibonacci hashing: the top bits of the product spread nearby lines.
  return size_t((line_addr * 0x9e3779b97f4a7c15ull) >> (64 - slot_bits_)) & (slots_.size() - 1);
}

size_t MshrTable::slot_of(uint64_t line_addr) const {
  size_t i = home_slot(line_addr);
  while (slots_[i].entry != kNoEntry && slots_[i].line != line_addr) i = (i + 1) & (slots_.size() - 1);
  return i;
}

// Empties `slot` and moves back later slots of its probe run whose home is
// not after the hole, so every line stays reachable from its home slot.
void MshrTable::erase_slot(size_t slot) {
  const size_t mask = slots_.size() - 1;
  size_t hole = slot;
  for (size_t i = (hole + 1) & mask; slots_[i].entry != kNoEntry; i = (i + 1) & mask) {
    const size_t home = home_slot(slots_[i].line);
    const bool home_in_run = ((i - home) & mask) < ((i - hole) & mask);
    if (home_in_run) continue;  // the hole lies before its home: it stays
    slots_[hole] = slots_[i];
    hole = i;
  }
  slots_[hole].entry = kNoEntry;
}

int MshrTable::find(uint64_t line_addr) const {
  if (in_use_ == 0) return -1;
  const Slot& s = slots_[slot_of(line_addr)];
  return s.entry == kNoEntry ? -1 : int(s.entry);
}

MshrOutcome MshrTable::outcome(const Slot& s) const {
  if (s.entry != kNoEntry)
    return entries_[s.entry].requests.size() < max_merge_ ? MshrOutcome::Merged : MshrOutcome::MergeFull;
  return in_use_ < entries_.size() ? MshrOutcome::NewEntry : MshrOutcome::TableFull;
}

MshrOutcome MshrTable::check(uint64_t line_addr) const { return outcome(slots_[slot_of(line_addr)]); }

MshrOutcome MshrTable::add(uint64_t line_addr, uint64_t request) {
  Slot& s = slots_[slot_of(line_addr)];
  const MshrOutcome result = outcome(s);
  if (result == MshrOutcome::Merged) {
    entries_[s.entry].requests.push_back(request);
  } else if (result == MshrOutcome::NewEntry) {
    const uint32_t i = uint32_t(free_.lowest());  // deterministic
    free_.erase(i);
    entries_[i].requests.push_back(request);
    s = {line_addr, i};
    ++in_use_;
  }
  return result;
}

void MshrTable::release(uint64_t line_addr, std::vector<uint64_t>& out) {
  int i = find(line_addr);
  if (i < 0) throw Error(fmt::format("memory response for line 0x{:x} that no MSHR waits for", line_addr));
  Entry& e = entries_[i];
  out.insert(out.end(), e.requests.begin(), e.requests.end());
  e.requests.clear();
  free_.insert(size_t(i));
  erase_slot(slot_of(line_addr));
  --in_use_;
}

}  // namespace scwarp::mem
