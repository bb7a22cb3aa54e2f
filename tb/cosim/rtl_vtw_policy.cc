#include "tb/cosim/rtl_vtw_policy.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <iterator>
#include <string>
#include <utility>

#include "Vvtw_cosim_top.h"
#include "Vvtw_cosim_top___024root.h"
#include "sc_model/common/error.h"
#include "sc_model/sched/registry.h"
#include "sc_model/sched/vtw_policy.h"
#include "tb/cosim/verilated_bits.h"
#include "tb/cosim/verilated_block.h"

namespace scwarp::cosim {

using sched::kNoWarp;
using sched::SmView;

namespace {

// vtw_sched's widths as tb/cosim/CMakeLists.txt Verilates it.
constexpr unsigned kWW = clog2(kRtlWarps), kTW = clog2(kRtlTbs), kNW = 8, kActW = 6;

void clear_events(Vvtw_cosim_top& t) {
  clear_tb_counter_events(t);
  t.enter_valid_i = 0;
}

}  // namespace

RtlVtwPolicy::RtlVtwPolicy(const sched::PolicyContext& ctx)
    : sm_(ctx.sm),
      tbs_(ctx.max_tbs),
      cycle_timed_(ctx.cfg.rtl_timing == "cycle"),
      lockstep_(ctx.cfg.sched_impl == "lockstep"),
      iteration_(kRtlWarps, 0) {
  // Each scheduler's pick tree owns the slots w % S: exactly S schedulers.
  check_fits(ctx, "vtw_sched", kRtlSchedulers);
  rtl_ = std::make_unique<VerilatedBlock<Vvtw_cosim_top>>(ctx, "vtw_sched");
  std::fill(std::begin(port_warp_), std::end(port_warp_), kNoWarp);
  std::fill(std::begin(port_tb_), std::end(port_tb_), kNoWarp);
}

RtlVtwPolicy::~RtlVtwPolicy() = default;

void RtlVtwPolicy::edge() {
  rtl_->rising_edge(rtl_cycle_);
  held_exhausted_ = rtl_->top().exhausted_i;
  pending_ = false;
  clear_events(rtl_->top());
  std::fill(std::begin(port_warp_), std::end(port_warp_), kNoWarp);
  std::fill(std::begin(port_tb_), std::end(port_tb_), kNoWarp);
  released_.reset();
}

// With no event valid and exhausted_i as the block registered it, an edge
// changes none of vtw_sched's state. Transaction-level that is how the
// inputs stand when no edge is due; cycle-timed, the cycle's events and the
// next cycle's slow phase may be loaded already, and are held off this edge.
void RtlVtwPolicy::candidate_edge() {
  Vvtw_cosim_top& t = rtl_->top();
  CData* const inputs[] = {&t.finish_valid_i, &t.launch_valid_i, &t.iss_valid_i, &t.arr_valid_i,
                           &t.rel_valid_i,    &t.exit_valid_i,   &t.enter_valid_i, &t.exhausted_i};
  CData loaded[std::size(inputs)];
  for (size_t i = 0; i < std::size(inputs); ++i) loaded[i] = std::exchange(*inputs[i], 0);
  t.exhausted_i = CData(held_exhausted_);
  rtl_->rising_edge(rtl_cycle_);
  for (size_t i = 0; i < std::size(inputs); ++i) *inputs[i] = loaded[i];
}

void RtlVtwPolicy::event_done() { pending_ = true; }

bool RtlVtwPolicy::edge_due() const { return pending_ || rtl_->top().exhausted_i != held_exhausted_; }

// The slow phase's input: TBs whose kernel has no logical TB index left.
void RtlVtwPolicy::drive_exhausted(const SmView& sm) {
  uint32_t exhausted = 0;
  for (const sched::TbView& tb : sm.tbs) exhausted |= uint32_t(tb.valid && tb.indices_exhausted) << tb.slot;
  rtl_->top().exhausted_i = exhausted;
}

// The pending edge ends cycle rtl_cycle_; the cycles the SM skipped after
// it have no events, and the block keeps no state that moves by itself.
void RtlVtwPolicy::catch_up(const SmView& sm) {
  if (rtl_cycle_ >= sm.cycle) return;
  if (cycle_timed_) {
    if (edge_due()) edge();
    drive_exhausted(sm);  // registered at the edge that ends the new cycle
  }
  rtl_cycle_ = sm.cycle;
}

namespace {
CData& flag_of(Vvtw_cosim_top& t, int event) {
  CData* const flags[] = {&t.iss_valid_i, &t.arr_valid_i, &t.rel_valid_i, &t.exit_valid_i, &t.enter_valid_i};
  return *flags[event];
}
}  // namespace

bool RtlVtwPolicy::tb_changing(uint32_t tb) const {
  const Vvtw_cosim_top& t = rtl_->top();
  return (t.launch_valid_i && t.launch_tb_i == tb) || (t.finish_valid_i && t.finish_tb_i == tb);
}

void RtlVtwPolicy::port_event(PortEvent event, uint32_t port, uint32_t warp, uint32_t tb) {
  Vvtw_cosim_top& t = rtl_->top();
  CData& flag = flag_of(t, int(event));
  const bool other_owner = port_tb_[port] != kNoWarp &&
                           (port_tb_[port] != tb || (warp != kNoWarp && port_warp_[port] != kNoWarp &&
                                                     port_warp_[port] != warp));
  if (other_owner || get_field(flag, port, 1) || tb_changing(tb)) edge();
  if (warp != kNoWarp) {
    port_warp_[port] = warp;
    put_field(t.iss_warp_i, port * kWW, kWW, warp);
  }
  port_tb_[port] = tb;
  put_field(t.iss_tb_i, port * kTW, kTW, tb);
  put_field(flag, port, 1, 1);
}

void RtlVtwPolicy::tb_event(const SmView& sm, uint32_t tb) {
  catch_up(sm);
  const Vvtw_cosim_top& t = rtl_->top();
  bool pending = t.launch_valid_i || t.finish_valid_i;
  for (uint32_t p = 0; p < kRtlSchedulers; ++p) pending |= port_tb_[p] == tb;
  // A launch or finish shares no edge with its slot's other events, nor with
  // another launch or finish (they have one port each).
  if (pending) edge();
}

void RtlVtwPolicy::sync_iterations(const SmView& sm) {
  catch_up(sm);
  // No warp's iteration moved since the last look: nothing to give the block.
  if (sm.iteration_changes == iteration_changes_seen_) return;
  iteration_changes_seen_ = sm.iteration_changes;
  for (uint32_t w = 0; w < sm.warps.size(); ++w) {
    const sched::WarpView& v = sm.warps[w];
    if (!v.valid || v.iteration == iteration_[w]) continue;
    if (v.iteration != iteration_[w] + 1)
      throw Error(fmt::format("RTL vtw_sched, SM {} cycle {}: warp {} moved from iteration {} to {} between two "
                              "calls (the block takes one step at a time)",
                              sm_, sm.cycle, w, iteration_[w], v.iteration));
    port_event(PortEvent::Enter, v.scheduler, w, v.tb_slot);
    event_done();
    iteration_[w] = v.iteration;
  }
}

uint32_t RtlVtwPolicy::pick(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps) {
  uint64_t cand = 0;
  for (uint32_t w : warps) {
    if (w % kRtlSchedulers != sched)
      throw Error(fmt::format("RTL vtw_sched, SM {} cycle {}: warp {} is given to scheduler {}, but the block's "
                              "scheduler {} picks among slots w % {} == {} only",
                              sm_, sm.cycle, w, sched, sched, kRtlSchedulers, sched));
    cand |= uint64_t(sched::can_issue(sm, w)) << w;
  }
  // The pick is none with no candidate, and the candidate with one (the
  // trees' only valid leaf), whatever the registers hold: no evaluation, the
  // events keep waiting (4 in 10 picks on merge_sort `small`). Lockstep
  // compares the block's counters and its pick after every order(), so
  // there a candidate's pick and waiting events take their edge now.
  const bool due = !cycle_timed_ && edge_due();
  if (!lockstep_ && std::popcount(cand) <= 1) return cand == 0 ? kNoWarp : uint32_t(std::countr_zero(cand));
  if (cand == 0 && !due) return kNoWarp;
  Vvtw_cosim_top& t = rtl_->top();
  t.cand_i = cand;
  // The shell latches cand_i at an edge. Transaction-level the events so
  // far take their edge now, whose evaluation also gives the pick; else an
  // edge loads the candidates only.
  if (due) {
    edge();
  } else {
    candidate_edge();
  }
  if (!get_field(t.pick_valid_o, sched, 1)) return kNoWarp;
  const uint32_t w = uint32_t(get_field(t.pick_o, sched * kWW, kWW));
  if (w >= kRtlWarps || !((cand >> w) & 1u))
    throw Error(fmt::format("RTL vtw_sched, SM {} cycle {}: scheduler {} picked warp {}, which is not a candidate",
                            sm_, sm.cycle, sched, w));
  return w;
}

void RtlVtwPolicy::order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                         std::vector<uint32_t>& out) {
  sync_iterations(sm);
  if (!cycle_timed_) drive_exhausted(sm);  // cycle-timed: as the cycle started (catch_up)
  if (lockstep_) seen_.assign(sm.tbs.begin(), sm.tbs.end());  // what fill_tables() compares
  last_pick_ = pick(sm, sched, warps);
  if (last_pick_ != kNoWarp) out.push_back(last_pick_);
  for (uint32_t w : warps)
    if (w != last_pick_) out.push_back(w);
}

// An entry into the next iteration only changes the iteration state, which a
// plain issue does not touch: entries wait for the next other event or
// order() (an entry of this warp then shares its port's edge).
void RtlVtwPolicy::on_issue(const SmView& sm, uint32_t warp, uint32_t active_threads) {
  catch_up(sm);
  const sched::WarpView& v = sm.warps[warp];
  port_event(PortEvent::Issue, v.scheduler, warp, v.tb_slot);
  put_field(rtl_->top().iss_active_i, v.scheduler * kActW, kActW, active_threads);
  event_done();
}

void RtlVtwPolicy::on_barrier_arrive(const SmView& sm, uint32_t warp) {
  sync_iterations(sm);
  const sched::WarpView& v = sm.warps[warp];
  port_event(PortEvent::Arrive, v.scheduler, warp, v.tb_slot);
  released_.arrive(v.tb_slot);
  event_done();
}

// The release, with the warps it lets go (BarrierReleaseCount), takes the
// port of the TB's pending warp event if there is one, else a free port.
void RtlVtwPolicy::on_barrier_release(const SmView& sm, uint32_t tb_slot) {
  sync_iterations(sm);
  const auto owns = [&](uint32_t tb) {
    return std::find(std::begin(port_tb_), std::end(port_tb_), tb) - std::begin(port_tb_);
  };
  uint32_t port = uint32_t(owns(tb_slot));
  if (port == kRtlSchedulers) port = uint32_t(owns(kNoWarp)) % kRtlSchedulers;
  port_event(PortEvent::Release, port, kNoWarp, tb_slot);
  Vvtw_cosim_top& t = rtl_->top();
  const uint64_t released = released_.release(tb_slot, get_field(t.nbar_o, tb_slot * kNW, kNW),
                                              sm.tbs[tb_slot].warps_at_barrier, "vtw_sched", sm_);
  put_field(t.rel_cnt_i, port * kNW, kNW, released);
  event_done();
}

void RtlVtwPolicy::on_warp_exit(const SmView& sm, uint32_t warp) {
  sync_iterations(sm);
  const sched::WarpView& v = sm.warps[warp];
  port_event(PortEvent::Exit, v.scheduler, warp, v.tb_slot);
  event_done();
}

void RtlVtwPolicy::on_tb_launch(const SmView& sm, uint32_t tb_slot) {
  const sched::TbView& tb = sm.tbs[tb_slot];
  if (tb.launch_order >= (uint64_t(1) << kRtlIdBits))
    throw Error(fmt::format("RTL vtw_sched, SM {} cycle {}: TB launch {} does not fit the {}-bit age port (IDW); "
                            "use --sched-impl cpp for runs this long",
                            sm_, sm.cycle, tb.launch_order, kRtlIdBits));
  tb_event(sm, tb_slot);
  Vvtw_cosim_top& t = rtl_->top();
  t.launch_valid_i = 1;
  t.launch_tb_i = tb_slot;
  t.launch_id_i = uint32_t(tb.launch_order);
  t.launch_first_i = tb.first_warp;
  t.launch_nwarps_i = tb.warps;
  for (uint32_t i = 0; i < tb.warps; ++i) iteration_.at(tb.first_warp + i) = sm.warps[tb.first_warp + i].iteration;
  event_done();
}

void RtlVtwPolicy::on_tb_finish(const SmView& sm, uint32_t tb_slot) {
  tb_event(sm, tb_slot);
  Vvtw_cosim_top& t = rtl_->top();
  t.finish_valid_i = 1;
  t.finish_tb_i = tb_slot;
  event_done();
}

void RtlVtwPolicy::fill_tables(const sched::IssuePolicy& golden, std::vector<StateTable>& tables) const {
  golden_as<sched::VtwPolicy>(golden, "VTW");
  tables.resize(1);
  const Vvtw_cosim_top& t = rtl_->top();
  auto resident = [this](uint32_t s) { return s < seen_.size() && seen_[s].valid; };
  fill_rows(
      tables[0], "TB counts (at barrier, exited, a next iteration ahead)", "TB slot", show_numbers, tbs_,
      [this, resident](uint32_t s, Row& r) {
        if (resident(s)) r = {seen_[s].warps_at_barrier, seen_[s].warps_exited, seen_[s].warps_ahead};
      },
      [&t, resident](uint32_t s, Row& r) {
        if (resident(s))
          r = {uint32_t(get_field(t.nbar_o, s * kNW, kNW)), uint32_t(get_field(t.nfin_o, s * kNW, kNW)),
               uint32_t(get_field(t.nahead_o, s * kNW, kNW))};
      });
}

}  // namespace scwarp::cosim

SCWARP_REGISTER_RTL_ISSUE_POLICY(scwarp::cosim::RtlVtwPolicy, "vtw")
