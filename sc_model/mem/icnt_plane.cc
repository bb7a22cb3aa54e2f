#include "sc_model/mem/icnt_plane.h"

#include <algorithm>

#include <fmt/format.h>

#include "sc_model/common/error.h"

namespace scwarp::mem {

IcntPlane::IcntPlane(uint32_t inputs, uint32_t outputs, uint32_t queue_depth, uint32_t latency)
    : latency_(latency), held_(inputs), outputs_(outputs) {
  if (queue_depth == 0) throw Error("interconnect: output queue depth must be at least 1");
  if (latency == 0) throw Error("interconnect: -scwarp_icnt_latency must be at least 1 cycle");
  for (Output& out : outputs_) out.ring.resize(queue_depth);
}

void IcntPlane::hold(const IcntPacket& packet, uint64_t visible_at) {
  if (packet.input >= held_.size() || packet.output >= outputs_.size())
    throw Error(fmt::format("interconnect: packet from port {} to port {} is out of range ({} x {})", packet.input,
                            packet.output, held_.size(), outputs_.size()));
  if (held_[packet.input])
    throw Error(fmt::format("interconnect: port {} sent a new transaction before the previous one was accepted",
                            packet.input));
  held_[packet.input] = Held{packet, visible_at};
  ++outputs_[packet.output].held_for;
  ++held_count_;
}

std::optional<uint32_t> IcntPlane::pick_input(const Output& out, uint32_t output, uint64_t cycle) const {
  uint32_t inputs = uint32_t(held_.size());
  for (uint32_t i = 0; i < inputs; ++i) {
    uint32_t input = (out.next_input + i) % inputs;
    const auto& h = held_[input];
    if (h && h->packet.output == output && h->visible_at <= cycle) return input;
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
    IcntPacket packet = held_[*input]->packet;
    held_[*input].reset();
    --out.held_for;
    --held_count_;
    out.next_input = (*input + 1) % uint32_t(held_.size());
    out.link_free_at = cycle + packet.flits;
    out.ring[(out.head + out.count) % out.ring.size()] = Queued{packet, cycle + packet.flits - 1 + latency_};
    ++out.count;
    ++queued_count_;
    accepted.push_back(packet);
  }
  uint32_t stalled = 0;
  for (const auto& h : held_) stalled += h && h->visible_at <= cycle;
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
