#include "sc_model/sm/sm.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string>

#include "sc_model/common/error.h"
#include "sc_model/sched/registry.h"

namespace scwarp::sm {

namespace {

sched::PolicyContext policy_context(const config::GpuConfig& cfg, uint32_t sm_id) {
  return sched::PolicyContext{cfg, sm_id, cfg.scheduled_warps_per_sm(), cfg.max_tbs_per_sm,
                              cfg.schedulers_per_sm};
}

}  // namespace

// The constructor wires the pipeline front to back; tick() runs it back to front.
Sm::Sm(sc_core::sc_module_name name, const config::GpuConfig& cfg, const OpAssigner& ops, uint32_t sm_id,
       stats::TraceSink* trace)
    : ClockedModule(name, cfg.skip_idle),
      tb_sink("tb_sink"),
      cfg_(cfg),
      sm_id_(sm_id),
      table_(cfg_, ops, sm_id),
      issue_policy_(sched::make_issue_policy(cfg_.scheduler, policy_context(cfg_, sm_id))),
      fetch_policy_(sched::make_fetch_policy(cfg_.fetch_policy, policy_context(cfg_, sm_id))),
      fetch_("fetch", cfg_, table_, *fetch_policy_, *issue_policy_),
      issue_("issue", cfg_, table_, fetch_, *issue_policy_, counters_),
      collector_("collector", cfg_, counters_.operand_collector),
      l1d_("l1d", cfg_, sm_id, *this, l1d_work_),
      l1c_("l1c", cfg_.const_cache, "gpgpu_const_cache:l1", cfg_.const_latency, mem::AccessKind::Constant,
           l1c_work_),
      l1t_("l1t", cfg_.tex_cache, "gpgpu_tex_cache:l1", cfg_.tex_latency, mem::AccessKind::Texture,
           l1t_work_),
      ldst_("ldst", cfg_, sm_id, ldst_work_),
      exec_("exec", cfg_, ops, ldst_),
      snapshot_period_(issue_policy_->tb_priority_period()),
      next_snapshot_(snapshot_period_),
      trace_(trace && trace->traces_sm(sm_id) ? trace : nullptr) {
  table_.view().memory_current = issue_policy_->reads_memory_view();
  issue_.dispatch(collector_.in);  // issue -> ID_OC -> operand collector
  collector_.out(exec_.in);        // operands read -> SP / SFU / LD/ST
  ldst_.l1(l1d_);             // LD/ST -> L1 data cache -> memory_socket()
  l1d_.up(ldst_);             // L1 completions -> LD/ST
  fetch_.memory(l1d_);        // L1I misses -> the SM's one port below L1
  l1d_.instruction_up(fetch_);  // instruction lines back to fetch
  ldst_.constants(l1c_);      // LD/ST const/param -> constant cache
  l1c_.up(ldst_);             // constant completions -> LD/ST
  l1c_.below(l1d_);           // constant misses -> the SM's one port below L1
  l1d_.constant_up(l1c_);     // constant lines back to the constant cache
  ldst_.textures(l1t_);       // LD/ST tex / tld4 -> texture cache
  l1t_.up(ldst_);             // texture completions -> LD/ST
  l1t_.below(l1d_);           // texture misses -> the SM's one port below L1
  l1d_.texture_up(l1t_);      // texture lines back to the texture cache
  exec_.writeback(*this);     // SP / SFU results -> scoreboard release
  ldst_.writeback(*this);     // memory instructions done -> scoreboard release
  if (trace_) issue_.trace_to(*trace_, sm_id, ranks_tbs(cfg_.scheduler));
}

Sm::~Sm() = default;

void Sm::launch_tb(TbLaunch tb) {
  if (!tb.engine || !tb.block)
    throw Error("SM " + std::to_string(sm_id_) + ": launch of block " + std::to_string(tb.id) +
                " without engine or block");
  uint64_t at = current_cycle() + 1;
  launches_.push(std::move(tb), at);
  wake_at(at);
}

void Sm::set_tbs_waiting(bool waiting) {
  uint64_t at = current_cycle() + 1;
  phase_.push(waiting, at);
  wake_at(at);
}

tlm::tlm_initiator_socket<>& Sm::memory_socket() { return l1d_.down; }

// One cycle, stages in reverse pipeline order: each stage consumes what the
// stage behind it left in the previous cycle before that stage runs again,
// so one process per SM gives a deterministic two-phase update without
// delta cycles between stages. Hand-overs with latency go through DelayQueues.
uint64_t Sm::tick(uint64_t cycle) {
  changed_ = false;
  changed_ |= (!launches_.empty() || !phase_.empty()) && take_launches(cycle);
  changed_ |= exec_.retire(cycle);  // writeback: scoreboard release
  if (l1d_work_) l1d_work_ = l1d_.tick(cycle);  // L1 responses -> LD/ST (and L1I, constant, texture lines)
  if (l1c_work_) l1c_work_ = l1c_.tick(cycle);  // constant hits -> LD/ST; a constant miss below
  if (l1t_work_) l1t_work_ = l1t_.tick(cycle);  // texture hits -> LD/ST; a texture miss below
  if (ldst_work_) ldst_work_ = ldst_.tick(cycle);
  changed_ |= finish_tbs(cycle);
  if (table_.resident_tbs() == 0) return next_timer();
  ++counters_.active_cycles;
  // Holding an instruction, the collector may move it in any cycle: no sleep.
  changed_ |= collector_.tick(cycle) || collector_.busy();
  update_policy_view(cycle);
  changed_ |= table_.resident_virtual_tbs() != 0 && serve_tb_indices(cycle);
  changed_ |= fetch_.deliver(cycle);  // decode: fetched instructions enter the I-buffers
  changed_ |= issue_.tick(cycle);
  publish_in_flight(cycle);
  take_snapshots(cycle, cycle);
  changed_ |= fetch_.fetch(cycle);
  return changed_ ? cycle + 1 : next_timer();
}

// Only called for cycles in which nothing could change (tick returned a
// later cycle), so every counter repeats what the last tick counted.
void Sm::skipped(uint64_t from, uint64_t count) {
  if (table_.resident_tbs() == 0) return;
  counters_.active_cycles += count;
  issue_.repeat_stalls(from, count);
  fetch_.skipped(count);
  take_snapshots(from, from + count - 1);
}

void Sm::take_snapshots(uint64_t from, uint64_t until) {
  if (sm_id_ != 0 || snapshot_period_ == 0) return;
  if (next_snapshot_ < from)
    next_snapshot_ += (from - next_snapshot_ + snapshot_period_ - 1) / snapshot_period_ * snapshot_period_;
  for (; next_snapshot_ <= until; next_snapshot_ += snapshot_period_) take_snapshot(next_snapshot_);
}

// The order a tick at `boundary` leaves: asking the policy again in a cycle
// it already ordered changes nothing; in a slept-through cycle it does what
// that cycle's tick would have done.
void Sm::take_snapshot(uint64_t boundary) {
  if (table_.resident_tbs() == 0 || issue_policy_->tb_priority().empty()) return;
  issue_.replay_order(boundary);
  stats::TbOrderSnapshot snapshot{boundary, 0, {}};
  for (uint32_t t : issue_policy_->tb_priority()) {
    snapshot.tbs.push_back(table_.tb_views()[t].id);
    snapshot.kernel = table_.tbs()[t].kernel;
  }
  snapshots_.push_back(std::move(snapshot));
}

bool Sm::take_launches(uint64_t cycle) {
  bool any = false;
  while (phase_.ready(cycle)) {
    bool waiting = phase_.pop();
    bool ended = table_.view().tbs_waiting && !waiting;
    table_.view().tbs_waiting = waiting;
    if (ended) issue_policy_->on_phase_change(table_.view());
    any = true;
  }
  while (launches_.ready(cycle)) {
    uint32_t t = table_.place(launches_.pop(), cycle);
    table_.tbs()[t].measure.start(table_.tb_views()[t].warps, cycle, counters_.stall_cycles());
    issue_policy_->on_tb_launch(table_.view(), t);
    any = true;
  }
  return any;
}

// Only TBs touched since the last cycle can have finished or deadlocked: a
// TB's state changes with its issues, completions and launch alone.
bool Sm::finish_tbs(uint64_t cycle) {
  bool any = false;
  table_.take_touched_tbs([&](uint32_t t) {
    const sched::TbView& v = table_.tb_views()[t];
    const TbSlot& tb = table_.tbs()[t];
    if (!v.valid || tb.in_flight != 0) return;
    if (v.warps_exited != v.warps) {
      check_deadlock(t);
      return;
    }
    stats::TbRecord record{tb.kernel, v.id, sm_id_, tb.start_cycle, cycle,
                           tb.warp_instructions, tb.thread_instructions,
                           table_.tbs()[t].measure.finish(counters_.stall_cycles())};
    if (trace_) trace_->tb_done(t, record);
    issue_policy_->on_tb_finish(table_.view(), t);
    table_.remove(t);
    ++counters_.tbs_completed;
    tb_sink->tb_done(record);
    any = true;
  });
  return any;
}

// Every live warp of the TB waits at a barrier and none of its instructions
// is in flight: no issue can ever release it.
void Sm::check_deadlock(uint32_t t) const {
  const sched::TbView& v = table_.tb_views()[t];
  if (v.warps_at_barrier == 0 || v.warps_at_barrier + v.warps_exited != v.warps) return;
  const TbSlot& tb = table_.tbs()[t];
  tb.engine->report_deadlock(*tb.block);
}

// What the policy reads besides the warps (the issue stage keeps the units'
// free bits current between its schedulers): this SM's counters as of now,
// the GPU's as of the end of the previous cycle.
void Sm::update_policy_view(uint64_t cycle) {
  table_.view().units.ldst_queue = ldst_.queued();
  if (!table_.view().memory_current) return;
  sched::MemoryView& m = table_.view().memory_state;
  const stats::CacheCounters& l1d = l1d_.counters();
  const stats::CacheCounters& l1i = fetch_.l1i_counters();
  m.l1d_accesses = l1d.accesses, m.l1d_misses = l1d.misses;
  m.l1i_accesses = l1i.accesses, m.l1i_misses = l1i.misses;
  m.issued = counters_.warp_instructions;
  if (!live_) return;
  m.l2_accesses = uint64_t(live_->l2_accesses.before(cycle));
  m.l2_misses = uint64_t(live_->l2_misses.before(cycle));
  m.global_done = uint64_t(live_->global_done.before(cycle));
  m.global_latency_sum = uint64_t(live_->global_latency_sum.before(cycle));
  m.gpu_global_in_flight = uint64_t(live_->global_in_flight.before(cycle));
}

// VTW: each virtual TB whose warp waits for the next logical TB index asks
// the GPU's counter once and hands the grant to the engine when it arrives;
// the policy sees whether the kernel's indices are all out (slow phase).
// True while a request is outstanding: the SM must not sleep through its grant.
bool Sm::serve_tb_indices(uint64_t cycle) {
  bool busy = false;
  for (uint32_t t = 0; t < table_.tbs().size(); ++t) {
    TbSlot& tb = table_.tbs()[t];
    if (!tb.block || !tb.engine->uses_virtual_tbs()) continue;
    if (tb_index.size() == 0)
      throw Error(fmt::format("SM {}: kernel {} uses nexttbid, but this SM has no logical TB counter", sm_id_,
                              tb.engine->spec().kernel->name));
    table_.tb_views()[t].indices_exhausted = tb_index->tb_indices_exhausted(tb.kernel, cycle);
    if (tb.index_wanted && !tb.index_requested) {
      tb.index_ticket = tb_index->request_tb_index(tb.kernel, tb.index_bound, sm_id_, t, cycle);
      tb.index_requested = true;
    }
    if (!tb.index_requested) continue;
    busy = true;
    if (std::optional<uint64_t> index = tb_index->tb_index_granted(tb.index_ticket, cycle)) {
      tb.engine->grant_tb_index(*tb.block, *index);
      tb.index_wanted = tb.index_requested = false;
      table_.refresh_tb(t);
    }
  }
  return busy;
}

// Issue and completion both happen inside this SM's tick: one addition per
// tick keeps the GPU-wide count exact at every cycle boundary.
void Sm::publish_in_flight(uint64_t cycle) {
  const uint32_t now = table_.view().memory_state.global_in_flight;
  if (live_ && now != published_in_flight_) live_->global_in_flight.add(int64_t(now) - published_in_flight_, cycle);
  published_in_flight_ = now;
}

uint64_t Sm::next_timer() const {
  uint64_t next = std::min({exec_.next_event(), fetch_.next_event(), ldst_.next_event(),
                            l1d_.next_event(), l1c_.next_event(), l1t_.next_event()});
  if (!launches_.empty()) next = std::min(next, launches_.next_ready());
  if (!phase_.empty()) next = std::min(next, phase_.next_ready());
  return next;
}

void Sm::memory_done(uint32_t warp, uint32_t tag, uint64_t cycle) {
  (void)warp;  // the tag identifies the instruction; it completes now
  exec_.memory_done(tag, cycle);
}

void Sm::writeback(uint32_t warp, const ptx::Instr& instr, bool long_latency, uint64_t memory_cycles,
                   uint32_t tag, uint64_t cycle) {
  if (instr.cls == ptx::InstrClass::Mem) table_.record_memory_latency(instr, memory_cycles);
  if (sched::is_global_memory(instr)) {
    --table_.view().memory_state.global_in_flight;
    if (live_) {
      live_->global_done.add(1, cycle);
      live_->global_latency_sum.add(int64_t(memory_cycles), cycle);
    }
  }
  ThreadDependencies& deps = table_.warps()[warp].deps;
  collector_.write_registers(warp, tag ? deps.rf_row(tag) : 0, instr.writes, cycle);
  table_.scoreboard().release(warp, instr.writes);
  if (tag) deps.complete(tag);  // a large warp's sub-warp
  table_.drop_in_flight(table_.warp_views()[warp].tb_slot);
  --table_.warps()[warp].issued_in_flight;
  if (long_latency) --table_.view().units.pending_loads;
  table_.refresh_wait(warp);  // a writeback moves no instruction
  changed_ = true;
}

void Sm::report(stats::SmCounters& out) const {
  out = counters_;
  out.lockstep_issue_orders = issue_policy_->compared_decisions();
  out.lockstep_fetch_picks = fetch_policy_->compared_decisions();
  out.lockstep_subwarps = issue_.compared_subwarps();
  fetch_.report(out);
  l1d_.report(out.l1d);
  l1c_.report(out.l1c);
  l1t_.report(out.l1t);
  ldst_.report(out);
}

namespace {

const char* wait_name(sched::WarpWait w) {
  switch (w) {
    case sched::WarpWait::Ready: return "ready";
    case sched::WarpWait::Empty: return "empty";
    case sched::WarpWait::Fetch: return "waiting for fetch";
    case sched::WarpWait::Control: return "refetching after a branch";
    case sched::WarpWait::Data: return "waiting for operands";
    case sched::WarpWait::Barrier: return "at a barrier";
    case sched::WarpWait::Sibling: return "held for its sibling warps";
    case sched::WarpWait::Exited: return "exited";
  }
  return "?";
}

}  // namespace

std::string Sm::describe_running() const {
  std::map<std::string, uint32_t> groups;  // ordered: the same text for the same state
  for (uint32_t w = 0; w < table_.warp_views().size(); ++w) {
    const sched::WarpView& v = table_.warp_views()[w];
    const WarpSlot& slot = table_.warps()[w];
    if (!v.valid || !slot.warp) continue;
    ++groups[fmt::format("{}, {}", table_.tbs()[v.tb_slot].engine->where(*slot.warp), wait_name(v.wait))];
  }
  std::string out;
  for (const auto& [state, count] : groups)
    out += fmt::format("{}{} warp{} {}", out.empty() ? "" : "; ", count, count == 1 ? "" : "s", state);
  return out.empty() ? out : fmt::format("SM {}: {}", sm_id_, out);
}

bool Sm::idle() const {
  return table_.resident_tbs() == 0 && launches_.empty() && !collector_.busy() &&
         exec_.next_event() == kIdle && !ldst_.busy() && !l1d_.busy() && !l1c_.busy() && !l1t_.busy();
}

}  // namespace scwarp::sm
