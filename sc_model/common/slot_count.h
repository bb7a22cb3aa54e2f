// A bounded number of slots whose releases take effect the cycle after they
// happen. A target that answers BEGIN_REQ at once (END_REQ in the same call)
// asks it whether it has room: a slot freed at cycle c counts from c + 1,
// so the answer at c never depends on whether the target's own clocked
// process has already run in c. That keeps one transaction per cycle per
// port (as GPGPU-Sim's queues take one per cycle) deterministic, where a
// BEGIN_REQ answered from the next tick would take two cycles.
#pragma once

#include <cstdint>
#include <deque>

namespace scwarp {

class SlotCount {
 public:
  explicit SlotCount(uint32_t capacity) : capacity_(capacity) {}

  bool free(uint64_t cycle) {
    while (!releases_.empty() && releases_.front() <= cycle) {
      releases_.pop_front();
      --used_;
    }
    return used_ < capacity_;
  }
  void take() { ++used_; }
  // Calls come in non-decreasing cycle order (one clocked process).
  void release(uint64_t cycle) { releases_.push_back(cycle + 1); }

 private:
  uint32_t capacity_;
  uint32_t used_ = 0;
  std::deque<uint64_t> releases_;
};

}  // namespace scwarp
