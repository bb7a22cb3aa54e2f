// One direction of the interconnect's crossbar (requests SM -> L2 slice, or
// replies L2 slice -> SM). Each input buffers up to `input_slots` packets
// waiting to enter, oldest first; a slot an entering packet leaves is free
// from the next cycle (SlotCount). Each output has a bounded queue and a
// link that serialises one flit per cycle;
// every cycle a free output takes one held packet addressed to it, choosing
// among inputs round-robin, and the packet arrives at the far end after
// its flits plus the wire latency. Pure logic: the Interconnect does the TLM calls.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

#include <tlm>

#include "sc_model/common/slot_count.h"

namespace scwarp::mem {

struct IcntPacket {
  tlm::tlm_generic_payload* payload = nullptr;
  uint32_t input = 0;
  uint32_t output = 0;
  uint32_t flits = 1;
};

class IcntPlane {
 public:
  // Throws scwarp::Error for a zero queue depth, input buffer or latency.
  IcntPlane(uint32_t inputs, uint32_t outputs, uint32_t input_slots, uint32_t queue_depth, uint32_t latency);

  // Whether `input` can buffer another packet at `cycle` (take it with hold).
  bool has_room(uint32_t input, uint64_t cycle) { return inputs_[input].slots.free(cycle); }
  // A packet buffered at its input at `cycle`, eligible from cycle + 1.
  // Throws scwarp::Error if the input had no room or a port is out of range.
  void hold(const IcntPacket& packet, uint64_t cycle);
  // Moves held packets into output queues; appends the accepted ones to
  // `accepted` (cleared first) so the caller can answer them. Returns how
  // many eligible packets had to stay (stalled port-cycles).
  uint32_t arbitrate(uint64_t cycle, std::vector<IcntPacket>& accepted);
  // The oldest packet of `output` if it has arrived by `cycle`, else nullptr.
  const IcntPacket* arrived(uint32_t output, uint64_t cycle) const;
  void pop(uint32_t output);

  bool empty() const { return held_count_ == 0 && queued_count_ == 0; }
  // The next cycle something can happen without new input (kNever when empty).
  uint64_t next_event(uint64_t cycle) const;
  static constexpr uint64_t kNever = ~uint64_t(0);

 private:
  struct Held {
    IcntPacket packet;
    uint64_t visible_at;
  };
  struct Input {
    std::deque<Held> held;  // oldest first
    SlotCount slots;
  };
  struct Queued {
    IcntPacket packet;
    uint64_t arrive_at = 0;
  };
  struct Output {
    std::vector<Queued> ring;  // queue_depth slots
    uint32_t head = 0, count = 0;
    uint32_t held_for = 0;     // inputs holding a packet for this output
    uint32_t next_input = 0;   // round-robin start
    uint64_t link_free_at = 0;
  };
  // The held input `output` serves next at `cycle`, if any.
  std::optional<uint32_t> pick_input(const Output& out, uint32_t output, uint64_t cycle) const;

  uint32_t latency_;
  std::vector<Input> inputs_;
  std::vector<Output> outputs_;
  uint32_t held_count_ = 0, queued_count_ = 0;
};

}  // namespace scwarp::mem
