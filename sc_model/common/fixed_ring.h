// A FIFO of fixed capacity on a ring: a pipeline register of a given width
// (the collector's ID_OC and OC_EX), a warp's I-buffer. Every instruction
// passes through such rings, so push and pop are inline and wrap by a
// compare rather than a division. A ring of up to kInline slots (GTX480's
// I-buffers hold 2, its pipeline registers 1) keeps them inside the object:
// a warp's I-buffer head is then on the warp slot's own cache lines, not one
// more miss away on the heap.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace scwarp {

template <typename T>
class FixedRing {
 public:
  static constexpr uint32_t kInline = 4;

  explicit FixedRing(uint32_t capacity = 0) : heap_(capacity > kInline ? capacity : 0), capacity_(capacity) {}

  uint32_t capacity() const { return capacity_; }
  uint32_t size() const { return count_; }
  uint32_t room() const { return capacity_ - count_; }
  bool empty() const { return count_ == 0; }
  const T& front() const { return slots()[head_]; }  // only when !empty()
  void push_back(const T& item) {                    // only when room() > 0
    const uint32_t at = head_ + count_;              // < 2 * capacity
    slots()[at < capacity_ ? at : at - capacity_] = item;
    ++count_;
  }
  void pop_front() {  // only when !empty()
    head_ = head_ + 1 == capacity_ ? 0 : head_ + 1;
    --count_;
  }
  void clear() { head_ = count_ = 0; }

 private:
  // Chosen at each access rather than kept as a pointer, so a copied ring
  // (a vector of warp slots is built by copies) needs no fixing up.
  T* slots() { return capacity_ <= kInline ? inline_.data() : heap_.data(); }
  const T* slots() const { return capacity_ <= kInline ? inline_.data() : heap_.data(); }

  std::array<T, kInline> inline_{};
  std::vector<T> heap_;
  uint32_t capacity_ = 0, head_ = 0, count_ = 0;
};

}  // namespace scwarp
