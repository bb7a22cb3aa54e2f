#include "tb/cosim/rtl_mwf_policy.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "Vbaws_cosim_top.h"
#include "Vbaws_cosim_top___024root.h"
#include "sc_model/common/error.h"
#include "sc_model/sched/mwf_policy.h"
#include "sc_model/sched/registry.h"
#include "tb/cosim/verilated_bits.h"
#include "tb/cosim/verilated_block.h"

namespace scwarp::cosim {

using sched::kNoWarp;
using sched::SmView;
using sched::WarpView;
using sched::WarpWait;

namespace {

constexpr unsigned kWW = clog2(kRtlWarps), kTW = clog2(kRtlTbs), kRW = clog2(kRtlWarps + 1);
static_assert(kRtlWarps <= 64, "per-warp masks are packed into one 64-bit word");

void clear_events(Vbaws_cosim_top& t) {
  t.launch_i = 0;
  t.issue_valid_i = 0;
  t.issue_warp_i = 0;
  t.issue_tb_i = 0;
  t.arrive_i = 0;
  t.release_i = 0;
  t.fetch_valid_i = 0;
  t.fetch_sched_i = 0;
}

}  // namespace

RtlMwfPolicy::RtlMwfPolicy(const sched::PolicyContext& ctx, sched::IntraTbOrder intra)
    : intra_(intra),
      sm_(ctx.sm),
      tbs_(ctx.max_tbs),
      cycle_timed_(ctx.cfg.rtl_timing == "cycle"),
      forced_picks_(!cycle_timed_ && ctx.cfg.sched_impl != "lockstep") {
  check_fits(ctx, "baws_top", kRtlSchedulers);
  if (ctx.cfg.mwf_named_barriers || ctx.cfg.gto_greedy_last_issue)
    throw Error("--sched-impl " + ctx.cfg.sched_impl +
                ": the BAWS RTL implements -scwarp_mwf_named_barriers 0 and -scwarp_gto_greedy_last_issue 0 "
                "only (docs/schedulers.md); use --sched-impl cpp for the other readings");
  rtl_ = std::make_unique<VerilatedBlock<Vbaws_cosim_top>>(ctx, "baws_top");
  rtl_->top().gto_i = intra == sched::IntraTbOrder::Gto;
  std::fill(std::begin(issue_warp_), std::end(issue_warp_), kNoWarp);
  std::fill(std::begin(issue_tb_), std::end(issue_tb_), 0u);
  driven_ = std::make_unique<BawsInputs>();
  next_ = std::make_unique<BawsInputs>();
}

RtlMwfPolicy::~RtlMwfPolicy() = default;

// The level inputs in the ports' own types, to compare with what the model
// last evaluated. Which outputs each one feeds (rtl/baws): the ranks (rank_o)
// read the rank inputs; the fetch pick reads those and the fetch inputs.
// (The issue picks and their input, issuable, are not in the shell: the SM
// issues in rank order.)
struct BawsInputs {
  uint64_t valid = 0, exited = 0, fetchable = 0, nonempty = 0, barrier = 0;
  std::remove_cvref_t<decltype(Vbaws_cosim_top::warp_tb_i)> warp_tb{};
  std::remove_cvref_t<decltype(Vbaws_cosim_top::tb_id_i)> tb_id{};
  std::remove_cvref_t<decltype(Vbaws_cosim_top::tb_first_i)> tb_first{};
  std::remove_cvref_t<decltype(Vbaws_cosim_top::tb_warps_i)> tb_warps{};

  bool same_rank_inputs(const BawsInputs& o) const {
    return valid == o.valid && exited == o.exited && std::memcmp(&warp_tb, &o.warp_tb, sizeof warp_tb) == 0 &&
           std::memcmp(&tb_id, &o.tb_id, sizeof tb_id) == 0 && tb_first == o.tb_first && tb_warps == o.tb_warps;
  }
  bool same_fetch_inputs(const BawsInputs& o) const {
    return same_rank_inputs(o) && fetchable == o.fetchable && nonempty == o.nonempty && barrier == o.barrier;
  }

  // The rank inputs from the view of SM `sm_id`.
  void pack_ranks(const SmView& sm, uint32_t sm_id) {
    valid = exited = 0;
    FieldPacker tb(warp_tb, kTW);  // sm.warps is indexed by slot
    for (const WarpView& w : sm.warps) {
      const uint64_t bit = uint64_t(1) << w.slot;
      if (w.valid) valid |= bit;
      if (w.wait == WarpWait::Exited) exited |= bit;
      tb.push(w.valid ? w.tb_slot : 0);
    }
    tb.finish();
    FieldPacker id(tb_id, kRtlIdBits);  // sm.tbs is indexed by TB slot
    FieldPacker first(tb_first, kWW);
    FieldPacker count(tb_warps, kRW);
    for (const sched::TbView& t : sm.tbs) {
      if (t.valid) check_tb_id(t.id, sm_id, sm.cycle);
      id.push(t.valid ? t.id : 0);
      first.push(t.valid ? t.first_warp : 0);
      count.push(t.valid ? t.warps : 0);
    }
    id.finish();
    first.finish();
    count.finish();
  }
  // The fetch inputs from the view, for this fetchable set. A separate pass:
  // an order() reads only the ranks, and most find them as evaluated, so
  // they do not touch the fields these read.
  void pack_fetch(const SmView& sm, std::span<const uint32_t> fetchable_warps) {
    nonempty = barrier = fetchable = 0;
    for (const WarpView& w : sm.warps) {
      const uint64_t bit = uint64_t(1) << w.slot;
      if (w.ibuffer_count != 0) nonempty |= bit;
      if (w.wait == WarpWait::Barrier) barrier |= bit;
    }
    for (uint32_t w : fetchable_warps) fetchable |= uint64_t(1) << w;
  }
  // The fetch inputs as `o` holds them.
  void copy_fetch(const BawsInputs& o) {
    nonempty = o.nonempty;
    barrier = o.barrier;
    fetchable = o.fetchable;
  }
};

void RtlMwfPolicy::load_events() {
  Vbaws_cosim_top& t = rtl_->top();
  for (uint32_t s = 0; s < kRtlSchedulers; ++s) {
    if (issue_warp_[s] == kNoWarp) continue;
    put_field(t.issue_valid_i, s, 1, 1);
    put_field(t.issue_warp_i, s * kWW, kWW, issue_warp_[s]);
    put_field(t.issue_tb_i, s * kTW, kTW, issue_tb_[s]);
    issue_warp_[s] = kNoWarp;
  }
  t.arrive_i = arrive_;
  t.release_i = release_;
  t.launch_i = launch_;
  arrive_ = release_ = launch_ = 0;
  if (fetch_sched_ != kNoSched) {
    t.fetch_valid_i = 1;
    t.fetch_sched_i = fetch_sched_;
    fetch_sched_ = kNoSched;
  }
}

void RtlMwfPolicy::rising_edge() {
  rtl_->rising_edge(cycle_);
  clear_events(rtl_->top());
  pending_ = false;
}

void RtlMwfPolicy::apply_events() {
  if (!pending_) return;
  load_events();
  rising_edge();
}

bool RtlMwfPolicy::ranks_pending(uint32_t sched) const {
  return issue_warp_[sched] != kNoWarp || arrive_ != 0 || release_ != 0 || launch_ != 0;
}

void RtlMwfPolicy::settle(const SmView& sm, const std::span<const uint32_t>* fetchable, bool events_needed) {
  if (cycle_timed_ && sm.cycle != cycle_) apply_events();  // the edge that ends the events' cycle
  cycle_ = sm.cycle;
  // Cycle-timed, this cycle's events wait for its end: new inputs only settle.
  const bool edge = events_needed && !cycle_timed_;
  // Nine in ten order() calls find the rank inputs as evaluated; without an
  // event that changes them, they are not read from the view again.
  if (!fetchable && !edge && settled_ && !rank_inputs_changed_) return;
  rank_inputs_changed_ = false;
  BawsInputs& in = *next_;
  in.pack_ranks(sm, sm_);
  if (fetchable) in.pack_fetch(sm, *fetchable);
  const bool same = fetchable ? in.same_fetch_inputs(*driven_) : in.same_rank_inputs(*driven_);
  if (!edge && settled_ && same) return;
  // An order() drives the fetch inputs as last driven: it does not read the pick.
  if (!fetchable) in.copy_fetch(*driven_);
  Vbaws_cosim_top& t = rtl_->top();
  t.warp_valid_i = in.valid;
  t.warp_exited_i = in.exited;
  t.warp_fetchable_i = in.fetchable;
  t.warp_ibuf_nonempty_i = in.nonempty;
  t.warp_at_barrier_i = in.barrier;
  t.warp_tb_i = in.warp_tb;
  t.tb_id_i = in.tb_id;
  t.tb_first_i = in.tb_first;
  t.tb_warps_i = in.tb_warps;
  // The shell (baws_cosim_top.v) latches the inputs at an edge, so every
  // read is one. The state's next value depends only on the event inputs:
  // with them loaded, the events and the new inputs settle in one eval;
  // without, the state keeps its value.
  if (edge) {
    load_events();
    rising_edge();
  } else {
    rtl_->rising_edge(sm.cycle);
  }
  std::swap(driven_, next_);
  settled_ = true;
}

void RtlMwfPolicy::order(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps,
                         std::vector<uint32_t>& out) {
  settle(sm, nullptr, ranks_pending(sched));
  const Vbaws_cosim_top& t = rtl_->top();
  // rank_o is each warp's place in its scheduler's order: a permutation of
  // 0 .. n-1 over the scheduler's valid warps if the RTL is right.
  const size_t begin = out.size();
  out.resize(begin + warps.size(), kNoWarp);
  for (uint32_t w : warps) {
    const uint64_t r = get_field(t.rank_o, w * kRW, kRW);
    if (r >= warps.size() || out[begin + r] != kNoWarp)
      throw Error("RTL baws_top, SM " + std::to_string(sm_) + " cycle " + std::to_string(sm.cycle) +
                  " scheduler " + std::to_string(sched) + ": rank_o of warp " + std::to_string(w) + " is " +
                  std::to_string(r) + ", not a free place among the scheduler's " +
                  std::to_string(warps.size()) + " valid warps (RTL ranks are not a permutation)");
    out[begin + r] = w;
  }
}

void RtlMwfPolicy::on_issue(const SmView& sm, uint32_t warp, uint32_t) {
  const WarpView& v = sm.warps[warp];
  const uint32_t s = v.scheduler;
  if (issue_warp_[s] != kNoWarp) apply_events();  // a second issue of s before any output was read
  issue_warp_[s] = warp;
  issue_tb_[s] = v.tb_slot;
  last_sched_ = s;
  pending_ = true;
}

void RtlMwfPolicy::on_barrier_arrive(const SmView& sm, uint32_t warp) {
  const uint32_t s = sm.warps[warp].scheduler;
  if (issue_warp_[s] != warp)
    throw Error("RTL baws_top: barrier arrival of warp " + std::to_string(warp) +
                " without its issue (the block takes arrivals only with the issued instruction)");
  arrive_ |= 1u << s;
}

void RtlMwfPolicy::on_barrier_release(const SmView&, uint32_t tb_slot) {
  const uint32_t s = last_sched_;
  if (issue_warp_[s] == kNoWarp || issue_tb_[s] != tb_slot)
    throw Error("RTL baws_top: barrier release of TB slot " + std::to_string(tb_slot) +
                " not by an instruction of that TB just issued (the block takes releases only with it)");
  release_ |= 1u << s;
}

void RtlMwfPolicy::on_warp_exit(const SmView&, uint32_t) { rank_inputs_changed_ = true; }

void RtlMwfPolicy::on_tb_finish(const SmView&, uint32_t) { rank_inputs_changed_ = true; }

void RtlMwfPolicy::on_tb_launch(const SmView&, uint32_t tb_slot) {
  // A launch clears the slot's state; it must not share an edge with an
  // earlier event of the TB that held the slot before.
  for (uint32_t s = 0; s < kRtlSchedulers; ++s)
    if (issue_warp_[s] != kNoWarp) apply_events();
  launch_ |= 1u << tb_slot;
  rank_inputs_changed_ = true;
  pending_ = true;
}

uint32_t RtlMwfPolicy::fetch_pick(const SmView& sm, std::span<const uint32_t> fetchable) {
  forced_ = forced_picks_ && fetchable.size() == 1;
  if (forced_) return fetchable[0];
  settle(sm, &fetchable, pending_);
  const Vbaws_cosim_top& t = rtl_->top();
  return t.fetch_pick_valid_o ? uint32_t(t.fetch_pick_warp_o) : kNoWarp;
}

void RtlMwfPolicy::fetched(const SmView& sm, uint32_t warp) {
  // An evaluated fetch_pick() left the outputs current and took the edge of
  // the fetch before; a forced pick did neither, so that fetch's edge comes
  // now. It may carry issues of a later cycle too: the fetch state (first_q)
  // follows fetches only, and the issue state issues only.
  if (forced_) {
    if (fetch_sched_ != kNoSched) apply_events();
  } else {
    const Vbaws_cosim_top& t = rtl_->top();
    if (fetch_sched_ != kNoSched || !t.fetch_pick_valid_o || t.fetch_pick_warp_o != warp)
      throw Error("RTL baws_top: fetch of warp " + std::to_string(warp) +
                  " that is not the block's current fetch pick (one CFF pick per cycle)");
  }
  fetch_sched_ = sm.warps[warp].scheduler;
  pending_ = true;
}

uint32_t RtlMwfPolicy::waiting(uint32_t tb_slot) {
  apply_events();
  return count(tb_slot);
}

uint32_t RtlMwfPolicy::count(uint32_t tb_slot) const {
  return uint32_t(get_field(rtl_->top().count_o, tb_slot * kRtlCountBits, kRtlCountBits));
}

void RtlMwfPolicy::fill_tables(const sched::IssuePolicy& golden, std::vector<StateTable>& tables) const {
  const auto& mwf = golden_as<sched::MwfPolicy>(golden, "MWF");
  tables.resize(1);
  fill_rows(
      tables[0], "WPT", "TB slot", show_numbers, tbs_, [&mwf](uint32_t s, Row& r) { r.push_back(mwf.waiting(s)); },
      [this](uint32_t s, Row& r) { r.push_back(count(s)); });
}

}  // namespace scwarp::cosim

namespace {
template <scwarp::sched::IntraTbOrder kIntra>
class RtlMwfVariant : public scwarp::cosim::RtlMwfPolicy {
 public:
  explicit RtlMwfVariant(const scwarp::sched::PolicyContext& ctx) : RtlMwfPolicy(ctx, kIntra) {}
};
using RtlMwfLrr = RtlMwfVariant<scwarp::sched::IntraTbOrder::Lrr>;
using RtlMwfGto = RtlMwfVariant<scwarp::sched::IntraTbOrder::Gto>;
}  // namespace

SCWARP_REGISTER_RTL_ISSUE_POLICY(RtlMwfLrr, "mwf_lrr")
SCWARP_REGISTER_RTL_ISSUE_POLICY(RtlMwfGto, "mwf_gto")
