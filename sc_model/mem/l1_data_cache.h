// The SM's L1 data cache (GTX480, GPGPU-Sim 3.x semantics with write policy
// 'L'): global loads cached with MSHR merging, global stores write-through
// without allocation, local accesses write-back with write allocation,
// atomics bypass to the L2. Misses and writes leave through a TLM-2.0 AT
// initiator socket. Not self-clocked: the SM's clocked process calls tick();
// a response from below wakes the SM (owner.wake_at). docs/sm-memory.md.
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "sc_model/common/clocked_module.h"
#include "sc_model/common/delay_queue.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/mem/cache_tags.h"
#include "sc_model/mem/mem_access.h"
#include "sc_model/mem/mshr_table.h"
#include "sc_model/mem/payload_pool.h"
#include "sc_model/stats/counters.h"

namespace scwarp::mem {

class L1DataCache : public sc_core::sc_module, public L1DataIf, public LineReadIf {
 public:
  sc_core::sc_port<MemResponseIf> up;                 // the LD/ST unit
  // Lines read for the fetch unit, the constant and the texture cache arrive here (the SM binds them).
  sc_core::sc_port<MemResponseIf, 1, sc_core::SC_ZERO_OR_MORE_BOUND> instruction_up;
  sc_core::sc_port<MemResponseIf, 1, sc_core::SC_ZERO_OR_MORE_BOUND> constant_up;
  sc_core::sc_port<MemResponseIf, 1, sc_core::SC_ZERO_OR_MORE_BOUND> texture_up;
  tlm_utils::simple_initiator_socket<L1DataCache> down;  // the interconnect

  // `has_work` is the owner's flag for this cache, as for ReadOnlyL1: every
  // access, line read and response raises it, and the owner ticks the cache
  // only while it is up (compute-bound kernels leave it idle most cycles).
  L1DataCache(sc_core::sc_module_name name, const config::GpuConfig& cfg, uint32_t sm_id,
              ClockedModule& owner, bool& has_work);

  // L1DataIf
  bool try_access(const MemAccess& access, uint64_t cycle) override;
  bool busy() const override;
  // LineReadIf: the L1I's, the constant and the texture cache's misses share the L1D's miss queue and port.
  // The request goes out from the next tick, as a miss looked up now would.
  bool try_read_line(uint64_t line_addr, uint32_t bytes, AccessKind kind, uint32_t token) override;

  // One cycle: handles responses that arrived, completes accesses whose
  // time has come (up->access_done), sends one queued request below.
  // Returns whether work is left (queued, staged or due later).
  bool tick(uint64_t cycle);
  // Earliest cycle tick() has work (ClockedModule::kIdle if none: responses
  // from below wake the owner themselves).
  uint64_t next_event() const;
  void report(stats::CacheCounters& counters) const;
  const stats::CacheCounters& counters() const { return counters_; }

 private:
  // A transaction waiting in the miss queue to be sent below.
  struct Request {
    tlm::tlm_command command = tlm::TLM_READ_COMMAND;
    uint64_t line_addr = 0;
    uint32_t bytes = 0;
    AccessKind kind = AccessKind::Load;
    uint64_t id = 0;  // loads: the line (MSHR key); atomics, instruction lines: the token
  };
  // A transaction whose response came back, handled at its ready cycle.
  struct Response {
    tlm::tlm_generic_payload* payload = nullptr;
    bool send_end_resp = false;  // the response came as the return of our own call
  };

  // An access in the L1 pipeline (GPGPU-Sim 4.x's l1_latency_queue): looked
  // up at `lookup_at`, in arrival order, at most one per cycle.
  struct Staged {
    MemAccess access;
    uint64_t lookup_at = 0;
  };

  void lookup_staged(uint64_t cycle);
  bool lookup(const MemAccess& a, uint64_t cycle);
  bool load(const MemAccess& a, uint64_t cycle);
  bool global_store(const MemAccess& a, uint64_t cycle);
  bool local_store(const MemAccess& a, uint64_t cycle);
  bool atomic(const MemAccess& a);
  // Room in the miss queue for `needed` requests.
  bool queue_has_room(uint32_t needed) const { return miss_queue_.size() + needed <= miss_queue_capacity_; }
  // Refuses an access: counted as a reservation failure.
  bool refuse();
  void enqueue(tlm::tlm_command command, uint64_t line_addr, uint32_t bytes, AccessKind kind, uint64_t id);
  void write_back(const Eviction& victim);
  void send_request(uint64_t cycle);
  void handle_response(const Response& r, uint64_t cycle);
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase,
                                     sc_core::sc_time& delay);
  void response_arrived(tlm::tlm_generic_payload& payload, const sc_core::sc_time& delay,
                        bool send_end_resp);

  const config::GpuConfig& cfg_;
  uint32_t sm_id_;
  ClockedModule& owner_;
  bool allocate_on_miss_;
  CacheTags tags_;
  MshrTable mshr_;
  PayloadPool pool_;
  std::vector<Request> miss_queue_;  // FIFO, bounded by miss_queue_capacity_ (erase from front: <= 8 entries)
  uint32_t miss_queue_capacity_;
  tlm::tlm_generic_payload* request_in_flight_ = nullptr;  // sent, END_REQ not yet seen
  uint64_t next_send_ = 0;  // END_REQ seen at c: the next BEGIN_REQ from c + 1
  std::deque<Staged> pipeline_;       // at most max(1, l1_latency) entries
  DelayQueue<uint32_t> completions_;  // tokens due to access_done at their cycle
  DelayQueue<Response> responses_;
  uint32_t reads_outstanding_ = 0;    // loads/atomics sent below, response not yet handled
  std::vector<uint64_t> released_;    // scratch for MshrTable::release
  uint64_t last_tick_ = 0;
  bool& has_work_;
  stats::CacheCounters counters_;
};

}  // namespace scwarp::mem
