#include "sc_model/mem/l2_slice.h"

#include <algorithm>
#include <cstdint>

#include <fmt/format.h>

#include "sc_model/common/error.h"

namespace scwarp::mem {

namespace {
uint64_t request_id(const tlm::tlm_generic_payload& p) { return reinterpret_cast<uintptr_t>(&p); }
tlm::tlm_generic_payload& request_of(uint64_t id) { return *reinterpret_cast<tlm::tlm_generic_payload*>(id); }
bool is_atomic(tlm::tlm_generic_payload& p) { return extension_of(p).kind == AccessKind::Atomic; }
MemExtension own_extension(AccessKind kind, uint32_t slice, uint64_t line) {
  MemExtension ext;
  ext.kind = kind;
  ext.source = slice;
  ext.id = line;
  return ext;
}
}  // namespace

L2Slice::L2Slice(sc_core::sc_module_name name, const config::GpuConfig& cfg, uint32_t slice)
    : ClockedModule(name, cfg.skip_idle),
      from_icnt("from_icnt"),
      to_dram("to_dram"),
      cfg_(cfg),
      slice_(slice),
      tags_(cfg.l2),
      mshr_(cfg.l2.mshr_entries, cfg.l2.mshr_max_merge),
      slots_(cfg.l2_latency + kInputQueueDepth) {
  if (cfg.l2_latency == 0) throw Error("L2 slice: -gpgpu_l2_rop_latency must be at least 1 cycle");
  if (cfg.l2.line_bytes > PayloadPool::kMaxBytes)
    throw Error(fmt::format("L2 slice: line of {} bytes exceeds the {}-byte transactions below L1", cfg.l2.line_bytes,
                            PayloadPool::kMaxBytes));
  if (cfg.l2.miss_queue == 0) throw Error("L2 slice: -gpgpu_cache:dl2 miss queue must hold at least 1 request");
  released_.reserve(cfg.l2.mshr_max_merge);
  from_icnt.register_nb_transport_fw(this, &L2Slice::from_icnt_fw);
  to_dram.register_nb_transport_bw(this, &L2Slice::from_dram_bw);
}

tlm::tlm_sync_enum L2Slice::from_icnt_fw(tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase, sc_core::sc_time&) {
  uint64_t now = current_cycle();
  if (phase == tlm::BEGIN_REQ) {
    if (held_) throw Error(fmt::format("{}: BEGIN_REQ before END_REQ of the previous request", name()));
    wake_at(now + 1);
    if (slots_.free(now)) {  // room: taken at once, END_REQ in this call
      enter_rop(payload, now);
      phase = tlm::END_REQ;
      return tlm::TLM_UPDATED;
    }
    held_ = &payload;
    held_visible_at_ = now + 1;
  } else if (phase == tlm::END_RESP) {
    response_free_at_ = now + 1;
  } else {
    throw Error(fmt::format("{}: unexpected TLM phase from the interconnect", name()));
  }
  wake_at(now + 1);
  return tlm::TLM_ACCEPTED;
}

// Responses from DRAM are always absorbed: a fill's requests already hold
// an MSHR entry, and write acknowledgements only free their payload.
tlm::tlm_sync_enum L2Slice::from_dram_bw(tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase, sc_core::sc_time&) {
  uint64_t now = current_cycle();
  wake_at(now + 1);
  if (phase == tlm::END_REQ) {
    dram_request_free_at_ = now + 1;
    return tlm::TLM_ACCEPTED;
  }
  if (phase != tlm::BEGIN_RESP) throw Error(fmt::format("{}: unexpected TLM phase from DRAM", name()));
  fills_.push(&payload, now + 1);
  return tlm::TLM_COMPLETED;
}

uint64_t L2Slice::tick(uint64_t cycle) {
  accept_request(cycle);
  fill_one(cycle);
  lookup_one(cycle);
  send_to_dram(cycle);
  send_replies(cycle);
  return next_tick(cycle);
}

void L2Slice::take_copied_line(uint64_t line_addr) {
  uint64_t line = tags_.line_of(line_addr);
  if (tags_.access(line, false) || !tags_.can_allocate(line)) return;
  tags_.allocate(line, LineState::Valid, false);
}

// A request that found no room enters the ROP once a slot frees; the ROP
// delay's output joins the lookup queue.
void L2Slice::accept_request(uint64_t cycle) {
  if (held_ && held_visible_at_ <= cycle && slots_.free(cycle)) {
    tlm::tlm_generic_payload& p = **held_;
    held_.reset();
    enter_rop(p, cycle);
    tlm::tlm_phase phase = tlm::END_REQ;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    from_icnt->nb_transport_bw(p, phase, delay);
  }
  while (rop_.ready(cycle)) input_.push_back(rop_.pop());
}

void L2Slice::enter_rop(tlm::tlm_generic_payload& request, uint64_t cycle) {
  slots_.take();
  rop_.push(&request, cycle + cfg_.l2_latency);
}

// One line fill per cycle (the tag array's port); write acknowledgements from
// DRAM only return their payload to the pool.
void L2Slice::fill_one(uint64_t cycle) {
  while (fills_.ready(cycle)) {
    tlm::tlm_generic_payload* p = fills_.pop();
    if (p->is_write()) {
      p->release();
      continue;
    }
    uint64_t line = p->get_address();
    p->release();
    released_.clear();
    mshr_.release(line, released_);
    bool dirty = std::any_of(released_.begin(), released_.end(), [](uint64_t id) {
      tlm::tlm_generic_payload& r = request_of(id);
      return r.is_write() || is_atomic(r);
    });
    evict(tags_.fill(line, dirty));
    for (uint64_t id : released_) {
      tlm::tlm_generic_payload& r = request_of(id);
      reply(r, cycle + 1 + (is_atomic(r) ? kAtomicCycles : 0));
    }
    return;
  }
}

void L2Slice::lookup_one(uint64_t cycle) {
  if (input_.empty() || replies_.size() + ready_replies_.size() >= kReplyQueueDepth) return;
  tlm::tlm_generic_payload& request = *input_.front();
  const uint64_t misses_before = counters_.misses;
  if (lookup(request, cycle) == Lookup::Stalled) {
    ++counters_.reservation_fails;
    return;
  }
  input_.pop_front();
  slots_.release(cycle);
  ++counters_.accesses;
  if (live_) {
    live_->l2_accesses.add(1, cycle);
    live_->l2_misses.add(int64_t(counters_.misses - misses_before), cycle);
  }
  if (request.is_write()) ++counters_.stores;
}

L2Slice::Lookup L2Slice::lookup(tlm::tlm_generic_payload& request, uint64_t cycle) {
  uint64_t line = tags_.line_of(request.get_address());
  bool atomic = is_atomic(request);
  if (tags_.probe(line) == LineState::Valid) {
    tags_.access(line, request.is_write() || atomic);
    ++counters_.hits;
    reply(request, cycle + 1 + (atomic ? kAtomicCycles : 0));
    return Lookup::Done;
  }
  if (mshr_.pending(line)) {
    if (mshr_.add(line, request_id(request)) != MshrOutcome::Merged) return Lookup::Stalled;
    ++counters_.mshr_merges;
    return Lookup::Done;
  }
  return request.is_write() ? write_miss(request, line, cycle) : read_miss(request, line);
}

// A new miss reads the whole line; with allocate-on-miss its way is reserved
// (and its victim evicted) now, else at the fill.
L2Slice::Lookup L2Slice::read_miss(tlm::tlm_generic_payload& request, uint64_t line) {
  if (to_dram_queue_.size() >= cfg_.l2.miss_queue || mshr_.check(line) != MshrOutcome::NewEntry) return Lookup::Stalled;
  if (cfg_.l2.alloc_policy == 'm') {
    if (!tags_.can_allocate(line)) return Lookup::Stalled;
    evict(tags_.allocate(line, LineState::Reserved, false));
  }
  mshr_.add(line, request_id(request));
  to_dram_queue_.push_back(
      pool_.acquire(tlm::TLM_READ_COMMAND, line, tags_.line_bytes(), own_extension(AccessKind::Load, slice_, line)));
  ++counters_.misses;
  return Lookup::Done;
}

L2Slice::Lookup L2Slice::write_miss(tlm::tlm_generic_payload& request, uint64_t line, uint64_t cycle) {
  if (cfg_.l2.write_alloc == 'N') {  // no write allocate: the write goes on to DRAM
    if (to_dram_queue_.size() >= cfg_.l2.miss_queue) return Lookup::Stalled;
    to_dram_queue_.push_back(pool_.acquire(tlm::TLM_WRITE_COMMAND, request.get_address(), request.get_data_length(),
                                           own_extension(AccessKind::Store, slice_, line)));
    ++counters_.misses;
    reply(request, cycle + 1);
    return Lookup::Done;
  }
  // Lazy fetch on read ('L') allocates without reading: we keep no byte
  // masks, so the line is then treated as whole (docs/configuration.md).
  bool fetch_first = cfg_.l2.write_alloc != 'L' && request.get_data_length() < tags_.line_bytes();
  if (fetch_first) return read_miss(request, line);  // merged at the fill
  if (!tags_.can_allocate(line)) return Lookup::Stalled;
  evict(tags_.allocate(line, LineState::Valid, true));  // the write covers the line: nothing to read
  ++counters_.misses;
  reply(request, cycle + 1);
  return Lookup::Done;
}

void L2Slice::evict(const Eviction& eviction) {
  if (!eviction.evicted || !eviction.dirty) return;
  to_dram_queue_.push_back(pool_.acquire(tlm::TLM_WRITE_COMMAND, eviction.line_addr, tags_.line_bytes(),
                                         own_extension(AccessKind::Store, slice_, eviction.line_addr)));
  ++counters_.writebacks;
}

void L2Slice::send_to_dram(uint64_t cycle) {
  if (to_dram_queue_.empty() || dram_request_free_at_ > cycle) return;
  tlm::tlm_generic_payload& p = *to_dram_queue_.front();
  to_dram_queue_.pop_front();
  tlm::tlm_phase phase = tlm::BEGIN_REQ;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  tlm::tlm_sync_enum status = to_dram->nb_transport_fw(p, phase, delay);
  if (status == tlm::TLM_ACCEPTED) {
    dram_request_free_at_ = kIdle;
  } else if (status == tlm::TLM_UPDATED && phase == tlm::END_REQ) {
    dram_request_free_at_ = cycle + 1;
  } else {
    throw Error(fmt::format("{}: DRAM answered BEGIN_REQ other than with END_REQ", name()));
  }
}

void L2Slice::reply(tlm::tlm_generic_payload& request, uint64_t cycle) { replies_.push(&request, cycle); }

void L2Slice::send_replies(uint64_t cycle) {
  while (replies_.ready(cycle)) ready_replies_.push_back(replies_.pop());
  if (ready_replies_.empty() || response_free_at_ > cycle) return;
  tlm::tlm_generic_payload& p = *ready_replies_.front();
  ready_replies_.pop_front();
  p.set_response_status(tlm::TLM_OK_RESPONSE);
  tlm::tlm_phase phase = tlm::BEGIN_RESP;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  tlm::tlm_sync_enum status = from_icnt->nb_transport_bw(p, phase, delay);
  bool completed = status == tlm::TLM_COMPLETED || (status == tlm::TLM_UPDATED && phase == tlm::END_RESP);
  response_free_at_ = completed ? cycle + 1 : kIdle;
}

uint64_t L2Slice::next_tick(uint64_t cycle) const {
  if (held_ || !input_.empty() || !to_dram_queue_.empty() || !ready_replies_.empty()) return cycle + 1;
  uint64_t next = kIdle;
  for (const auto* q : {&rop_, &fills_, &replies_})
    if (!q->empty()) next = std::min(next, std::max(cycle + 1, q->next_ready()));
  return next;
}

bool L2Slice::idle() const {
  return !held_ && rop_.empty() && input_.empty() && fills_.empty() && to_dram_queue_.empty() && replies_.empty() &&
         ready_replies_.empty() && mshr_.empty() && dram_request_free_at_ != kIdle && response_free_at_ != kIdle;
}

}  // namespace scwarp::mem
