// A set of small indices (warp slots, TB slots, MSHR entries, register
// banks) as bits in 64-bit words: per-cycle scans of it read a word per 64
// indices and find members with countr_zero, not a byte or a pointer per
// index. The first word lives inside the object, so a set of up to 64
// members (GTX480's 48 warp slots, 16 banks) is on its owner's cache lines,
// not one more miss away on the heap; further words are on the heap.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace scwarp {

// Calls f(i) for every set bit i of `bits`, ascending (a copy: f may change
// the word it came from).
template <typename F>
void for_each_bit(uint64_t bits, F&& f) {
  for (; bits != 0; bits &= bits - 1) f(uint32_t(std::countr_zero(bits)));
}

class BitSet {
 public:
  explicit BitSet(size_t size) : rest_(size > 64 ? (size - 1) / 64 : 0, 0) {}

  void insert(size_t i) { word(i / 64) |= bit(i); }
  void erase(size_t i) { word(i / 64) &= ~bit(i); }
  // Without a branch: callers pass conditions that flip from call to call.
  void set(size_t i, bool member) {
    uint64_t& w = word(i / 64);
    w = (w & ~bit(i)) | (uint64_t(member) << (i % 64));
  }

  // The lowest member; the set must not be empty.
  size_t lowest() const {
    size_t w = 0;
    while (word(w) == 0) ++w;
    return w * 64 + size_t(std::countr_zero(word(w)));
  }

  // Calls f(i) for every member i, ascending.
  template <typename F>
  void for_each(F&& f) const {
    for (size_t w = 0; w < words(); ++w) for_each_bit(word(w), [&](uint32_t b) { f(w * 64 + b); });
  }
  // The same, emptying the set a word at a time as it goes (a member f adds
  // to a word already taken stays for the next call).
  template <typename F>
  void take_each(F&& f) {
    for (size_t w = 0; w < words(); ++w) for_each_bit(std::exchange(word(w), 0), [&](uint32_t b) { f(w * 64 + b); });
  }

 private:
  static uint64_t bit(size_t i) { return uint64_t(1) << (i % 64); }
  size_t words() const { return 1 + rest_.size(); }
  uint64_t& word(size_t w) { return w == 0 ? first_ : rest_[w - 1]; }
  uint64_t word(size_t w) const { return w == 0 ? first_ : rest_[w - 1]; }

  uint64_t first_ = 0;
  std::vector<uint64_t> rest_;
};

}  // namespace scwarp
