// Items that become visible at a given cycle. Every hand-over between timed
// units goes through one, which makes results independent of the order in
// which SystemC runs processes that share a clock edge: an item pushed at
// cycle c with latency L is seen at c + L (L >= 1), never in cycle c.
// Ties pop in push order, so runs are deterministic.
#pragma once

#include <cstdint>
#include <queue>
#include <vector>

namespace scwarp {

template <typename T>
class DelayQueue {
 public:
  void push(T item, uint64_t ready_cycle) { heap_.push(Entry{ready_cycle, next_seq_++, std::move(item)}); }
  bool ready(uint64_t cycle) const { return !heap_.empty() && heap_.top().ready <= cycle; }
  // Only when ready(cycle).
  T pop() {
    T item = std::move(const_cast<Entry&>(heap_.top()).item);
    heap_.pop();
    return item;
  }
  bool empty() const { return heap_.empty(); }
  size_t size() const { return heap_.size(); }
  // Cycle of the earliest item (for idle skip-ahead); only when !empty().
  uint64_t next_ready() const { return heap_.top().ready; }

 private:
  struct Entry {
    uint64_t ready;
    uint64_t seq;
    T item;
    bool operator>(const Entry& o) const { return ready != o.ready ? ready > o.ready : seq > o.seq; }
  };
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap_;
  uint64_t next_seq_ = 0;
};

}  // namespace scwarp
