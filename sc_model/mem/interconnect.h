// The crossbar between the SMs' L1 caches and the L2 slices. Requests go up
// on one IcntPlane, replies come down on another. A packet is one flit plus,
// when it carries data (writes up, read and atomic replies down), one flit per
// cfg.icnt_flit_bytes of payload; an output link serialises one flit per
// cycle and the packet arrives cfg.icnt_latency cycles after its last flit
// left. Each input buffers kInputSlots packets: a BEGIN_REQ (or a slice's
// BEGIN_RESP) that finds room is answered at once (END_REQ / END_RESP in the
// same call), so a port sends one packet per cycle; one that finds the
// buffer full waits, unanswered, until a slot frees (the backpressure of the
// AT base protocol). Output queues hold kPortQueueDepth packets.
//
// TLM: sm_side is bound once per SM in SM order (index = SM id, which must
// equal the payload's MemExtension::source); l2_side is bound once per L2
// slice in slice order. Payloads pass through unchanged.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <tlm>
#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>

#include "sc_model/common/clocked_module.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/mem/address_map.h"
#include "sc_model/mem/icnt_plane.h"
#include "sc_model/stats/counters.h"

namespace scwarp::mem {

class Interconnect : public ClockedModule {
 public:
  // GPGPU-Sim's default partition queue size (-gpgpu_dram_partition_queues 8:8:8:8).
  static constexpr uint32_t kPortQueueDepth = 8;
  // Packets an input port buffers before the crossbar takes them.
  static constexpr uint32_t kInputSlots = 2;

  tlm_utils::multi_passthrough_target_socket<Interconnect> sm_side;
  tlm_utils::multi_passthrough_initiator_socket<Interconnect> l2_side;

  Interconnect(sc_core::sc_module_name name, const config::GpuConfig& cfg);

  const stats::IcntCounters& counters() const { return counters_; }
  bool idle() const;

 private:
  tlm::tlm_sync_enum from_sm(int sm, tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase,
                             sc_core::sc_time& delay);
  tlm::tlm_sync_enum from_l2(int slice, tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase,
                             sc_core::sc_time& delay);
  void end_of_elaboration() override;
  uint64_t tick(uint64_t cycle) override;

  // Buffers `packet` at its input now if there is room (true), else keeps it
  // waiting for admit_waiting.
  bool offer(IcntPlane& plane, std::vector<std::optional<IcntPacket>>& waiting, const IcntPacket& packet,
             uint64_t cycle);
  // Buffers the packets that waited for room and answers their senders.
  void admit_waiting(uint64_t cycle);
  void accept_requests(uint64_t cycle);
  void accept_replies(uint64_t cycle);
  void deliver_requests(uint64_t cycle);
  void deliver_replies(uint64_t cycle);
  uint32_t data_flits(const tlm::tlm_generic_payload& payload) const;
  bool waiting() const;  // some port's BEGIN_* waits for room

  const config::GpuConfig cfg_;
  const AddressMap map_;
  IcntPlane requests_, replies_;
  // Per input: a packet whose BEGIN_* found its buffer full (unanswered).
  std::vector<std::optional<IcntPacket>> waiting_requests_, waiting_replies_;
  std::vector<IcntPacket> accepted_;            // scratch, reused every cycle
  std::vector<uint64_t> l2_request_free_at_;    // per slice: kIdle while its END_REQ is due
  std::vector<uint64_t> sm_response_free_at_;   // per SM: kIdle while its END_RESP is due
  stats::IcntCounters counters_;
};

}  // namespace scwarp::mem
