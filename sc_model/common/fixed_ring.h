// A FIFO of fixed capacity on a ring: a pipeline register of a given width
// (the collector's ID_OC and OC_EX), a warp's I-buffer. Every instruction
// passes through such rings, so push and pop are inline and wrap by a
// compare rather than a division.
#pragma once

#include <cstdint>
#include <vector>

namespace scwarp {

template <typename T>
class FixedRing {
 public:
  explicit FixedRing(uint32_t capacity = 0) : slots_(capacity) {}

  uint32_t capacity() const { return uint32_t(slots_.size()); }
  uint32_t size() const { return count_; }
  uint32_t room() const { return capacity() - count_; }
  bool empty() const { return count_ == 0; }
  const T& front() const { return slots_[head_]; }  // only when !empty()
  void push_back(const T& item) {                   // only when room() > 0
    const uint32_t at = head_ + count_;             // < 2 * capacity
    slots_[at < slots_.size() ? at : at - slots_.size()] = item;
    ++count_;
  }
  void pop_front() {  // only when !empty()
    head_ = head_ + 1 == slots_.size() ? 0 : head_ + 1;
    --count_;
  }
  void clear() { head_ = count_ = 0; }

 private:
  std::vector<T> slots_;
  uint32_t head_ = 0, count_ = 0;
};

}  // namespace scwarp
