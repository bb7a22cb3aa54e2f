#include "tb/cosim/rtl_vtw_policy.h"

#include <fmt/format.h>

#include <string>

#include "Vvtw_sched.h"
#include "sc_model/common/error.h"
#include "sc_model/sched/registry.h"
#include "sc_model/sched/vtw_policy.h"
#include "tb/cosim/verilated_bits.h"
#include "tb/cosim/verilated_block.h"

namespace scwarp::cosim {

using sched::SmView;

namespace {

// vtw_sched's widths as tb/cosim/CMakeLists.txt Verilates it.
constexpr unsigned kWW = clog2(kRtlWarps), kTW = clog2(kRtlTbs), kNW = 8;
// Two passes of W*(W-1)/2 edges (one running, one requested) and margin.
constexpr uint32_t kMaxSortEdges = 3 * kRtlWarps * kRtlWarps;

void clear_events(Vvtw_sched& t) {
  t.finish_valid_i = 0;
  t.launch_valid_i = 0;
  t.iss_valid_i = 0;
  t.arr_valid_i = 0;
  t.rel_valid_i = 0;
  t.rel_cnt_i = 0;
  t.exit_valid_i = 0;
  t.enter_valid_i = 0;
}

// Scheduler port 0 carries the event: the block takes one per port per edge.
void load_warp(Vvtw_sched& t, const SmView& sm, uint32_t warp) {
  t.iss_warp_i = warp;
  t.iss_tb_i = sm.warps[warp].tb_slot;
}

}  // namespace

RtlVtwPolicy::RtlVtwPolicy(const sched::PolicyContext& ctx)
    : sm_(ctx.sm), tbs_(ctx.max_tbs), iteration_(kRtlWarps, 0), member_(kRtlWarps, 0) {
  check_fits(ctx, "vtw_sched", 1);
  rtl_ = std::make_unique<VerilatedBlock<Vvtw_sched>>(ctx, "vtw_sched");
}

RtlVtwPolicy::~RtlVtwPolicy() = default;

void RtlVtwPolicy::edge(uint64_t cycle) {
  rtl_->rising_edge(cycle);
  clear_events(rtl_->top());
}

void RtlVtwPolicy::sync_iterations(const SmView& sm) {
  Vvtw_sched& t = rtl_->top();
  for (uint32_t w = 0; w < sm.warps.size(); ++w) {
    const sched::WarpView& v = sm.warps[w];
    if (!v.valid || v.iteration == iteration_[w]) continue;
    if (v.iteration != iteration_[w] + 1)
      throw Error(fmt::format("RTL vtw_sched, SM {} cycle {}: warp {} moved from iteration {} to {} between two "
                              "calls (the block takes one step at a time)",
                              sm_, sm.cycle, w, iteration_[w], v.iteration));
    load_warp(t, sm, w);
    t.enter_valid_i = 1;
    edge(sm.cycle);
    iteration_[w] = v.iteration;
  }
}

void RtlVtwPolicy::sort(const SmView& sm) {
  sync_iterations(sm);
  Vvtw_sched& t = rtl_->top();
  uint32_t exhausted = 0;
  for (const sched::TbView& tb : sm.tbs) exhausted |= uint32_t(tb.valid && tb.indices_exhausted) << tb.slot;
  t.exhausted_i = exhausted;
  for (uint32_t n = 0; !t.done_o || n == 0; ++n) {
    if (n == kMaxSortEdges)
      throw Error(fmt::format("RTL vtw_sched, SM {} cycle {}: done_o still low {} edges after the last event "
                              "(a sort that never ends)",
                              sm_, sm.cycle, kMaxSortEdges));
    edge(sm.cycle);
  }
}

void RtlVtwPolicy::order(const SmView& sm, uint32_t, std::span<const uint32_t> warps, std::vector<uint32_t>& out) {
  sort(sm);
  seen_.assign(sm.tbs.begin(), sm.tbs.end());
  for (uint32_t w : warps) member_.at(w) = 1;
  const Vvtw_sched& t = rtl_->top();
  const size_t begin = out.size();
  for (uint32_t p = 0; p < kRtlWarps; ++p) {
    const uint32_t w = uint32_t(get_field(t.order_o, p * kWW, kWW));
    if (w < member_.size() && member_[w]) out.push_back(w), member_[w] = 0;
  }
  if (out.size() - begin != warps.size())
    throw Error(fmt::format("RTL vtw_sched, SM {} cycle {}: order_o holds {} of the scheduler's {} warps",
                            sm_, sm.cycle, out.size() - begin, warps.size()));
}

void RtlVtwPolicy::on_issue(const SmView& sm, uint32_t warp, uint32_t active_threads) {
  sync_iterations(sm);
  Vvtw_sched& t = rtl_->top();
  load_warp(t, sm, warp);
  t.iss_valid_i = 1;
  t.iss_active_i = active_threads;
  edge(sm.cycle);
}

void RtlVtwPolicy::on_barrier_arrive(const SmView& sm, uint32_t warp) {
  sync_iterations(sm);
  Vvtw_sched& t = rtl_->top();
  load_warp(t, sm, warp);
  t.arr_valid_i = 1;
  edge(sm.cycle);
}

// The block learns how many warps the release let go from its own count.
void RtlVtwPolicy::on_barrier_release(const SmView& sm, uint32_t tb_slot) {
  sync_iterations(sm);
  Vvtw_sched& t = rtl_->top();
  const uint32_t waiting = uint32_t(get_field(t.nbar_o, tb_slot * kNW, kNW));
  t.iss_tb_i = tb_slot;
  t.rel_valid_i = 1;
  t.rel_cnt_i = waiting - sm.tbs[tb_slot].warps_at_barrier;
  edge(sm.cycle);
}

void RtlVtwPolicy::on_warp_exit(const SmView& sm, uint32_t warp) {
  sync_iterations(sm);
  Vvtw_sched& t = rtl_->top();
  load_warp(t, sm, warp);
  t.exit_valid_i = 1;
  edge(sm.cycle);
}

void RtlVtwPolicy::on_tb_launch(const SmView& sm, uint32_t tb_slot) {
  const sched::TbView& tb = sm.tbs[tb_slot];
  if (tb.launch_order >= (uint64_t(1) << kRtlIdBits))
    throw Error(fmt::format("RTL vtw_sched, SM {} cycle {}: TB launch {} does not fit the {}-bit age port (IDW); "
                            "use --sched-impl cpp for runs this long",
                            sm_, sm.cycle, tb.launch_order, kRtlIdBits));
  Vvtw_sched& t = rtl_->top();
  t.launch_valid_i = 1;
  t.launch_tb_i = tb_slot;
  t.launch_id_i = uint32_t(tb.launch_order);
  t.launch_first_i = tb.first_warp;
  t.launch_nwarps_i = tb.warps;
  for (uint32_t i = 0; i < tb.warps; ++i) iteration_.at(tb.first_warp + i) = sm.warps[tb.first_warp + i].iteration;
  edge(sm.cycle);
}

void RtlVtwPolicy::on_tb_finish(const SmView& sm, uint32_t tb_slot) {
  Vvtw_sched& t = rtl_->top();
  t.finish_valid_i = 1;
  t.finish_tb_i = tb_slot;
  edge(sm.cycle);
}

void RtlVtwPolicy::fill_tables(const sched::IssuePolicy& golden, std::vector<StateTable>& tables) const {
  golden_as<sched::VtwPolicy>(golden, "VTW");
  tables.resize(1);
  const Vvtw_sched& t = rtl_->top();
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
