// A set of small indices (warp slots, TB slots, MSHR entries) as bits in
// 64-bit words: per-cycle scans of it read a word per 64 indices and find
// members with countr_zero, not a byte or a pointer per index.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace scwarp {

class BitSet {
 public:
  explicit BitSet(size_t size) : words_((size + 63) / 64, 0) {}

  void insert(size_t i) { words_[i / 64] |= bit(i); }
  void erase(size_t i) { words_[i / 64] &= ~bit(i); }
  void set(size_t i, bool member) { member ? insert(i) : erase(i); }

  // The lowest member; the set must not be empty.
  size_t lowest() const {
    size_t w = 0;
    while (words_[w] == 0) ++w;
    return w * 64 + size_t(std::countr_zero(words_[w]));
  }

  // Calls f(i) for every member i, ascending.
  template <typename F>
  void for_each(F&& f) const {
    for (size_t w = 0; w < words_.size(); ++w)
      for (uint64_t bits = words_[w]; bits != 0; bits &= bits - 1) f(w * 64 + size_t(std::countr_zero(bits)));
  }
  // The same, emptying the set a word at a time as it goes (a member f adds
  // to a word already taken stays for the next call).
  template <typename F>
  void take_each(F&& f) {
    for (size_t w = 0; w < words_.size(); ++w)
      for (uint64_t bits = std::exchange(words_[w], 0); bits != 0; bits &= bits - 1)
        f(w * 64 + size_t(std::countr_zero(bits)));
  }

 private:
  static uint64_t bit(size_t i) { return uint64_t(1) << (i % 64); }
  std::vector<uint64_t> words_;
};

}  // namespace scwarp
