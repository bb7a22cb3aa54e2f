// One L2 cache slice (GPGPU-Sim's memory sub-partition): requests from the
// interconnect, one per cycle while there is room, pass the ROP delay
// (cfg.l2_latency), wait in a bounded input queue and are looked up one per
// cycle in the slice's tags (cfg.l2 geometry,
// write-back). A hit replies the next cycle; a miss takes an MSHR entry
// (later misses to the line merge into it) and reads the whole line from the
// slice's DRAM channel; the fill replies to every merged request. Dirty
// victims are written back. Writes that miss allocate the line: a full-line
// write without reading it, a partial one by reading it first (write
// allocate 'W'); without write allocate ('N') they are forwarded to DRAM.
// Atomics are read-modify-writes at the slice: looked up like loads, they
// dirty the line and reply kAtomicCycles later than a load would.
//
// TLM: from_icnt is the interconnect's port for this slice; to_dram goes to
// the channel (the slice's own payloads, MemExtension{kind, source = slice}).
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "sc_model/common/clocked_module.h"
#include "sc_model/common/delay_queue.h"
#include "sc_model/common/slot_count.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/mem/cache_tags.h"
#include "sc_model/mem/mshr_table.h"
#include "sc_model/mem/payload_pool.h"
#include "sc_model/stats/counters.h"
#include "sc_model/stats/gpu_live_stats.h"

namespace scwarp::mem {

class L2Slice : public ClockedModule {
 public:
  // The icnt->L2 and L2->icnt queue sizes (-gpgpu_dram_partition_queues
  // 64:64:64:64 in GPGPU-Sim 4.2.0's SM2_GTX480; 8:8:8:8 is its default).
  static constexpr uint32_t kInputQueueDepth = 64;
  static constexpr uint32_t kReplyQueueDepth = 64;
  // The ROP's read-modify-write of an atomic after its line is present (our assumption).
  static constexpr uint32_t kAtomicCycles = 4;

  tlm_utils::simple_target_socket<L2Slice> from_icnt;
  tlm_utils::simple_initiator_socket<L2Slice> to_dram;

  // Throws scwarp::Error for an unusable geometry (see CacheTags, MshrTable),
  // a zero l2_latency, or a line longer than a payload.
  L2Slice(sc_core::sc_module_name name, const config::GpuConfig& cfg, uint32_t slice);

  const stats::CacheCounters& counters() const { return counters_; }
  uint32_t line_bytes() const { return tags_.line_bytes(); }
  // A host-to-device copy wrote the line: it becomes valid and clean (most
  // recently used), its victim dropped without a write-back, as GPGPU-Sim's
  // force_tag_access does. A set whose ways are all reserved keeps its lines.
  void take_copied_line(uint64_t line_addr);
  bool idle() const;
  // Where the slice also counts its accesses and misses for policies to read.
  void publish_to(stats::GpuLiveStats& live) { live_ = &live; }

 private:
  enum class Lookup : uint8_t { Done, Stalled };

  tlm::tlm_sync_enum from_icnt_fw(tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase, sc_core::sc_time& delay);
  tlm::tlm_sync_enum from_dram_bw(tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase, sc_core::sc_time& delay);
  uint64_t tick(uint64_t cycle) override;

  void accept_request(uint64_t cycle);
  void enter_rop(tlm::tlm_generic_payload& request, uint64_t cycle);
  void fill_one(uint64_t cycle);
  void lookup_one(uint64_t cycle);
  Lookup lookup(tlm::tlm_generic_payload& request, uint64_t cycle);
  Lookup read_miss(tlm::tlm_generic_payload& request, uint64_t line);
  Lookup write_miss(tlm::tlm_generic_payload& request, uint64_t line, uint64_t cycle);
  void evict(const Eviction& eviction);
  void send_to_dram(uint64_t cycle);
  void send_replies(uint64_t cycle);
  void reply(tlm::tlm_generic_payload& request, uint64_t cycle);
  uint64_t next_tick(uint64_t cycle) const;

  const config::GpuConfig cfg_;
  const uint32_t slice_;
  CacheTags tags_;
  MshrTable mshr_;
  PayloadPool pool_;
  std::optional<tlm::tlm_generic_payload*> held_;  // BEGIN_REQ that found no room, awaiting END_REQ
  uint64_t held_visible_at_ = 0;
  // Requests accepted and not yet looked up. GPGPU-Sim bounds only the queue
  // after the ROP; at one request per cycle the ROP holds at most l2_latency,
  // so l2_latency + kInputQueueDepth slots bound the same.
  SlotCount slots_;
  DelayQueue<tlm::tlm_generic_payload*> rop_;      // the ROP delay
  std::deque<tlm::tlm_generic_payload*> input_;    // waiting for the tag lookup
  DelayQueue<tlm::tlm_generic_payload*> fills_;    // DRAM responses
  std::deque<tlm::tlm_generic_payload*> to_dram_queue_;  // our reads and write-backs
  uint64_t dram_request_free_at_ = 0;              // kIdle while END_REQ is due
  DelayQueue<tlm::tlm_generic_payload*> replies_;
  std::deque<tlm::tlm_generic_payload*> ready_replies_;
  uint64_t response_free_at_ = 0;                  // kIdle while END_RESP is due
  std::vector<uint64_t> released_;                 // scratch for MSHR releases
  stats::GpuLiveStats* live_ = nullptr;
  stats::CacheCounters counters_;
};

}  // namespace scwarp::mem
