#include "sc_model/mem/interconnect.h"

#include <algorithm>

#include <fmt/format.h>

#include "sc_model/common/error.h"
#include "sc_model/mem/payload_pool.h"

namespace scwarp::mem {

namespace {

// `answer` sends the END_* the sender of an admitted packet waits for.
template <typename Answer>
void admit(IcntPlane& plane, std::vector<std::optional<IcntPacket>>& waiting, uint64_t cycle, Answer answer) {
  for (std::optional<IcntPacket>& packet : waiting) {
    if (!packet || !plane.has_room(packet->input, cycle)) continue;
    plane.hold(*packet, cycle);
    answer(*packet);
    packet.reset();
  }
}

}  // namespace

Interconnect::Interconnect(sc_core::sc_module_name name, const config::GpuConfig& cfg)
    : ClockedModule(name, cfg.skip_idle),
      sm_side("sm_side"),
      l2_side("l2_side"),
      cfg_(cfg),
      map_(cfg),
      requests_(cfg.sm_count(), cfg.l2_slices(), kInputSlots, kPortQueueDepth, cfg.icnt_latency),
      replies_(cfg.l2_slices(), cfg.sm_count(), kInputSlots, kPortQueueDepth, cfg.icnt_latency),
      waiting_requests_(cfg.sm_count()),
      waiting_replies_(cfg.l2_slices()),
      l2_request_free_at_(cfg.l2_slices(), 0),
      sm_response_free_at_(cfg.sm_count(), 0) {
  if (cfg.icnt_flit_bytes == 0) throw Error("interconnect: -icnt_flit_size must be at least 1");
  accepted_.reserve(std::max(cfg.sm_count(), cfg.l2_slices()));
  sm_side.register_nb_transport_fw(this, &Interconnect::from_sm);
  l2_side.register_nb_transport_bw(this, &Interconnect::from_l2);
}

void Interconnect::end_of_elaboration() {
  if (sm_side.size() != cfg_.sm_count())
    throw Error(fmt::format("{}: {} SMs bound, the configuration has {}", name(), sm_side.size(), cfg_.sm_count()));
  if (l2_side.size() != cfg_.l2_slices())
    throw Error(fmt::format("{}: {} L2 slices bound, expected {}", name(), l2_side.size(), cfg_.l2_slices()));
}

uint32_t Interconnect::data_flits(const tlm::tlm_generic_payload& payload) const {
  return std::max(1u, (payload.get_data_length() + cfg_.icnt_flit_bytes - 1) / cfg_.icnt_flit_bytes);
}

tlm::tlm_sync_enum Interconnect::from_sm(int sm, tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase,
                                         sc_core::sc_time&) {
  uint64_t now = current_cycle();
  if (phase == tlm::BEGIN_REQ) {
    const MemExtension& ext = extension_of(payload);
    if (ext.source != uint32_t(sm))
      throw Error(fmt::format("{}: request on SM port {} claims source {}", name(), sm, ext.source));
    uint32_t flits = payload.is_write() ? data_flits(payload) : 1;
    IcntPacket packet{&payload, uint32_t(sm), map_.slice_of(payload.get_address()), flits};
    wake_at(now + 1);
    if (!offer(requests_, waiting_requests_, packet, now)) return tlm::TLM_ACCEPTED;
    phase = tlm::END_REQ;
    return tlm::TLM_UPDATED;
  }
  if (phase != tlm::END_RESP) throw Error(fmt::format("{}: unexpected TLM phase from SM {}", name(), sm));
  sm_response_free_at_[sm] = now + 1;
  wake_at(now + 1);
  return tlm::TLM_ACCEPTED;
}

bool Interconnect::offer(IcntPlane& plane, std::vector<std::optional<IcntPacket>>& waiting,
                         const IcntPacket& packet, uint64_t cycle) {
  if (waiting[packet.input])
    throw Error(fmt::format("{}: port {} sent a new transaction before the previous one was accepted", name(),
                            packet.input));
  if (!plane.has_room(packet.input, cycle)) {
    waiting[packet.input] = packet;
    return false;
  }
  plane.hold(packet, cycle);
  return true;
}

tlm::tlm_sync_enum Interconnect::from_l2(int slice, tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase,
                                         sc_core::sc_time&) {
  uint64_t now = current_cycle();
  wake_at(now + 1);
  if (phase == tlm::END_REQ) {
    l2_request_free_at_[slice] = now + 1;
    return tlm::TLM_ACCEPTED;
  }
  if (phase != tlm::BEGIN_RESP) throw Error(fmt::format("{}: unexpected TLM phase from L2 slice {}", name(), slice));
  uint32_t sm = extension_of(payload).source;
  uint32_t flits = payload.is_write() ? 1 : data_flits(payload);
  if (!offer(replies_, waiting_replies_, IcntPacket{&payload, uint32_t(slice), sm, flits}, now))
    return tlm::TLM_ACCEPTED;
  phase = tlm::END_RESP;
  return tlm::TLM_UPDATED;
}

uint64_t Interconnect::tick(uint64_t cycle) {
  admit_waiting(cycle);
  accept_requests(cycle);
  accept_replies(cycle);
  deliver_requests(cycle);
  deliver_replies(cycle);
  uint64_t next = std::min(requests_.next_event(cycle), replies_.next_event(cycle));
  if (waiting()) next = std::min(next, cycle + 1);
  return next == IcntPlane::kNever ? kIdle : next;
}

bool Interconnect::waiting() const {
  auto some = [](const auto& ports) { return std::any_of(ports.begin(), ports.end(), [](auto& p) { return p.has_value(); }); };
  return some(waiting_requests_) || some(waiting_replies_);
}

void Interconnect::admit_waiting(uint64_t cycle) {
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  admit(requests_, waiting_requests_, cycle, [&](const IcntPacket& p) {
    tlm::tlm_phase phase = tlm::END_REQ;
    sm_side[p.input]->nb_transport_bw(*p.payload, phase, delay);
  });
  admit(replies_, waiting_replies_, cycle, [&](const IcntPacket& p) {
    tlm::tlm_phase phase = tlm::END_RESP;
    l2_side[p.input]->nb_transport_fw(*p.payload, phase, delay);
  });
}

void Interconnect::accept_requests(uint64_t cycle) {
  counters_.stall_cycles += requests_.arbitrate(cycle, accepted_);
  for (const IcntPacket& packet : accepted_) {
    ++counters_.requests;
    counters_.request_bytes += uint64_t(packet.flits) * cfg_.icnt_flit_bytes;
  }
}

void Interconnect::accept_replies(uint64_t cycle) {
  counters_.stall_cycles += replies_.arbitrate(cycle, accepted_);
  for (const IcntPacket& packet : accepted_) {
    ++counters_.replies;
    counters_.reply_bytes += uint64_t(packet.flits) * cfg_.icnt_flit_bytes;
  }
}

// A slice gets the next request once it has answered the previous BEGIN_REQ.
void Interconnect::deliver_requests(uint64_t cycle) {
  for (uint32_t slice = 0; slice < l2_request_free_at_.size(); ++slice) {
    const IcntPacket* packet = l2_request_free_at_[slice] <= cycle ? requests_.arrived(slice, cycle) : nullptr;
    if (!packet) continue;
    tlm::tlm_generic_payload& payload = *packet->payload;
    requests_.pop(slice);
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    tlm::tlm_sync_enum status = l2_side[slice]->nb_transport_fw(payload, phase, delay);
    if (status == tlm::TLM_ACCEPTED) {
      l2_request_free_at_[slice] = kIdle;
    } else if (status == tlm::TLM_UPDATED && phase == tlm::END_REQ) {
      l2_request_free_at_[slice] = cycle + 1;
    } else {
      throw Error(fmt::format("{}: L2 slice {} answered BEGIN_REQ other than with END_REQ", name(), slice));
    }
  }
}

// An SM gets the next reply once it has completed the previous one.
void Interconnect::deliver_replies(uint64_t cycle) {
  for (uint32_t sm = 0; sm < sm_response_free_at_.size(); ++sm) {
    const IcntPacket* packet = sm_response_free_at_[sm] <= cycle ? replies_.arrived(sm, cycle) : nullptr;
    if (!packet) continue;
    tlm::tlm_generic_payload& payload = *packet->payload;
    replies_.pop(sm);
    tlm::tlm_phase phase = tlm::BEGIN_RESP;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    tlm::tlm_sync_enum status = sm_side[sm]->nb_transport_bw(payload, phase, delay);
    bool completed = status == tlm::TLM_COMPLETED || (status == tlm::TLM_UPDATED && phase == tlm::END_RESP);
    sm_response_free_at_[sm] = completed ? cycle + 1 : kIdle;
  }
}

bool Interconnect::idle() const {
  auto answer_due = [](uint64_t free_at) { return free_at == kIdle; };
  return requests_.empty() && replies_.empty() && !waiting() &&
         std::none_of(l2_request_free_at_.begin(), l2_request_free_at_.end(), answer_due) &&
         std::none_of(sm_response_free_at_.begin(), sm_response_free_at_.end(), answer_due);
}

}  // namespace scwarp::mem
