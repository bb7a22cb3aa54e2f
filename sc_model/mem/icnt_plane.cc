#include "sc_model/mem/icnt_plane.h"

#include <algorithm>

#include <fmt/format.h>

#include "sc_model/common/error.h"

namespace scwarp::mem {

IcntPlane::IcntPlane(uint32_t inputs, uint32_t outputs, uint32_t input_slots, uint32_t queue_depth,
                     uint32_t latency)
    : latency_(latency), inputs_(inputs, Input{{}, SlotCount(input_slots)}), outputs_(outputs) {
  if (queue_depth == 0) throw Error("interconnect: output queue depth must be at least 1");
  if (input_slots == 0) throw Error("interconnect: input buffers must hold at least 1 packet");
  if (latency == 0) throw Error("interconnect: -scwarp_icnt_latency must be at least 1 cycle");
  for (Output& out : outputs_) out.ring.resize(queue_depth);
}

void IcntPlane::hold(const IcntPacket& packet, uint64_t cycle) {
  if (packet.input >= inputs_.size() || packet.output >= outputs_.size())
    throw Error(fmt::format("interconnect: packet from port {} to port {} is out of range ({} x {})", packet.input,
                            packet.output, inputs_.size(), outputs_.size()));
  Input& in = inputs_[packet.input];
  if (!in.slots.free(cycle))
    throw Error(fmt::format("interconnect: port {} sent a packet its full input buffer cannot take", packet.input));
  in.slots.take();
  in.held.push_back(Held{packet, cycle + 1});
  ++outputs_[packet.output].held_for;
  ++held_count_;
}

std::optional<uint32_t> IcntPlane::pick_input(const Output& out, uint32_t output, uint64_t cycle) const {
  uint32_t inputs = uint32_t(inputs_.size());
  for (uint32_t i = 0; i < inputs; ++i) {
    uint32_t input = (out.next_input + i) % inputs;
    const std::deque<Held>& held = inputs_[input].held;
    if (!held.empty() && held.front().packet.output == output && held.front().visible_at <= cycle) return input;
  }
  return std::nullopt;
}

uint32_t IcntPlane::arbitrate(uint64_t cycle, std::vector<IcntPacket>& accepted) {
  accepted.clear();
  if (held_count_ == 0) return 0;
  for (uint32_t o = 0; o < outputs_.size(); ++o) {
    Output& out = outputs_[o];
    if (out.held_for == 0 || out.count == out.ring.size() || out.link_free_at > cycle) continue;
    std::optional<uint32_t> input = pick_input(out, o, cycle);
    if (!input) continue;
    Input& in = inputs_[*input];
    IcntPacket packet = in.held.front().packet;
    in.held.pop_front();
    in.slots.release(cycle);
    --out.held_for;
    --held_count_;
    out.next_input = (*input + 1) % uint32_t(inputs_.size());
    out.link_free_at = cycle + packet.flits;
    out.ring[(out.head + out.count) % out.ring.size()] = Queued{packet, cycle + packet.flits - 1 + latency_};
    ++out.count;
    ++queued_count_;
    accepted.push_back(packet);
  }
  uint32_t stalled = 0;
  for (const Input& in : inputs_) stalled += !in.held.empty() && in.held.front().visible_at <= cycle;
  return stalled;
}

const IcntPacket* IcntPlane::arrived(uint32_t output, uint64_t cycle) const {
  const Output& out = outputs_[output];
  if (out.count == 0 || out.ring[out.head].arrive_at > cycle) return nullptr;
  return &out.ring[out.head].packet;
}

void IcntPlane::pop(uint32_t output) {
  Output& out = outputs_[output];
  out.head = (out.head + 1) % uint32_t(out.ring.size());
  --out.count;
  --queued_count_;
}

uint64_t IcntPlane::next_event(uint64_t cycle) const {
  if (held_count_ > 0) return cycle + 1;
  uint64_t next = kNever;
  for (const Output& out : outputs_)
    if (out.count > 0) next = std::min(next, std::max(cycle + 1, out.ring[out.head].arrive_at));
  return next;
}

}  // namespace scwarp::mem
