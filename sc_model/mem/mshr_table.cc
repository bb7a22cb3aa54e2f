#include "sc_model/mem/mshr_table.h"

#include <fmt/format.h>

#include <bit>

#include "sc_model/common/error.h"

namespace scwarp::mem {

MshrTable::MshrTable(uint32_t entries, uint32_t max_merge) : max_merge_(max_merge) {
  if (entries == 0 || max_merge == 0)
    throw Error(fmt::format("MSHR table needs at least one entry and one request per entry "
                            "(got {} entries, {} merged)", entries, max_merge));
  entries_.resize(entries);
  for (Entry& e : entries_) e.requests.reserve(max_merge);
  slot_bits_ = unsigned(std::bit_width(uint64_t(entries) * 2 - 1));
  slots_.resize(size_t(1) << slot_bits_);
  free_.assign((entries + 63) / 64, 0);
  for (uint32_t i = 0; i < entries; ++i) free_[i / 64] |= 1ull << (i % 64);
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

uint32_t MshrTable::lowest_free_entry() const {
  for (size_t w = 0;; ++w)
    if (free_[w]) return uint32_t(w * 64 + size_t(std::countr_zero(free_[w])));
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
    const uint32_t i = lowest_free_entry();  // deterministic
    free_[i / 64] &= ~(1ull << (i % 64));
    entries_[i].requests.push_back(request);
    slots_[slot_of(line_addr)] = {line_addr, i};
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
  free_[size_t(i) / 64] |= 1ull << (size_t(i) % 64);
  erase_slot(slot_of(line_addr));
  --in_use_;
}

}  // namespace scwarp::mem
