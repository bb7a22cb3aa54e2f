#include "sc_model/mem/l1_data_cache.h"

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "sc_model/common/error.h"
#include "sc_model/mem/mem_extension.h"

namespace scwarp::mem {

namespace {

// The L1 models write policy 'L' only, and needs room for a dirty victim's
// write-back next to the miss that evicts it.
const config::CacheGeometry& checked_l1d(const config::GpuConfig& cfg, uint32_t sm_id) {
  const config::CacheGeometry& g = cfg.l1d;
  std::string where = fmt::format("L1 data cache of SM {}", sm_id);
  if (g.write_policy != 'L')
    throw Error(fmt::format("{}: write policy '{}' is not modelled (only 'L': local write-back, "
                            "global write-through)", where, g.write_policy));
  if (g.line_bytes > PayloadPool::kMaxBytes)
    throw Error(fmt::format("{}: {}-byte lines exceed the {}-byte transactions below", where,
                            g.line_bytes, PayloadPool::kMaxBytes));
  if (g.miss_queue < 2)
    throw Error(fmt::format("{}: miss queue of {} entries (at least 2: a miss and its write-back)",
                            where, g.miss_queue));
  return g;
}

}  // namespace

L1DataCache::L1DataCache(sc_core::sc_module_name name, const config::GpuConfig& cfg, uint32_t sm_id,
                         ClockedModule& owner, bool& has_work)
    : sc_core::sc_module(name),
      up("up"),
      down("down"),
      cfg_(cfg),
      sm_id_(sm_id),
      owner_(owner),
      allocate_on_miss_(checked_l1d(cfg, sm_id).alloc_policy == 'm'),
      tags_(cfg.l1d),
      mshr_(cfg.l1d.mshr_entries, cfg.l1d.mshr_max_merge),
      miss_queue_capacity_(cfg.l1d.miss_queue),
      has_work_(has_work) {
  down.register_nb_transport_bw(this, &L1DataCache::nb_transport_bw);
  miss_queue_.reserve(miss_queue_capacity_ + 1);  // +1: a fill's write-back (allocate on fill)
  released_.reserve(cfg.l1d.mshr_max_merge);
}

// Every access first spends -gpgpu_l1_latency cycles in the L1 pipeline;
// its lookup then hits (done that cycle) or misses (leaves that cycle). A
// lookup refused for lack of MSHRs or miss-queue space (a reservation
// failure) holds the pipeline, which then fills and refuses new accesses,
// as GPGPU-Sim's latency queue does.
bool L1DataCache::try_access(const MemAccess& a, uint64_t cycle) {
  const uint32_t depth = std::max(1u, cfg_.l1_latency);
  if (pipeline_.size() >= depth) return false;
  pipeline_.push_back(Staged{a, cycle + depth});
  has_work_ = true;
  return true;
}

void L1DataCache::lookup_staged(uint64_t cycle) {
  if (pipeline_.empty() || pipeline_.front().lookup_at > cycle) return;
  if (lookup(pipeline_.front().access, cycle)) pipeline_.pop_front();
}

bool L1DataCache::lookup(const MemAccess& a, uint64_t cycle) {
  switch (a.kind) {
    case AccessKind::Load: return load(a, cycle);
    case AccessKind::Store: return a.local ? local_store(a, cycle) : global_store(a, cycle);
    case AccessKind::Atomic: return atomic(a);
    case AccessKind::Instruction:
    case AccessKind::Constant:
    case AccessKind::Texture: break;  // other caches' lines: try_read_line, never a lookup here
  }
  throw Error(fmt::format("L1 data cache of SM {}: an instruction, constant or texture line was offered as a data access",
                          sm_id_));
}

bool L1DataCache::try_read_line(uint64_t line_addr, uint32_t bytes, AccessKind kind, uint32_t token) {
  if (kind != AccessKind::Instruction && kind != AccessKind::Constant && kind != AccessKind::Texture)
    throw Error(fmt::format("L1 data cache of SM {}: only instruction, constant and texture lines are read for another cache",
                            sm_id_));
  if (!queue_has_room(1)) return false;
  enqueue(tlm::TLM_READ_COMMAND, line_addr, bytes, kind, token);
  return true;
}

bool L1DataCache::refuse() {
  ++counters_.reservation_fails;
  return false;
}

bool L1DataCache::load(const MemAccess& a, uint64_t cycle) {
  uint64_t line = tags_.line_of(a.line_addr);
  if (tags_.access(line, false)) {
    ++counters_.accesses;
    ++counters_.hits;
    completions_.push(a.token, cycle);  // the pipeline was the hit latency
    return true;
  }
  MshrOutcome outcome = mshr_.check(line);
  if (outcome == MshrOutcome::Merged) {
    mshr_.add(line, a.token);
    ++counters_.accesses;
    ++counters_.mshr_merges;
    return true;
  }
  if (outcome != MshrOutcome::NewEntry) return refuse();
  if (allocate_on_miss_ && !tags_.can_allocate(line)) return refuse();
  Eviction victim = allocate_on_miss_ ? tags_.would_evict(line) : Eviction{};
  if (!queue_has_room(victim.dirty ? 2 : 1)) return refuse();
  if (allocate_on_miss_) write_back(tags_.allocate(line, LineState::Reserved, false));
  mshr_.add(line, a.token);
  enqueue(tlm::TLM_READ_COMMAND, line, tags_.line_bytes(), AccessKind::Load, line);
  ++counters_.accesses;
  ++counters_.misses;
  return true;
}

bool L1DataCache::global_store(const MemAccess& a, uint64_t cycle) {
  if (!queue_has_room(1)) return refuse();
  uint64_t line = tags_.line_of(a.line_addr);
  // Write-through: a present line stays valid and clean; no allocation on a miss.
  if (tags_.access(line, false)) ++counters_.hits;
  enqueue(tlm::TLM_WRITE_COMMAND, line, a.bytes, AccessKind::Store, 0);
  completions_.push(a.token, cycle);  // the pipeline was its latency
  ++counters_.accesses;
  ++counters_.stores;
  return true;
}

bool L1DataCache::local_store(const MemAccess& a, uint64_t cycle) {
  uint64_t line = tags_.line_of(a.line_addr);
  if (tags_.probe(line) != LineState::Invalid) {
    // A valid line takes the write; a reserved one is marked dirty and stays
    // reserved until its fill arrives.
    if (!tags_.access(line, true)) tags_.allocate(line, LineState::Reserved, true);
    ++counters_.hits;
  } else {
    // Write-allocate without fetching the rest of the line (a thread's local
    // words are its own: they are written before they are read).
    if (!tags_.can_allocate(line)) return refuse();
    Eviction victim = tags_.would_evict(line);
    if (victim.dirty && !queue_has_room(1)) return refuse();
    write_back(tags_.allocate(line, LineState::Valid, true));
  }
  completions_.push(a.token, cycle);  // the pipeline was its latency
  ++counters_.accesses;
  ++counters_.stores;
  return true;
}

bool L1DataCache::atomic(const MemAccess& a) {
  uint64_t line = tags_.line_of(a.line_addr);
  bool dirty = tags_.probe(line) == LineState::Valid && tags_.dirty(line);
  if (!queue_has_room(dirty ? 2 : 1)) return refuse();
  // Performed at the L2: the L1 copy would be stale, so it goes.
  write_back(tags_.invalidate(line));
  enqueue(tlm::TLM_READ_COMMAND, line, a.bytes, AccessKind::Atomic, a.token);
  ++counters_.accesses;
  return true;
}

void L1DataCache::enqueue(tlm::tlm_command command, uint64_t line_addr, uint32_t bytes, AccessKind kind,
                          uint64_t id) {
  miss_queue_.push_back(Request{command, line_addr, bytes, kind, id});
  has_work_ = true;
}

void L1DataCache::write_back(const Eviction& victim) {
  if (!victim.evicted || !victim.dirty) return;
  enqueue(tlm::TLM_WRITE_COMMAND, victim.line_addr, tags_.line_bytes(), AccessKind::Store, 0);
  ++counters_.writebacks;
}

bool L1DataCache::busy() const {
  return !pipeline_.empty() || !miss_queue_.empty() || request_in_flight_ || !completions_.empty() ||
         !responses_.empty() || reads_outstanding_ > 0;
}

uint64_t L1DataCache::next_event() const {
  uint64_t next = ClockedModule::kIdle;
  if (!pipeline_.empty()) next = std::min(next, std::max(last_tick_ + 1, pipeline_.front().lookup_at));
  if (!completions_.empty()) next = std::min(next, completions_.next_ready());
  if (!responses_.empty()) next = std::min(next, responses_.next_ready());
  if (!miss_queue_.empty() && !request_in_flight_)
    next = std::min(next, std::max(last_tick_ + 1, next_send_));
  return next;
}

bool L1DataCache::tick(uint64_t cycle) {
  last_tick_ = cycle;
  while (responses_.ready(cycle)) handle_response(responses_.pop(), cycle);
  lookup_staged(cycle);
  while (completions_.ready(cycle)) up->access_done(completions_.pop(), cycle);
  send_request(cycle);
  return !responses_.empty() || !pipeline_.empty() || !completions_.empty() || !miss_queue_.empty();
}

void L1DataCache::send_request(uint64_t cycle) {
  if (request_in_flight_ || miss_queue_.empty() || cycle < next_send_) return;
  Request q = miss_queue_.front();
  miss_queue_.erase(miss_queue_.begin());
  MemExtension ext;
  ext.kind = q.kind;
  ext.source = sm_id_;
  ext.id = q.id;
  tlm::tlm_generic_payload* p = pool_.acquire(q.command, q.line_addr, q.bytes, ext);
  if (q.command == tlm::TLM_READ_COMMAND) ++reads_outstanding_;
  request_in_flight_ = p;
  tlm::tlm_phase phase = tlm::BEGIN_REQ;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  tlm::tlm_sync_enum status = down->nb_transport_fw(*p, phase, delay);
  if (status == tlm::TLM_ACCEPTED) return;  // END_REQ comes on the backward path
  request_in_flight_ = nullptr;
  if (status == tlm::TLM_COMPLETED) {
    response_arrived(*p, delay, false);
  } else if (phase == tlm::BEGIN_RESP) {
    response_arrived(*p, delay, true);
  } else if (phase != tlm::END_REQ) {
    throw Error(fmt::format("L1 data cache of SM {}: interconnect answered BEGIN_REQ with phase {}",
                            sm_id_, phase.get_name()));
  }
}

tlm::tlm_sync_enum L1DataCache::nb_transport_bw(tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase,
                                                sc_core::sc_time& delay) {
  if (&payload == request_in_flight_) {  // END_REQ, or BEGIN_RESP implying it
    // The next request goes out next cycle, whatever the order in which
    // SystemC runs this callback and the owner's tick in this one.
    request_in_flight_ = nullptr;
    next_send_ = current_cycle() + 1;
    if (!miss_queue_.empty()) owner_.wake_at(next_send_);
  }
  if (phase == tlm::END_REQ) return tlm::TLM_ACCEPTED;
  if (phase != tlm::BEGIN_RESP)
    throw Error(fmt::format("L1 data cache of SM {}: unexpected phase {} from the interconnect", sm_id_,
                            phase.get_name()));
  response_arrived(payload, delay, false);
  phase = tlm::END_RESP;
  return tlm::TLM_COMPLETED;
}

void L1DataCache::response_arrived(tlm::tlm_generic_payload& payload, const sc_core::sc_time& delay,
                                   bool send_end_resp) {
  uint64_t ready = current_cycle() + 1 + delay.value() / kCycleTime.value();
  responses_.push(Response{&payload, send_end_resp}, ready);
  has_work_ = true;
  owner_.wake_at(ready);
}

void L1DataCache::handle_response(const Response& r, uint64_t cycle) {
  tlm::tlm_generic_payload& p = *r.payload;
  if (p.is_read()) {
    --reads_outstanding_;
    const MemExtension& ext = extension_of(p);
    if (ext.kind == AccessKind::Atomic) {
      up->access_done(uint32_t(ext.id), cycle);
    } else if (ext.kind == AccessKind::Instruction) {
      instruction_up->access_done(uint32_t(ext.id), cycle);
    } else if (ext.kind == AccessKind::Constant) {
      constant_up->access_done(uint32_t(ext.id), cycle);
    } else if (ext.kind == AccessKind::Texture) {
      texture_up->access_done(uint32_t(ext.id), cycle);
    } else {
      write_back(tags_.fill(ext.id, false));
      released_.clear();
      mshr_.release(ext.id, released_);
      for (uint64_t token : released_) up->access_done(uint32_t(token), cycle);
    }
  }
  if (r.send_end_resp) {
    tlm::tlm_phase phase = tlm::END_RESP;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    down->nb_transport_fw(p, phase, delay);
  }
  p.release();
}

void L1DataCache::report(stats::CacheCounters& counters) const { counters = counters_; }

}  // namespace scwarp::mem
