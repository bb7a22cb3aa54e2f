#include "sc_model/sm/issue_stage.h"

#include <bit>
#include <optional>
#include <string>

#include "sc_model/common/lane_count.h"
#include "sc_model/common/error.h"
#include "sc_model/sm/former_registry.h"

namespace scwarp::sm {

namespace {

// Global/local loads (and atomics) and texture fetches (as GPGPU-Sim's
// scoreboard marks tex_space loads) wait for DRAM: the long-latency
// dependences two-level scheduling and WarpView::waiting_on_memory track.
// Seed 002's unconditional branch: a jump forms a single sub-warp.
bool is_jump(const ptx::Instr& instr) { return instr.op == ptx::Opcode::Bra && instr.guard == ptx::kNoReg; }

bool is_long_load(const func::ExecRecord& rec) {
  if (rec.instr->cls != ptx::InstrClass::Mem || rec.instr->writes.empty()) return false;
  return sched::is_global_space(rec.mem_space) || rec.mem_space == ptx::Space::Tex;
}

}  // namespace

IssueStage::IssueStage(sc_core::sc_module_name name, const config::GpuConfig& cfg, WarpTable& table,
                       FetchUnit& fetch, sched::IssuePolicy& policy, stats::SmCounters& counters)
    : sc_core::sc_module(name), dispatch("dispatch"), cfg_(cfg), table_(table), fetch_(fetch),
      policy_(policy), orders_every_warp_(policy.orders_every_warp_without_effects()), counters_(counters), last_stall_(cfg.schedulers_per_sm, Stall::Empty) {
  order_.reserve(table.warps().size());
  if (!table.large_warps()) return;
  for (uint32_t s = 0; s < cfg.schedulers_per_sm; ++s) formers_.push_back(make_subwarp_former({cfg, table.view(), s}));
}

bool IssueStage::tick(uint64_t cycle) {
  if (table_.resident_tbs() == 0) return false;
  table_.view().cycle = cycle;
  bool busy = false;
  units_stale_ = true;  // the collector moved since the last tick
  for (uint32_t s = 0; s < table_.schedulers(); ++s) {
    const bool issued = schedule(s, cycle);
    busy |= issued || last_stall_[s] == Stall::Structural;
    if (probe_) probe_->scheduler_cycle(s, issued ? issued_warp_ : sched::kNoWarp, last_stall_[s], cycle);
  }
  counters_.scheduler_cycles += table_.schedulers();
  return busy || policy_.changes_by_itself(table_.view());
}

bool IssueStage::schedule(uint32_t sched, uint64_t cycle) {
  // The views are current: every event that changes a warp's wait reason
  // (issue, decode, writeback, barrier release, launch) refreshes it.
  const std::vector<uint32_t>& warps = table_.scheduler_warps(sched);
  if (!formers_.empty() && formers_[sched]->busy()) {
    update_free_units(cycle);
    return issue_subwarp(sched, cycle);
  }
  if (orders_every_warp_ && !probe_) {
    // The order lists every warp of the scheduler, so what a scan of it
    // finds without an issue follows from their waits, counted (empty slots
    // as Empty, which ranks last; a Ready warp left had its unit busy, and
    // Ready ranks as structural). Without a Ready warp nothing reads the
    // units' free state (such a policy's on_no_issue does not), so it is
    // not asked for.
    if (table_.ready_warps(sched) == 0) return no_issue(sched, classify_stall(table_.wait_counts(sched)));
    update_free_units(cycle);
    const uint32_t w = policy_.first_issuable(table_.view(), sched, warps, order_);
    if (w == sched::kNoWarp) return no_issue(sched, classify_stall(table_.wait_counts(sched)));
    return issue_warp(sched, w, cycle);
  }
  update_free_units(cycle);
  order_.clear();
  if (!warps.empty()) policy_.order(table_.view(), sched, warps, order_);
  if (probe_ && sched == 0) probe_->order_seen(order_, cycle);
  bool unit_busy = false;
  for (uint32_t w : order_) {
    if (sched::can_issue(table_.view(), w)) return issue_warp(sched, w, cycle);
    unit_busy |= table_.warp_views()[w].wait == sched::WarpWait::Ready;
  }
  std::span<const uint32_t> considered = order_.empty() ? std::span<const uint32_t>(warps) : order_;
  return no_issue(sched, classify_stall(considered, table_.warp_views(), unit_busy));
}

// Scheduler `sched` issues warp `w`, which can_issue().
bool IssueStage::issue_warp(uint32_t sched, uint32_t w, uint64_t cycle) {
  if (!formers_.empty()) {
    begin_large(sched, w, cycle);
    // The policy hears of the instruction's effects after the issue of its
    // first sub-warp, as of an ordinary warp's after its issue (an RTL block
    // takes them only with an issued instruction). rec_ is the sub-warp's now.
    func::ExecRecord whole;
    func::copy_without_addresses(whole, rec_);
    const bool issued = issue_subwarp(sched, cycle);
    tell_policy_effects(w, whole);
    return issued;
  }
  issue(w, *free_unit(table_.warp_views()[w].head_unit), cycle);
  ++counters_.issued;
  issued_warp_ = w;
  return true;
}

// Scheduler `sched` issued nothing this cycle, for want of `stall`.
bool IssueStage::no_issue(uint32_t sched, Stall stall) {
  last_stall_[sched] = stall;
  count_stall(stall, 1, counters_);
  policy_.on_no_issue(table_.view(), sched);
  return false;
}

// What the policy sees as free is what issue checks, as the previous
// scheduler's issue in this cycle left it: asked again after a dispatch.
void IssueStage::update_free_units(uint64_t cycle) {
  if (!units_stale_) return;
  units_stale_ = false;
  sched::UnitState& u = table_.view().units;
  u.sp_free = dispatch->can_accept(ExecUnitKind::Sp, cycle);
  u.sfu_free = dispatch->can_accept(ExecUnitKind::Sfu, cycle);
  u.ldst_free = dispatch->can_accept(ExecUnitKind::Ldst, cycle);
}

// The unit an instruction of `choice` (WarpView::head_unit, OpAssigner's unit
// of the head as refreshed) goes to, if the operand collector has an ID_OC slot for
// it; GPGPU-Sim 3.x's SP-or-SFU operations take the SP's when free, else the
// SFU's. Read from what update_free_units() asked the collector: no dispatch
// since then, so it is what the collector would answer now.
std::optional<ExecUnitKind> IssueStage::free_unit(UnitChoice choice) const {
  const sched::UnitState& u = table_.view().units;
  if (!u.free(choice)) return std::nullopt;
  switch (choice) {
    case UnitChoice::Sp: return ExecUnitKind::Sp;
    case UnitChoice::Sfu: return ExecUnitKind::Sfu;
    case UnitChoice::Ldst: return ExecUnitKind::Ldst;
    case UnitChoice::SpOrSfu: return u.sp_free ? ExecUnitKind::Sp : ExecUnitKind::Sfu;
  }
  return std::nullopt;
}

// Takes warp `w`'s I-buffer head, which must be the instruction the
// functional engine runs next.
static void take_head(WarpSlot& slot, uint32_t sm, uint32_t w) {
  CodePos head = slot.ibuffer.head().pos;
  if (head != CodePos{slot.warp->next_function(), slot.warp->next_pc()})
    throw Error("SM " + std::to_string(sm) + " warp slot " + std::to_string(w) +
                ": I-buffer head is not the warp's next instruction (pipeline bug)");
  slot.ibuffer.pop();
}

void IssueStage::issue(uint32_t w, ExecUnitKind unit, uint64_t cycle) {
  WarpSlot& slot = table_.warps()[w];
  take_head(slot, table_.view().sm, w);
  slot.engine->set_cycle(cycle);
  slot.engine->step_into(*slot.block, *slot.warp, rec_);
  bool long_latency = is_long_load(rec_);
  dispatch->dispatch(rec_, w, long_latency, unit, cycle);
  units_stale_ = true;
  table_.scoreboard().reserve(w, rec_.instr->writes, long_latency);
  // Thread instructions count the lanes whose guard was true (GPGPU-Sim's
  // warp_inst_t::active_count() after predicated-off lanes are cleared).
  const uint32_t active = lane_count(rec_.exec_mask);
  count_dispatch(w, rec_, long_latency);
  count_instruction(w, rec_, active);
  apply_effects(w, rec_);
  measure(w, rec_, cycle);
  policy_.on_issue(table_.view(), w, active);
  tell_policy_effects(w, rec_);
}

// What one warp instruction (a whole large-warp instruction) did.
void IssueStage::count_instruction(uint32_t w, const func::ExecRecord& rec, uint32_t threads) {
  sched::WarpView& v = table_.warp_views()[w];
  table_.tbs()[v.tb_slot].thread_instructions += threads;
  counters_.thread_instructions += threads;
  v.progress += threads;
  v.issued_class = rec.instr->cls;
  v.issued_space = rec.instr->cls == ptx::InstrClass::Mem ? sched::space_before_execution(rec.instr->space)
                                                          : ptx::Space::None;
  table_.tb_views()[v.tb_slot].progress += threads;
}

// One record handed to the units: a warp instruction or a sub-warp.
void IssueStage::count_dispatch(uint32_t w, const func::ExecRecord& rec, bool long_latency) {
  if (long_latency) ++table_.view().units.pending_loads;
  if (sched::is_global_memory(*rec.instr)) ++table_.view().memory_state.global_in_flight;
  sched::WarpView& v = table_.warp_views()[w];
  table_.add_in_flight(v.tb_slot);
  ++table_.warps()[w].issued_in_flight;
  ++table_.tbs()[v.tb_slot].warp_instructions;
  ++counters_.warp_instructions;
  ++counters_.active_lanes[lane_count(rec.exec_mask)];
  ++v.issued;
}

void IssueStage::tell_policy_effects(uint32_t w, const func::ExecRecord& rec) {
  if (rec.reached_barrier) policy_.on_barrier_arrive(table_.view(), w);
  if (rec.released_barrier) policy_.on_barrier_release(table_.view(), table_.warp_views()[w].tb_slot);
  if (rec.warp_exited) policy_.on_warp_exit(table_.view(), w);
}

// A large warp's instruction executes whole when scheduler `sched`'s former
// starts on it (execute-at-issue): the warp moves on, its sub-warps follow.
void IssueStage::begin_large(uint32_t sched, uint32_t w, uint64_t cycle) {
  WarpSlot& slot = table_.warps()[w];
  const UnitChoice unit = table_.warp_views()[w].head_unit;  // before the warp moves on
  take_head(slot, table_.view().sm, w);
  slot.engine->set_cycle(cycle);
  slot.engine->step_large(*slot.block, *slot.warp, rec_, rows_);
  const bool jump = is_jump(*rec_.instr);
  slot.deps.begin_instruction(rec_.is_branch && !jump);
  uint32_t threads = 0;
  for (const func::ExecRecord& row : rows_) threads += lane_count(row.exec_mask);
  formers_[sched]->begin(w, unit, rec_, rows_, jump);  // takes rows_
  count_instruction(w, rec_, threads);
  // The TB is not done while its instruction is still being broken down
  // (its last, an exit, may have ended every warp already).
  table_.add_in_flight(table_.warp_views()[w].tb_slot);
  apply_effects(w, rec_);
  measure(w, rec_, cycle);
}

bool IssueStage::issue_subwarp(uint32_t sched, uint64_t cycle) {
  SubwarpFormerIf& former = *formers_[sched];
  const uint32_t w = former.warp();
  WarpSlot& slot = table_.warps()[w];
  const Subwarp s = former.next(slot.deps);
  const bool formed = s.lanes != 0 || former.single();
  const std::optional<ExecUnitKind> unit = formed ? free_unit(former.unit()) : std::nullopt;
  if (!unit) {
    // Its threads wait for their previous sub-warps, or its unit is busy.
    last_stall_[sched] = formed ? Stall::Structural : Stall::Data;
    count_stall(last_stall_[sched], 1, counters_);
    policy_.on_no_issue(table_.view(), sched);
    return false;
  }
  const bool single = former.single();
  former.take(s, rec_);
  const bool long_latency = is_long_load(rec_);
  rec_.tag = slot.deps.issue(single ? Subwarp{} : s, long_latency);  // a jump packs no thread
  rec_.rf_row = s.first_row();
  dispatch->dispatch(rec_, w, long_latency, *unit, cycle);
  units_stale_ = true;
  count_dispatch(w, rec_, long_latency);
  if (!former.busy()) {
    slot.deps.all_formed();
    table_.drop_in_flight(table_.warp_views()[w].tb_slot);
  }
  table_.refresh(w);
  policy_.on_issue(table_.view(), w, lane_count(rec_.exec_mask));
  ++counters_.issued;
  issued_warp_ = w;
  return true;
}

// Updates warp and TB state from what the instruction did, before the
// policy hears of it.
void IssueStage::apply_effects(uint32_t w, const func::ExecRecord& rec) {
  uint32_t t = table_.warp_views()[w].tb_slot;
  sched::TbView& tb = table_.tb_views()[t];
  if (rec.reached_barrier || rec.warp_exited || rec.released_barrier) table_.touch_tb(t);
  if (rec.reached_barrier) ++tb.warps_at_barrier;
  if (rec.warp_exited) {
    ++tb.warps_exited;
    fetch_.stop(w);
  } else {
    follow_stream(w);
  }
  if (rec.released_barrier) {
    ++tb.barriers_released;
    tb.warps_at_barrier = 0;
    func::Block& block = *table_.tbs()[t].block;
    for (uint32_t i = 0; i < tb.warps; ++i)
      tb.warps_at_barrier += block.scheduled_warp(i).state() == func::WarpState::AtBarrier;
  }
  // A virtual warp entering its next iteration may release its siblings' holds.
  if (rec.released_barrier || rec.took_tb_index) {
    table_.refresh_tb(t);
  } else {
    table_.refresh(w);
  }
}

// Barrier arrivals, releases and exits with their cycles, for the TB's metrics.
void IssueStage::measure(uint32_t w, const func::ExecRecord& rec, uint64_t cycle) {
  const sched::WarpView& v = table_.warp_views()[w];
  TbSlot& tb = table_.tbs()[v.tb_slot];
  if (rec.reached_barrier) tb.measure.warp_arrived(v.warp_in_tb, cycle);
  if (rec.warp_exited) tb.measure.warp_exited(v.warp_in_tb, cycle, v.issued, counters_.stall_cycles());
  if (!rec.released_barrier) return;
  uint32_t released = 0, barrier = 0;
  for (uint32_t i = 0; i < tb.block->scheduled_warp_count(); ++i)
    if (tb.measure.waiting(i) && tb.block->scheduled_warp(i).state() != func::WarpState::AtBarrier) {
      tb.measure.warp_released(i, cycle);
      barrier = tb.block->scheduled_warp(i).barrier();
      ++released;
    }
  tb.measure.release_done();
  if (probe_) probe_->barrier_released(v.tb_slot, barrier, released, cycle);
}

// The flush rule: execute-at-issue knows where the warp really continues.
void IssueStage::follow_stream(uint32_t w) {
  WarpSlot& slot = table_.warps()[w];
  CodePos actual{slot.warp->next_function(), slot.warp->next_pc()};
  if (!slot.ibuffer.redirected(slot.fetch_pos, actual)) return;
  fetch_.redirect(w, actual);
  ++counters_.ibuffer_flushes;
}

void IssueStage::replay_order(uint64_t cycle) {
  table_.view().cycle = cycle;
  for (uint32_t s = 0; s < table_.schedulers(); ++s) {
    order_.clear();
    const std::vector<uint32_t>& warps = table_.scheduler_warps(s);
    if (!warps.empty()) policy_.order(table_.view(), s, warps, order_);
  }
}

void IssueStage::trace_to(stats::TraceSink& sink, uint32_t sm, bool ranks_tbs) {
  probe_ = std::make_unique<TraceProbe>(sink, table_, sm, ranks_tbs);
}

uint64_t IssueStage::compared_subwarps() const {
  uint64_t n = 0;
  for (const auto& f : formers_) n += f->compared_subwarps();
  return n;
}

void IssueStage::repeat_stalls(uint64_t from, uint64_t count) {
  if (table_.resident_tbs() == 0) return;
  counters_.scheduler_cycles += count * table_.schedulers();
  for (uint32_t s = 0; s < table_.schedulers(); ++s) count_stall(last_stall_[s], count, counters_);
  if (probe_) probe_->repeat(from, count);
  // The policy hears every cycle exactly as if it had been ticked.
  for (uint64_t c = from; c < from + count; ++c) {
    table_.view().cycle = c;
    for (uint32_t s = 0; s < table_.schedulers(); ++s) policy_.on_no_issue(table_.view(), s);
  }
}

}  // namespace scwarp::sm
