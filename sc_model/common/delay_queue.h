// Items that become visible at a given cycle. Every hand-over between timed
// units goes through one, which makes results independent of the order in
// which SystemC runs processes that share a clock edge: an item pushed at
// cycle c with latency L is seen at c + L (L >= 1), never in cycle c.
// Ties pop in push order, so runs are deterministic.
//
// Most queues are pushed in ready order (one fixed latency: a cache's hit
// pipeline, the ROP, an SP result behind a shorter one): those items go to a
// FIFO, and only an item due before the FIFO's last one goes to a heap. The
// next item is the earlier of the two fronts, (ready, push order) deciding,
// so the order is the one a single heap gives, with no heap work for the
// common case. The earliest ready cycle is kept apart: every unit asks
// ready() of its queues every cycle, most often of an empty one or of one
// whose front is not due, and that question is then one comparison.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <queue>
#include <vector>

namespace scwarp {

template <typename T>
class DelayQueue {
 public:
  void push(T item, uint64_t ready_cycle) {
    Entry e{ready_cycle, next_seq_++, std::move(item)};
    if (fifo_.empty() || fifo_.back().ready <= ready_cycle)
      fifo_.push(std::move(e));
    else
      heap_.push(std::move(e));
    next_ready_ = std::min(next_ready_, ready_cycle);
  }
  bool ready(uint64_t cycle) const { return next_ready_ <= cycle; }
  // Only when ready(cycle).
  T pop() {
    T item = heap_first() ? take_heap_top() : std::move(fifo_.pop().item);
    next_ready_ = earliest();
    return item;
  }
  bool empty() const { return next_ready_ == kNone; }
  size_t size() const { return fifo_.size() + heap_.size(); }
  // Cycle of the earliest item (for idle skip-ahead); only when !empty().
  uint64_t next_ready() const { return next_ready_; }

 private:
  struct Entry {
    uint64_t ready;
    uint64_t seq;
    T item;
    bool operator>(const Entry& o) const { return ready != o.ready ? ready > o.ready : seq > o.seq; }
  };
  T take_heap_top() {
    T item = std::move(const_cast<Entry&>(heap_.top()).item);
    heap_.pop();
    return item;
  }
  // The heap holds the next item (only when not empty).
  bool heap_first() const { return !heap_.empty() && (fifo_.empty() || fifo_.front() > heap_.top()); }
  // The ready cycle of the earlier front, kNone when both are empty.
  uint64_t earliest() const {
    uint64_t next = fifo_.empty() ? kNone : fifo_.front().ready;
    return heap_.empty() ? next : std::min(next, heap_.top().ready);
  }
  static constexpr uint64_t kNone = std::numeric_limits<uint64_t>::max();  // no item (none is ever due then)

  // A FIFO on a ring that grows when full and never shrinks: no allocation
  // per item once a queue has seen its deepest point.
  class Ring {
   public:
    bool empty() const { return size_ == 0; }
    size_t size() const { return size_; }
    const Entry& front() const { return slots_[head_]; }
    const Entry& back() const { return slots_[wrap(head_ + size_ - 1)]; }
    void push(Entry e) {
      if (size_ == slots_.size()) grow();
      slots_[wrap(head_ + size_)] = std::move(e);
      ++size_;
    }
    Entry& pop() {
      Entry& e = slots_[head_];
      head_ = wrap(head_ + 1);
      --size_;
      return e;
    }

   private:
    size_t wrap(size_t i) const { return i < slots_.size() ? i : i - slots_.size(); }
    void grow() {
      std::vector<Entry> grown(slots_.size() * 2 + 8);
      for (size_t i = 0; i < size_; ++i) grown[i] = std::move(slots_[wrap(head_ + i)]);
      slots_ = std::move(grown);
      head_ = 0;
    }
    std::vector<Entry> slots_;
    size_t head_ = 0, size_ = 0;
  };

  Ring fifo_;  // ascending (ready, seq)
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap_;
  uint64_t next_seq_ = 0;
  uint64_t next_ready_ = kNone;  // earliest()
};

}  // namespace scwarp
