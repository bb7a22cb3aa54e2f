#include "tb/cosim/rtl_pro_policy.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "Vpro_top.h"
#include "Vpro_top___024root.h"
#include "sc_model/common/error.h"
#include "sc_model/config/policy_options.h"
#include "sc_model/sched/registry.h"
#include "tb/cosim/pro_idle_ticks.h"
#include "tb/cosim/verilated_bits.h"
#include "tb/cosim/verilated_block.h"

namespace scwarp::cosim {

using sched::kNoWarp;
using sched::SmView;

namespace {

// pro_top's widths as tb/cosim/CMakeLists.txt Verilates it.
constexpr unsigned kWW = clog2(kRtlWarps), kTW = clog2(kRtlTbs), kNW = 8, kPW = 32, kThW = 16, kActW = 6;
// Sort-only edges after one event group before the adapter calls the block
// hung: every sort of every list and TB is far below this.
constexpr uint32_t kMaxSortEdges = 100000;

void clear_events(Vpro_top& t) {
  clear_tb_counter_events(t);
  t.phase_change_i = 0;
}

}  // namespace

RtlProPolicy::RtlProPolicy(const sched::PolicyContext& ctx)
    : sm_(ctx.sm),
      tbs_(ctx.max_tbs),
      threshold_(config::policy_count(ctx.cfg, "scwarp_pro_threshold")),
      cycle_timed_(ctx.cfg.rtl_timing == "cycle") {
  check_fits(ctx, "pro_top", 1);
  // The block adds each issue's threads (iss_active_i, at most 63) to its
  // progress counters; the C++ PRO reads the progress the pipeline counts,
  // which for a large warp grows by the whole instruction's threads when
  // its first sub-warp issues. The two orders would part.
  if (ctx.cfg.large_warp_rows() > 1)
    throw Error(fmt::format("--sched-impl {}: pro_top counts progress per issue of at most {} threads, not a "
                            "large warp's whole instruction (-scwarp_large_warp_size {}); use --sched-impl cpp "
                            "with large warps",
                            ctx.cfg.sched_impl, (1u << kActW) - 1, ctx.cfg.large_warp_size));
  if (threshold_ >= (uint32_t(1) << kThW))
    throw Error(fmt::format("--sched-impl {}: -scwarp_pro_threshold {} does not fit the RTL's {}-bit THRESHOLD "
                            "counter (THW); use a smaller threshold or --sched-impl cpp",
                            ctx.cfg.sched_impl, threshold_, kThW));
  rtl_ = std::make_unique<VerilatedBlock<Vpro_top>>(ctx, "pro_top");
  rtl_->top().threshold_i = threshold_;
  rtl_->top().tbs_waiting_i = 1;
  std::fill(std::begin(group_warp_), std::end(group_warp_), kNoWarp);
  tb_order_.reserve(kRtlTbs);
}

RtlProPolicy::~RtlProPolicy() = default;

// One clock edge with the inputs as loaded; transaction-level, then
// sort-only edges (tick_i 0, no events) until the block has nothing left to
// sort.
void RtlProPolicy::step(bool tick) {
  Vpro_top& t = rtl_->top();
  t.tick_i = tick;
  rtl_->rising_edge(rtl_cycle_);
  decoded_ = false;
  clear_events(t);
  pending_ = false;
  std::fill(std::begin(group_warp_), std::end(group_warp_), kNoWarp);
  released_.reset();
  t.tick_i = 0;
  for (uint32_t n = 0; !cycle_timed_ && !t.done_o; ++n) {
    if (n == kMaxSortEdges)
      throw Error(fmt::format("RTL pro_top, SM {} cycle {}: done_o still low {} edges after the last event "
                              "(a sort that never ends)",
                              sm_, rtl_cycle_, kMaxSortEdges));
    rtl_->rising_edge(rtl_cycle_);
  }
}

void RtlProPolicy::catch_up(const SmView& sm) {
  // Cycle-timed, the events of the current cycle wait for its end.
  while ((pending_ && !cycle_timed_) || rtl_cycle_ < sm.cycle) {
    const bool tick = rtl_cycle_ < sm.cycle;  // the group, if any, is the last of its cycle
    if (tick && !pending_) {
      const uint64_t skipped = skip_idle_ticks(sm.cycle - rtl_cycle_);
      rtl_cycle_ += skipped;
      if (skipped != 0) continue;
    }
    step(tick);
    if (tick) ++rtl_cycle_;
  }
}

// Over half of PRO's edges on matmul `small` are idle ticks (cycles the SM
// skipped or issued nothing in: no events, done_o high), each a full
// evaluation that only counts the cycle (tb/cosim/pro_idle_ticks.h); so the
// counter is advanced without them. ProIdleTicks.SkippedMatchPlainEdges
// drives the block both ways. Not for a traced block, whose VCD shows every
// edge.
uint64_t RtlProPolicy::skip_idle_ticks(uint64_t cycles) {
  Vpro_top& t = rtl_->top();
  if (rtl_->traced() || !t.done_o) return 0;
  return advance_threshold_counter(*t.rootp, threshold_, cycles);
}

void RtlProPolicy::open_group(const SmView& sm) {
  rtl_->top().tbs_waiting_i = sm.tbs_waiting;
  pending_ = true;
}

void RtlProPolicy::order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                         std::vector<uint32_t>& out) {
  catch_up(sm);
  if (!decoded_) decode_order(sm);
  const Vpro_top& t = rtl_->top();
  const size_t begin = out.size();
  // Cycle-timed, the registers may still list a TB's warps the sorter has
  // not caught up with: only this scheduler's valid warps go out.
  for (uint32_t w : sched_order_[sched])
    if (!cycle_timed_ || std::binary_search(warps.begin(), warps.end(), w)) out.push_back(w);
  // Cycle-timed, a TB the sorter has not placed yet leaves its warps out of
  // this cycle's order (the hardware cannot issue them either).
  if (cycle_timed_ ? out.size() - begin > warps.size() : out.size() - begin != warps.size())
    throw Error(fmt::format("RTL pro_top, SM {} cycle {}: scheduler {} has {} warps but the block's TB order "
                            "(order_valid_o {:#x}) and warp order list {}",
                            sm_, sm.cycle, sched, warps.size(), uint32_t(t.order_valid_o), out.size() - begin));
}

// A warp slot keeps its scheduler (WarpView::scheduler, slot % schedulers).
void RtlProPolicy::decode_order(const SmView& sm) {
  read_tb_order();
  for (std::vector<uint32_t>& o : sched_order_) o.clear();
  for (uint32_t tb : tb_order_) {
    tb_warps_.clear();
    warp_order(tb, tb_warps_);
    for (uint32_t w : tb_warps_) {
      if (w >= sm.warps.size())
        throw Error(fmt::format("RTL pro_top, SM {} cycle {}: warp_order_o of TB slot {} holds warp slot {}, "
                                "beyond the SM's {} slots",
                                sm_, sm.cycle, tb, w, sm.warps.size()));
      sched_order_[sm.warps[w].scheduler].push_back(w);
    }
  }
  decoded_ = true;
}

void RtlProPolicy::read_tb_order() {
  const Vpro_top& t = rtl_->top();
  tb_order_.clear();
  for (uint32_t i = 0; i < kRtlTbs && get_field(t.order_valid_o, i, 1); ++i)
    tb_order_.push_back(uint32_t(get_field(t.order_o, i * kTW, kTW)));
}

void RtlProPolicy::warp_order(uint32_t tb_slot, std::vector<uint32_t>& out) const {
  const Vpro_top& t = rtl_->top();
  const uint32_t first = uint32_t(get_field(t.tb_first_o, tb_slot * kWW, kWW));
  const uint32_t n = uint32_t(get_field(t.nwarps_o, tb_slot * (kWW + 1), kWW + 1));
  for (uint32_t p = first; p < first + n && p < kRtlWarps; ++p)
    out.push_back(uint32_t(get_field(t.warp_order_o, p * kWW, kWW)));
}

sched::ProTbState RtlProPolicy::state(uint32_t tb_slot) const {
  return sched::ProTbState(get_field(rtl_->top().state_o, tb_slot * 3, 3));
}

namespace {
std::string show_state(const Row& r) { return sched::to_string(sched::ProTbState(r.at(0))); }
}  // namespace

void RtlProPolicy::fill_tables(const sched::IssuePolicy& golden, std::vector<StateTable>& tables) const {
  const auto& pro = golden_as<sched::ProPolicy>(golden, "PRO");
  tables.resize(2);
  fill_rows(
      tables[0], "TB state", "TB slot", show_state, tbs_,
      [&pro](uint32_t s, Row& r) { r.push_back(uint32_t(pro.state(s))); },
      [this](uint32_t s, Row& r) { r.push_back(uint32_t(state(s))); });
  // An empty slot's stored warp order means nothing in either model.
  auto resident = [&pro](uint32_t s) { return pro.state(s) != sched::ProTbState::Empty; };
  fill_rows(
      tables[1], "warp order", "TB slot", show_numbers, tbs_,
      [&pro, resident](uint32_t s, Row& r) {
        if (resident(s)) r.assign(pro.warp_order(s).begin(), pro.warp_order(s).end());
      },
      [this, resident](uint32_t s, Row& r) {
        if (resident(s)) warp_order(s, r);
      });
}

void RtlProPolicy::on_issue(const SmView& sm, uint32_t warp, uint32_t active_threads) {
  const sched::WarpView& v = sm.warps[warp];
  begin_group(sm, [&] { return group_warp_[v.scheduler] != kNoWarp; });
  if (sm.tbs[v.tb_slot].progress >= (uint64_t(1) << kPW))
    throw Error(fmt::format("SM {} cycle {}: TB slot {} has made {} thread-instructions of progress, beyond the "
                            "RTL's {}-bit counters (PW); use --sched-impl cpp for runs this long",
                            sm_, sm.cycle, v.tb_slot, sm.tbs[v.tb_slot].progress, kPW));
  Vpro_top& t = rtl_->top();
  const uint32_t s = v.scheduler;
  put_field(t.iss_valid_i, s, 1, 1);
  put_field(t.iss_warp_i, s * kWW, kWW, warp);
  put_field(t.iss_tb_i, s * kTW, kTW, v.tb_slot);
  put_field(t.iss_active_i, s * kActW, kActW, active_threads);
  group_warp_[s] = warp;
  last_sched_ = s;
}

void RtlProPolicy::check_in_group(const char* event, uint32_t sched, uint32_t warp) const {
  if (!pending_ || group_warp_[sched] != warp)
    throw Error(fmt::format("RTL pro_top, SM {}: {} of warp {} without its issued instruction (the block takes "
                            "it only with the instruction)",
                            sm_, event, warp));
}

void RtlProPolicy::on_barrier_arrive(const SmView& sm, uint32_t warp) {
  const sched::WarpView& v = sm.warps[warp];
  check_in_group("barrier arrival", v.scheduler, warp);
  put_field(rtl_->top().arr_valid_i, v.scheduler, 1, 1);
  released_.arrive(v.tb_slot);
}

// The release rides the pending edge of the instruction that caused it, with
// the warps it lets go (BarrierReleaseCount).
void RtlProPolicy::on_barrier_release(const SmView& sm, uint32_t tb_slot) {
  const uint32_t group_warp = group_warp_[last_sched_];
  if (group_warp == kNoWarp || sm.warps[group_warp].tb_slot != tb_slot)
    throw Error(fmt::format("RTL pro_top, SM {}: barrier release of TB slot {} not by an instruction of that TB "
                            "just issued (the block takes releases only with it)",
                            sm_, tb_slot));
  Vpro_top& t = rtl_->top();
  const uint32_t s = last_sched_;
  const uint64_t released = released_.release(tb_slot, get_field(t.nbar_o, tb_slot * kNW, kNW),
                                              sm.tbs[tb_slot].warps_at_barrier, "pro_top", sm_);
  put_field(t.rel_valid_i, s, 1, 1);
  put_field(t.rel_cnt_i, s * kNW, kNW, released);
}

void RtlProPolicy::on_warp_exit(const SmView& sm, uint32_t warp) {
  const uint32_t s = sm.warps[warp].scheduler;
  check_in_group("warp exit", s, warp);
  put_field(rtl_->top().exit_valid_i, s, 1, 1);
}

void RtlProPolicy::on_tb_launch(const SmView& sm, uint32_t tb_slot) {
  begin_group(sm, [this] { return rtl_->top().launch_valid_i != 0; });
  const sched::TbView& tb = sm.tbs[tb_slot];
  check_tb_id(tb.id, sm_, sm.cycle);
  Vpro_top& t = rtl_->top();
  t.launch_valid_i = 1;
  t.launch_tb_i = tb_slot;
  t.launch_id_i = uint32_t(tb.id);
  t.launch_first_i = tb.first_warp;
  t.launch_nwarps_i = tb.warps;
}

void RtlProPolicy::on_tb_finish(const SmView& sm, uint32_t tb_slot) {
  begin_group(sm, [this] { return rtl_->top().finish_valid_i != 0; });
  Vpro_top& t = rtl_->top();
  t.finish_valid_i = 1;
  t.finish_tb_i = tb_slot;
}

void RtlProPolicy::on_phase_change(const SmView& sm) {
  begin_group(sm, [this] { return rtl_->top().phase_change_i != 0; });
  rtl_->top().phase_change_i = 1;
}

}  // namespace scwarp::cosim

SCWARP_REGISTER_RTL_ISSUE_POLICY(scwarp::cosim::RtlProPolicy, "pro")
