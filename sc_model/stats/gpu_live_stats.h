// GPU-wide statistics that units on different SystemC processes add to and
// that policies read while the kernel runs (seed 003's L2 miss percentage,
// average global memory latency, memory instructions in flight). A read at
// cycle c sees exactly what was added before cycle c, whatever order the
// processes run in within cycle c: the same numbers with any process order
// and with or without idle skipping.
#pragma once

#include <cstdint>

namespace scwarp::stats {

class LaggedCounter {
 public:
  // Additions come in non-decreasing cycle order (simulated time only moves on).
  void add(int64_t delta, uint64_t cycle) {
    if (cycle != pending_cycle_) {
      settled_ += pending_;
      pending_ = 0;
      pending_cycle_ = cycle;
    }
    pending_ += delta;
  }
  // The sum of every addition made at a cycle before `cycle`.
  int64_t before(uint64_t cycle) const { return pending_cycle_ < cycle ? settled_ + pending_ : settled_; }

 private:
  int64_t settled_ = 0;   // additions before pending_cycle_
  int64_t pending_ = 0;   // additions at pending_cycle_
  uint64_t pending_cycle_ = 0;
};

struct GpuLiveStats {
  LaggedCounter l2_accesses, l2_misses;
  LaggedCounter global_done;         // global memory instructions completed
  LaggedCounter global_latency_sum;  // their issue-to-completion cycles
  LaggedCounter global_in_flight;    // issued and not completed, every SM
};

}  // namespace scwarp::stats
