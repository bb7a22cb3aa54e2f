#include "sc_model/sm/warp_table.h"

#include <bit>
#include <string>

#include "sc_model/common/error.h"
#include "sc_model/sm/op_timing.h"

namespace scwarp::sm {

using sched::WarpWait;

WarpTable::WarpTable(const config::GpuConfig& cfg, const OpAssigner& ops, uint32_t sm_id)
    : warps_(cfg.scheduled_warps_per_sm(), WarpSlot(cfg.ibuffer_entries)),
      tbs_(cfg.max_tbs_per_sm),
      warp_views_(cfg.scheduled_warps_per_sm()),
      tb_views_(cfg.max_tbs_per_sm),
      by_scheduler_(cfg.schedulers_per_sm),
      waits_(cfg.schedulers_per_sm),
      fetchable_(cfg.scheduled_warps_per_sm()),
      touched_tbs_(cfg.max_tbs_per_sm),
      cfg_(cfg),
      ops_(ops),
      fetch_on_empty_(cfg.fetch_on_empty),
      fetch_barrel_(cfg.fetch_barrel),
      large_warps_(cfg.large_warp_rows() > 1),
      scoreboard_(cfg.scheduled_warps_per_sm()) {
  if (cfg.schedulers_per_sm == 0) throw Error("SM: gpgpu_num_sched_per_core must be at least 1");
  for (uint32_t w = 0; w < warp_views_.size(); ++w) {
    warp_views_[w].slot = w;
    warp_views_[w].scheduler = w % cfg.schedulers_per_sm;
    ++waits_[warp_views_[w].scheduler][size_t(warp_views_[w].wait)];
  }
  for (uint32_t t = 0; t < tb_views_.size(); ++t) tb_views_[t].slot = t;
  for (auto& list : by_scheduler_) list.reserve(warps_.size());
  view_.sm = sm_id;
  view_.memory_state.long_latency_cycles = cfg.l1_latency + 32;
  view_.schedulers = cfg.schedulers_per_sm;
  view_.warps = warp_views_;
  view_.tbs = tb_views_;
}

uint32_t WarpTable::free_tb_slot() const {
  for (uint32_t t = 0; t < tbs_.size(); ++t)
    if (!tbs_[t].block) return t;
  return sched::kNoWarp;
}

uint32_t WarpTable::free_warp_range(uint32_t count) const {
  uint32_t run = 0;
  for (uint32_t w = 0; w < warps_.size(); ++w) {
    run = warps_[w].warp ? 0 : run + 1;
    if (run == count) return w + 1 - count;
  }
  return sched::kNoWarp;
}

uint32_t WarpTable::place(TbLaunch launch, uint64_t cycle) {
  uint32_t count = uint32_t(launch.block->scheduled_warp_count());
  uint32_t t = free_tb_slot();
  uint32_t first = count ? free_warp_range(count) : sched::kNoWarp;
  if (t == sched::kNoWarp || first == sched::kNoWarp)
    throw Error("SM " + std::to_string(view_.sm) + ": no room for block " + std::to_string(launch.id) +
                " of kernel " + std::to_string(launch.kernel) + " (" + std::to_string(count) +
                " warps; the dispatcher and the SM disagree on capacity)");
  for (uint32_t i = 0; i < count; ++i) {
    WarpSlot& slot = warps_[first + i];
    slot.warp = &launch.block->scheduled_warp(i);
    slot.block = launch.block.get();
    slot.engine = launch.engine;
    slot.ibuffer.flush();
    slot.set_fetch_pos(CodePos{slot.warp->next_function(), slot.warp->next_pc()});
    slot.fetch_in_flight = slot.refetching = slot.exited = false;
    slot.issued_in_flight = 0;
    ++slot.generation;
    scoreboard_.clear(first + i);
    slot.deps.reset(cfg_.large_warp_rows());
    sched::WarpView& v = warp_views_[first + i];
    v.valid = true;
    v.tb_slot = t;
    v.warp_in_tb = i;
    v.issued = v.progress = 0;
    v.waiting_on_memory = false;
    v.issued_class = ptx::InstrClass::IntAlu;
    v.issued_space = ptx::Space::None;
  }
  TbSlot& tb = tbs_[t];
  tb.engine = launch.engine;
  tb.block = std::move(launch.block);
  tb.kernel = launch.kernel;
  tb.start_cycle = cycle;
  tb.warp_instructions = tb.thread_instructions = 0;
  tb.in_flight = 0;
  tb_views_[t] = sched::TbView{.slot = t, .valid = true, .id = launch.id, .kernel = launch.kernel, .launch_cycle = cycle,
                               .launch_order = launches_++, .first_warp = first, .warps = count};
  ++resident_;
  resident_virtual_ += tb.engine->uses_virtual_tbs();
  touch_tb(t);
  rebuild_scheduler_lists();
  refresh_tb(t);
  return t;
}

void WarpTable::remove(uint32_t t) {
  sched::TbView& v = tb_views_[t];
  for (uint32_t w = v.first_warp; w < v.first_warp + v.warps; ++w) {
    warps_[w].warp = nullptr;
    warps_[w].block = nullptr;
    warps_[w].engine = nullptr;
    warps_[w].ibuffer.flush();
    ++warps_[w].generation;
    warp_views_[w].valid = false;
    set_wait(w, WarpWait::Empty);
    warp_views_[w].ibuffer_count = 0;
    fetchable_.erase(w);
  }
  resident_virtual_ -= tbs_[t].engine->uses_virtual_tbs();
  tbs_[t] = TbSlot{};
  v.valid = false;
  --resident_;
  rebuild_scheduler_lists();
}

void WarpTable::rebuild_scheduler_lists() {
  for (auto& list : by_scheduler_) list.clear();
  for (uint32_t w = 0; w < warps_.size(); ++w)
    if (warps_[w].warp) by_scheduler_[w % by_scheduler_.size()].push_back(w);
}

void WarpTable::update_fetchable(uint32_t w) {
  const WarpSlot& slot = warps_[w];
  const bool has_space = fetch_on_empty_ ? slot.ibuffer.size() == 0 : slot.ibuffer.room() > 0;
  // A large warp is not fetched while it is broken down into sub-warps;
  // barrel processing relaxes for it to ThreadDependencies::refetch_ready.
  const bool barrel_ready = large_warps_ ? !slot.deps.forming() && (!fetch_barrel_ || slot.deps.refetch_ready())
                                         : !fetch_barrel_ || slot.issued_in_flight == 0;
  fetchable_.set(w, slot.warp && !slot.exited && !slot.fetch_in_flight && has_space && barrel_ready &&
                 slot.fetch_pos.pc < slot.fetch_end);
}

void WarpTable::refresh(uint32_t w) {
  update_fetchable(w);
  set_wait(w, current_wait(w, true));
}

void WarpTable::refresh_wait(uint32_t w) {
  update_fetchable(w);
  set_wait(w, current_wait(w, false));
}

void WarpTable::set_wait(uint32_t w, WarpWait wait) {
  sched::WarpView& v = warp_views_[w];
  --waits_[v.scheduler][size_t(v.wait)];
  ++waits_[v.scheduler][size_t(wait)];
  v.wait = wait;
}

// Warp w's wait reason as of now; updates its other view fields on the way.
WarpWait WarpTable::current_wait(uint32_t w, bool head_moved) {
  const WarpSlot& slot = warps_[w];
  sched::WarpView& v = warp_views_[w];
  v.ibuffer_count = slot.ibuffer.size();
  v.waiting_on_memory = false;
  if (!slot.warp) return WarpWait::Empty;
  if (head_moved) {
    const uint32_t iteration = slot.warp->iteration();
    view_.iteration_changes += iteration != v.iteration;
    v.iteration = iteration;
  }
  func::WarpState state = slot.warp->state();
  if (state == func::WarpState::Exited) return WarpWait::Exited;
  if (state == func::WarpState::AtBarrier) return WarpWait::Barrier;
  if (slot.ibuffer.empty()) return slot.refetching ? WarpWait::Control : WarpWait::Fetch;
  const ptx::Instr& head = *slot.ibuffer.head().instr;
  if (head_moved) update_head_fields(w, head);
  v.head_was_long = head.cls == ptx::InstrClass::Mem && long_latency_.contains(&head);
  if (large_warps_ && !slot.deps.any_free(*slot.warp)) {
    v.waiting_on_memory = slot.deps.long_latency_pending();
    return WarpWait::Data;
  }
  if (!large_warps_) {
    const Scoreboard::Hazard hazard = scoreboard_.hazard(w, head);
    v.waiting_on_memory = hazard == Scoreboard::Hazard::Memory;
    if (hazard != Scoreboard::Hazard::None) return WarpWait::Data;
  }
  return sibling_wait(w);
}

// What the head instruction is and how many threads it runs.
void WarpTable::update_head_fields(uint32_t w, const ptx::Instr& head) {
  const func::Warp& warp = *warps_[w].warp;
  sched::WarpView& v = warp_views_[w];
  const bool memory = head.cls == ptx::InstrClass::Mem;
  v.head_class = head.cls;
  v.head_unit = ops_(head).unit;
  v.head_space = memory ? sched::space_before_execution(head.space) : ptx::Space::None;
  v.head_active_threads = warp.active_threads();
  v.live_threads = warp.live_threads();
  v.diverged = v.head_active_threads < v.live_threads;
}

// Ready, unless a virtual warp is held for its siblings (func::SiblingHold);
// one waiting for a logical TB index makes its TB ask for one.
WarpWait WarpTable::sibling_wait(uint32_t w) {
  const WarpSlot& slot = warps_[w];
  if (!slot.engine->uses_virtual_tbs()) return WarpWait::Ready;  // only virtual TBs hold (the engine's check, inline)
  const func::SiblingHold hold = slot.engine->sibling_hold(*slot.block, *slot.warp);
  if (hold == func::SiblingHold::None) return WarpWait::Ready;
  if (hold == func::SiblingHold::Index) {
    TbSlot& tb = tbs_[warp_views_[w].tb_slot];
    tb.index_wanted = true;
    tb.index_bound = slot.engine->tb_index_bound(*slot.block, *slot.warp);
  }
  return WarpWait::Sibling;
}

void WarpTable::record_memory_latency(const ptx::Instr& instr, uint64_t cycles) {
  if (cycles > view_.memory_state.long_latency_cycles) long_latency_.insert(&instr);
  else long_latency_.erase(&instr);
}

void WarpTable::refresh_tb(uint32_t t) {
  sched::TbView& v = tb_views_[t];
  const TbSlot& tb = tbs_[t];
  const func::IterationSpread spread = tb.engine->iterations(*tb.block);
  v.min_iteration = spread.min;
  v.warps_ahead = spread.ahead;
  for (uint32_t w = v.first_warp; w < v.first_warp + v.warps; ++w) refresh(w);
}

}  // namespace scwarp::sm
