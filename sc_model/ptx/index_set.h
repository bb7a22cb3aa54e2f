// A set of a function's registers (indices into Function::regs) or
// instructions (indices into Function::code) as bits, for the data-flow
// analyses over its control-flow graph.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace scwarp::ptx {

class IndexSet {
 public:
  IndexSet(size_t size, bool all) : words_((size + 63) / 64, all ? ~uint64_t(0) : 0) {}
  bool contains(uint32_t r) const { return words_[r / 64] >> (r % 64) & 1; }
  void insert(uint32_t r) { words_[r / 64] |= uint64_t(1) << (r % 64); }
  void erase(uint32_t r) { words_[r / 64] &= ~(uint64_t(1) << (r % 64)); }
  // this &= other; true if this changed.
  bool intersect(const IndexSet& other) {
    return combine(other, [](uint64_t a, uint64_t b) { return a & b; });
  }
  // this |= other; true if this changed.
  bool unite(const IndexSet& other) {
    return combine(other, [](uint64_t a, uint64_t b) { return a | b; });
  }
  // this -= other; true if this changed.
  bool subtract(const IndexSet& other) {
    return combine(other, [](uint64_t a, uint64_t b) { return a & ~b; });
  }
  bool intersects(const IndexSet& other) const {
    for (size_t w = 0; w < words_.size(); ++w)
      if (words_[w] & other.words_[w]) return true;
    return false;
  }
  // The lowest member; the set must not be empty.
  uint32_t lowest() const {
    size_t w = 0;
    while (words_[w] == 0) ++w;
    return uint32_t(w * 64 + size_t(std::countr_zero(words_[w])));
  }
  bool empty() const {
    for (uint64_t w : words_)
      if (w) return false;
    return true;
  }
  // Calls f(i) for every member, ascending.
  template <typename F>
  void for_each(F&& f) const {
    for (size_t w = 0; w < words_.size(); ++w)
      for (uint64_t bits = words_[w]; bits != 0; bits &= bits - 1)
        f(uint32_t(w * 64 + size_t(std::countr_zero(bits))));
  }

 private:
  // Each word of this = op(word of this, word of other); true if any changed.
  template <typename Op>
  bool combine(const IndexSet& other, Op op) {
    bool changed = false;
    for (size_t w = 0; w < words_.size(); ++w) {
      const uint64_t next = op(words_[w], other.words_[w]);
      changed |= next != words_[w];
      words_[w] = next;
    }
    return changed;
  }

  std::vector<uint64_t> words_;
};

}  // namespace scwarp::ptx
