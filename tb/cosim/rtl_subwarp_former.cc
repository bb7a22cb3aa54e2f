#include "tb/cosim/rtl_subwarp_former.h"

#include <fmt/format.h>

#include <bit>
#include <string>
#include <utility>

#include "Vlwm_subwarp_former.h"
#include "Vlwm_subwarp_former___024root.h"
#include "sc_model/common/error.h"
#include "tb/cosim/rtl_params.h"
#include "tb/cosim/verilated_bits.h"
#include "tb/cosim/verilated_block.h"

namespace scwarp::cosim {

namespace {

constexpr unsigned kRowBits = clog2(kRtlLwmRows), kSlotBits = clog2(kRtlLwmSlots);

void check_fits(const config::GpuConfig& cfg) {
  // Its adapter takes an edge per former operation: transaction level only.
  if (cfg.rtl_timing == "cycle")
    throw Error("-scwarp_rtl_timing cycle: the LWM sub-warp former's RTL adapter is transaction-level only; use "
                "-scwarp_rtl_timing transaction (or -scwarp_large_warp_size 32)");
  const uint32_t rows = cfg.large_warp_rows(), slots = cfg.scheduled_warps_per_sm();
  if (rows <= kRtlLwmRows && slots <= kRtlLwmSlots) return;
  throw Error(fmt::format("--sched-impl {}: the Verilated LWM sub-warp former is built for large warps of at most "
                          "{} rows ({} threads) and at most {} large warp slots per SM; this config has {} rows "
                          "and {} slots (rebuild tb/cosim with other K and LW, or use --sched-impl cpp)",
                          cfg.sched_impl, kRtlLwmRows, kRtlLwmRows * func::kWarpSize, kRtlLwmSlots, rows, slots));
}

// The block has no VCD of its own: -scwarp_trace_rtl's file is the issue
// policy block's.
sched::PolicyContext untraced(const sm::FormerContext& ctx) {
  static thread_local config::GpuConfig cfg;
  cfg = ctx.cfg;
  cfg.trace_rtl.clear();
  return {cfg, ctx.view.sm, cfg.scheduled_warps_per_sm(), cfg.max_tbs_per_sm, cfg.schedulers_per_sm};
}

}  // namespace

RtlSubwarpFormer::RtlSubwarpFormer(const sm::FormerContext& ctx) : view_(ctx.view) {
  check_fits(ctx.cfg);
  block_ = std::make_unique<VerilatedBlock<Vlwm_subwarp_former>>(untraced(ctx), "LWM sub-warp former");
}

RtlSubwarpFormer::~RtlSubwarpFormer() = default;

// Rows past the large warp's (a smaller K than the block's) stay 0.
void RtlSubwarpFormer::begin(uint32_t warp, sm::UnitChoice unit, const func::ExecRecord& whole,
                             std::vector<func::ExecRecord>& rows, bool single) {
  Vlwm_subwarp_former& top = block_->top();
  for (uint32_t r = 0; r < kRtlLwmRows; ++r)
    put_field(top.begin_mask_i, r * func::kWarpSize, func::kWarpSize, r < rows.size() ? rows[r].exec_mask : 0);
  top.begin_i = 1;
  top.begin_warp_i = warp;
  top.begin_single_i = single;
  top.take_i = 0;
  block_->rising_edge(view_.cycle);
  top.begin_i = 0;
  settled_ = false;
  unit_ = unit;
  whole_ = whole;
  rows_.swap(rows);
}

bool RtlSubwarpFormer::busy() const { return block_->top().busy_o; }
bool RtlSubwarpFormer::single() const { return block_->top().single_o; }
uint32_t RtlSubwarpFormer::warp() const { return block_->top().warp_o; }

sm::Subwarp RtlSubwarpFormer::next(const sm::ThreadDependencies& deps) {
  Vlwm_subwarp_former& top = block_->top();
  bool changed = false;
  for (uint32_t r = 0; r < kRtlLwmRows; ++r) {
    const uint64_t bits = r < rows_.size() ? deps.pending(r) : 0;
    if (get_field(top.pending_i, r * func::kWarpSize, func::kWarpSize) == bits) continue;
    put_field(top.pending_i, r * func::kWarpSize, func::kWarpSize, bits);
    changed = true;
  }
  // A sub-warp whose unit was busy is asked for again, mostly with the same
  // bits: with no edge since, the outputs are the last evaluation's.
  if (changed || !settled_) block_->settle(view_.cycle);
  settled_ = true;
  sm::Subwarp s;
  s.lanes = top.lanes_o;
  for (uint32_t c = 0; c < func::kWarpSize; ++c)
    if (s.lanes >> c & 1u) s.row[c] = uint8_t(get_field(top.row_o, c * kRowBits, kRowBits));
  return s;
}

// The block takes the sub-warp its encoders formed for the pending bits
// next() drove, which is `s`. No settle after the edge: what is read before
// the next next() (busy_o, warp_o, single_o) comes from the registers as
// the edge's evaluation left them, and next() settles the encoders itself.
void RtlSubwarpFormer::take(const sm::Subwarp& s, func::ExecRecord& out) {
  Vlwm_subwarp_former& top = block_->top();
  sm::subwarp_record(whole_, rows_, s, top.single_o, out);
  top.take_i = 1;
  block_->rising_edge(view_.cycle);
  top.take_i = 0;
  settled_ = false;
}

LockstepSubwarpFormer::LockstepSubwarpFormer(std::unique_ptr<sm::SubwarpFormerIf> golden,
                                             std::unique_ptr<sm::SubwarpFormerIf> rtl, const sm::FormerContext& ctx)
    : golden_(std::move(golden)), rtl_(std::move(rtl)), view_(ctx.view), sched_(ctx.sched) {}

void LockstepSubwarpFormer::begin(uint32_t warp, sm::UnitChoice unit, const func::ExecRecord& whole,
                                  std::vector<func::ExecRecord>& rows, bool single) {
  rtl_rows_ = rows;  // copies into the reused vector: the golden half takes `rows`
  rtl_->begin(warp, unit, whole, rtl_rows_, single);
  golden_->begin(warp, unit, whole, rows, single);
}

namespace {

bool same(const sm::Subwarp& a, const sm::Subwarp& b) {
  if (a.lanes != b.lanes) return false;
  for (uint32_t m = a.lanes; m; m &= m - 1)
    if (a.row[std::countr_zero(m)] != b.row[std::countr_zero(m)]) return false;
  return true;
}

std::string describe(const sm::Subwarp& s, bool single, bool busy) {
  std::string rows;
  for (uint32_t c = 0; c < func::kWarpSize; ++c) rows += s.lanes >> c & 1u ? char('0' + s.row[c]) : '.';
  return fmt::format("lanes 0x{:08x}, rows by column (0 first) {}{}{}", s.lanes, rows, single ? ", jump" : "",
                     busy ? ", busy" : ", done");
}

}  // namespace

sm::Subwarp LockstepSubwarpFormer::next(const sm::ThreadDependencies& deps) {
  const sm::Subwarp golden = golden_->next(deps), rtl = rtl_->next(deps);
  ++compared_;
  if (!same(golden, rtl) || golden_->single() != rtl_->single()) mismatch("sub-warp formed", golden, rtl);
  return golden;
}

void LockstepSubwarpFormer::take(const sm::Subwarp& s, func::ExecRecord& out) {
  golden_->take(s, out);
  rtl_->take(s, rtl_record_);
  if (golden_->busy() != rtl_->busy()) mismatch("busy after the take of", s, s);
}

void LockstepSubwarpFormer::mismatch(const char* what, const sm::Subwarp& golden, const sm::Subwarp& rtl) const {
  throw Error(fmt::format("lockstep mismatch (--sched-impl lockstep) at cycle {}, SM {}, scheduler {}, large warp "
                          "slot {}: {}\n  C++ former: {}\n  RTL former: {}",
                          view_.cycle, view_.sm, sched_, golden_->warp(), what,
                          describe(golden, golden_->single(), golden_->busy()),
                          describe(rtl, rtl_->single(), rtl_->busy())));
}

namespace {
[[maybe_unused]] const bool scwarp_lwm_former_registered = [] {
  sm::register_rtl_subwarp_former(
      [](const sm::FormerContext& ctx) { return std::make_unique<RtlSubwarpFormer>(ctx); });
  sm::register_former_lockstep([](std::unique_ptr<sm::SubwarpFormerIf> golden,
                                  std::unique_ptr<sm::SubwarpFormerIf> rtl, const sm::FormerContext& ctx) {
    return std::make_unique<LockstepSubwarpFormer>(std::move(golden), std::move(rtl), ctx);
  });
  return true;
}();
}  // namespace

}  // namespace scwarp::cosim
