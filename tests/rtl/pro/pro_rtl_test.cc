// rtl/pro (pro_top) against the C++ golden model ProPolicy, W=48 T=8 S=2.
// A harness keeps the SmView the way sc_model/sm/issue_stage.cc does
// (progress on issue, barrier / exit counters) and applies each cycle's event
// batch to both models in the RTL's documented order: ProPolicy::order()
// (periodic sort), TB finish, TB launch, phase change, then per scheduler the
// issued instruction's on_issue, on_barrier_arrive, on_barrier_release,
// on_warp_exit. After each clock edge it compares every progress counter,
// nWarpsAtBar / nWarpsFin, every TB state and the phase bit; the TB order
// only when the RTL sorter reports done (the C++ sorts instantly, the RTL in
// T*(T-1)/2 = 28 cycles per list).
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "Vpro_top.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/sched/pro_policy.h"
#include "verilated.h"

namespace scwarp::sched {
namespace {

constexpr uint32_t kW = 48, kT = 8, kS = 2, kWarpsPerSlot = kW / kT;

struct Instr {
  bool valid = false;
  uint32_t warp = 0;
  uint32_t active = 32;
  bool arrive = false;
  bool release = false;
  uint32_t rel_cnt = 0;  // warps the release lets go
  bool exit = false;
};

struct Batch {
  bool finish = false;
  uint32_t finish_tb = 0;
  bool launch = false;
  uint32_t launch_tb = 0, launch_warps = 0;
  uint64_t launch_id = 0;
  bool phase_change = false;
  Instr ins[kS];
};

class Harness {
 public:
  explicit Harness(uint32_t threshold, uint32_t cpp_threshold = 0)
      : ctx_(std::make_unique<VerilatedContext>()), warps_(kW), tbs_(kT) {
    for (uint32_t s = 0; s < kW; ++s) {
      warps_[s].slot = s;
      warps_[s].scheduler = s % kS;
    }
    for (uint32_t t = 0; t < kT; ++t) tbs_[t].slot = t;
    cfg_.pro_threshold = cpp_threshold ? cpp_threshold : threshold;
    pro_ = std::make_unique<ProPolicy>(PolicyContext{cfg_, 0, kW, kT, kS});
    rtl_ = std::make_unique<Vpro_top>(ctx_.get());
    rtl_->threshold_i = threshold;
    rtl_->tbs_waiting_i = 1;
    rtl_->clk_i = 0;
    rtl_->rst_ni = 1;  // a real falling edge: the flops reset on negedge rst_ni
    rtl_->eval();
    rtl_->rst_ni = 0;
    rtl_->eval();
    rtl_->rst_ni = 1;
    rtl_->eval();
  }
  ~Harness() { rtl_->final(); }

  ProPolicy& pro() { return *pro_; }
  Vpro_top& rtl() { return *rtl_; }
  uint64_t cycle() const { return cycle_; }
  bool tbs_waiting = true;

  const SmView& view() {
    view_.cycle = cycle_;
    view_.schedulers = kS;
    view_.tbs_waiting = tbs_waiting;
    view_.warps = warps_;
    view_.tbs = tbs_;
    return view_;
  }
  const TbView& tb(uint32_t t) const { return tbs_[t]; }
  const WarpView& warp(uint32_t w) const { return warps_[w]; }

  // One cycle: both models get the batch, then the clock edge, then checks.
  void step(const Batch& b) {
    // Each cycle the pipeline asks for an order (here scheduler 0's): the
    // periodic sort runs inside it.
    std::vector<uint32_t> mine, out;
    for (const WarpView& w : warps_)
      if (w.valid && w.scheduler == 0) mine.push_back(w.slot);
    pro_->order(view(), 0, mine, out);

    Vpro_top& r = *rtl_;
    r.tbs_waiting_i = tbs_waiting;
    r.finish_valid_i = b.finish;
    r.finish_tb_i = b.finish_tb;
    r.launch_valid_i = b.launch;
    r.launch_tb_i = b.launch_tb;
    r.launch_id_i = uint32_t(b.launch_id);
    r.launch_first_i = b.launch_tb * kWarpsPerSlot;
    r.launch_nwarps_i = b.launch_warps;
    r.phase_change_i = b.phase_change;
    uint32_t iv = 0, iw = 0, it = 0, ia = 0, arr = 0, rel = 0, rc = 0, ex = 0;

    if (b.finish) {
      tbs_[b.finish_tb].valid = false;
      for (WarpView& w : warps_)
        if (w.valid && w.tb_slot == b.finish_tb) w.valid = false;
      pro_->on_tb_finish(view(), b.finish_tb);
    }
    if (b.launch) {
      TbView& v = tbs_[b.launch_tb];
      v = TbView{b.launch_tb, true, b.launch_id, cycle_, launches_++, b.launch_tb * kWarpsPerSlot,
                 b.launch_warps, 0, 0, 0, 0};
      for (uint32_t i = 0; i < b.launch_warps; ++i) {
        WarpView& w = warps_[v.first_warp + i];
        w.valid = true;
        w.tb_slot = b.launch_tb;
        w.warp_in_tb = i;
        w.wait = WarpWait::Ready;
        w.issued = w.progress = 0;
      }
      pro_->on_tb_launch(view(), b.launch_tb);
    }
    if (b.phase_change) pro_->on_phase_change(view());
    for (uint32_t s = 0; s < kS; ++s) {
      const Instr& in = b.ins[s];
      if (!in.valid) continue;
      WarpView& w = warps_[in.warp];
      TbView& v = tbs_[w.tb_slot];
      iv |= 1u << s;
      iw |= in.warp << (6 * s);
      it |= w.tb_slot << (3 * s);
      ia |= in.active << (6 * s);
      ++w.issued;
      w.progress += in.active;
      v.progress += in.active;
      pro_->on_issue(view(), in.warp, in.active);
      if (in.arrive) {
        arr |= 1u << s;
        ++v.warps_at_barrier;
        pro_->on_barrier_arrive(view(), in.warp);
      }
      if (in.release) {
        rel |= 1u << s;
        rc |= in.rel_cnt << (8 * s);
        v.warps_at_barrier -= in.rel_cnt;
        pro_->on_barrier_release(view(), w.tb_slot);
      }
      if (in.exit) {
        ex |= 1u << s;
        ++v.warps_exited;
        pro_->on_warp_exit(view(), in.warp);
      }
    }
    r.iss_valid_i = iv;
    r.iss_warp_i = iw;
    r.iss_tb_i = it;
    r.iss_active_i = ia;
    r.arr_valid_i = arr;
    r.rel_valid_i = rel;
    r.rel_cnt_i = rc;
    r.exit_valid_i = ex;
    r.clk_i = 0;
    r.eval();
    r.clk_i = 1;
    r.eval();
    ++cycle_;
    check();
  }

  void idle(uint32_t n = 1) {
    for (uint32_t i = 0; i < n; ++i) step(Batch{});
  }
  // Idle until the RTL sorter is done; returns the cycles it took.
  uint32_t settle() {
    uint32_t n = 0;
    while (!rtl_->done_o && n < 1000) {
      idle();
      ++n;
    }
    return n;
  }

  uint32_t rtl_state(uint32_t t) const { return (rtl_->state_o >> (3 * t)) & 7u; }
  std::vector<uint32_t> rtl_order() const {
    std::vector<uint32_t> o;
    for (uint32_t i = 0; i < kT; ++i)
      if ((rtl_->order_valid_o >> i) & 1u) o.push_back((rtl_->order_o >> (3 * i)) & 7u);
    return o;
  }

  uint64_t mismatches = 0;
  uint64_t order_checks = 0;
  std::string first_mismatch;

 private:
  void fail(const std::string& what) {
    if (mismatches++ == 0) first_mismatch = "cycle " + std::to_string(cycle_) + ": " + what;
  }

  void check() {
    const Vpro_top& r = *rtl_;
    for (uint32_t w = 0; w < kW; ++w)
      if (r.warp_prog_o[w] != uint32_t(warps_[w].progress)) fail("warp " + std::to_string(w) + " progress");
    for (uint32_t t = 0; t < kT; ++t) {
      if (r.tb_prog_o[t] != uint32_t(tbs_[t].progress)) fail("TB " + std::to_string(t) + " progress");
      if (((r.nbar_o >> (8 * t)) & 0xff) != (tbs_[t].warps_at_barrier & 0xff))
        fail("TB " + std::to_string(t) + " nWarpsAtBar");
      if (((r.nfin_o >> (8 * t)) & 0xff) != (tbs_[t].warps_exited & 0xff))
        fail("TB " + std::to_string(t) + " nWarpsFin");
      if (rtl_state(t) != uint32_t(pro_->state(t)))
        fail("TB " + std::to_string(t) + " state rtl " + std::to_string(rtl_state(t)) + " c++ " +
             to_string(pro_->state(t)));
    }
    if (bool(r.slow_o) != pro_->slow_phase()) fail("phase bit");
    if (r.done_o) {
      ++order_checks;
      const std::vector<uint32_t> want(pro_->tb_order().begin(), pro_->tb_order().end());
      const std::vector<uint32_t> got = rtl_order();
      if (got != want) {
        std::ostringstream m;
        m << "TB order rtl";
        for (uint32_t t : got) m << ' ' << t;
        m << " c++";
        for (uint32_t t : want) m << ' ' << t;
        fail(m.str());
      }
    }
  }

  config::GpuConfig cfg_;
  std::unique_ptr<VerilatedContext> ctx_;
  std::vector<WarpView> warps_;
  std::vector<TbView> tbs_;
  SmView view_;
  std::unique_ptr<ProPolicy> pro_;
  std::unique_ptr<Vpro_top> rtl_;
  uint64_t cycle_ = 0;
  uint64_t launches_ = 0;
};

Batch launch(uint32_t tb, uint32_t warps, uint64_t id) {
  Batch b;
  b.launch = true;
  b.launch_tb = tb;
  b.launch_warps = warps;
  b.launch_id = id;
  return b;
}
Batch issue(uint32_t warp, uint32_t active = 32) {
  Batch b;
  b.ins[warp % kS] = Instr{true, warp, active};
  return b;
}
uint32_t first(uint32_t tb) { return tb * kWarpsPerSlot; }

#define EXPECT_CLEAN(h) \
  EXPECT_EQ((h).mismatches, 0u) << (h).first_mismatch

// Every Fig. 3 edge, with explicit state checks on top of the per-cycle
// comparison against ProPolicy.
TEST(ProRtlDirected, Fig3Transitions) {
  using S = ProTbState;
  Harness h(1000);
  h.step(launch(0, 3, 10));
  h.step(launch(1, 2, 11));
  h.step(launch(2, 2, 12));
  EXPECT_EQ(h.rtl_state(0), uint32_t(S::NoWait));
  h.step(issue(first(0)));
  h.step(issue(first(1), 7));
  // noWait -> barrierWait (arrival)
  Batch b = issue(first(0) + 1);
  b.ins[(first(0) + 1) % kS].arrive = true;
  h.step(b);
  EXPECT_EQ(h.rtl_state(0), uint32_t(S::BarrierWait));
  h.settle();
  // A partial (named-barrier) release leaves it in barrierWait.
  b = issue(first(0) + 2);
  b.ins[(first(0) + 2) % kS].arrive = true;
  h.step(b);
  h.settle();
  b = issue(first(0));
  b.ins[first(0) % kS].release = true;
  b.ins[first(0) % kS].rel_cnt = 1;
  h.step(b);
  EXPECT_EQ(h.rtl_state(0), uint32_t(S::BarrierWait));
  // barrierWait -> noWait when the last waiting warp is released
  b = issue(first(0));
  b.ins[first(0) % kS].release = true;
  b.ins[first(0) % kS].rel_cnt = 1;
  h.step(b);
  EXPECT_EQ(h.rtl_state(0), uint32_t(S::NoWait));
  // noWait -> finishWait (first exit)
  b = issue(first(1));
  b.ins[first(1) % kS].exit = true;
  h.step(b);
  EXPECT_EQ(h.rtl_state(1), uint32_t(S::FinishWait));
  h.settle();
  // barrierWait -> finishWait (first exit while a sibling waits)
  b = issue(first(2));
  b.ins[first(2) % kS].arrive = true;
  h.step(b);
  EXPECT_EQ(h.rtl_state(2), uint32_t(S::BarrierWait));
  h.settle();
  b = issue(first(2) + 1);
  b.ins[(first(2) + 1) % kS].exit = true;
  h.step(b);
  EXPECT_EQ(h.rtl_state(2), uint32_t(S::FinishWait));
  h.settle();
  // finishWait stays finishWait on an arrival
  b = issue(first(1) + 1);
  b.ins[(first(1) + 1) % kS].arrive = true;
  h.step(b);
  EXPECT_EQ(h.rtl_state(1), uint32_t(S::FinishWait));
  h.settle();
  // finishWait -> finish (last exit; its barrier warp was released first)
  b = issue(first(1) + 1);
  b.ins[(first(1) + 1) % kS].release = true;
  b.ins[(first(1) + 1) % kS].rel_cnt = 1;
  b.ins[(first(1) + 1) % kS].exit = true;
  h.step(b);
  EXPECT_EQ(h.rtl_state(1), uint32_t(S::Finish));
  h.settle();
  // finish -> empty
  Batch f;
  f.finish = true;
  f.finish_tb = 1;
  h.step(f);
  EXPECT_EQ(h.rtl_state(1), uint32_t(S::Empty));
  h.settle();
  // TB 3 into barrierWait, then the phase change: noWait -> finishNoWait,
  // finishWait -> finishNoWait, barrierWait -> barrierWait1.
  h.step(launch(3, 2, 13));
  b = issue(first(3));
  b.ins[first(3) % kS].arrive = true;
  h.step(b);
  h.settle();
  h.tbs_waiting = false;
  Batch p = launch(1, 2, 14);
  p.phase_change = true;
  h.step(p);
  EXPECT_EQ(h.rtl_state(0), uint32_t(S::FinishNoWait));
  EXPECT_EQ(h.rtl_state(1), uint32_t(S::FinishNoWait));
  EXPECT_EQ(h.rtl_state(2), uint32_t(S::FinishNoWait));
  EXPECT_EQ(h.rtl_state(3), uint32_t(S::BarrierWait1));
  EXPECT_TRUE(h.rtl().slow_o);
  h.settle();
  // barrierWait1 -> finishNoWait (release)
  b = issue(first(3) + 1);
  b.ins[(first(3) + 1) % kS].arrive = true;
  b.ins[(first(3) + 1) % kS].release = true;
  b.ins[(first(3) + 1) % kS].rel_cnt = 2;
  h.step(b);
  EXPECT_EQ(h.rtl_state(3), uint32_t(S::FinishNoWait));
  h.settle();
  // finishNoWait -> barrierWait1 (arrival); first exit in the slow phase keeps it
  b = issue(first(0) + 1);
  b.ins[(first(0) + 1) % kS].arrive = true;
  h.step(b);
  EXPECT_EQ(h.rtl_state(0), uint32_t(S::BarrierWait1));
  h.settle();
  b = issue(first(0));
  b.ins[first(0) % kS].exit = true;
  h.step(b);
  EXPECT_EQ(h.rtl_state(0), uint32_t(S::BarrierWait1));
  h.settle();
  // barrierWait1 -> finish (last exit releases nothing: the exits finish it)
  b = issue(first(0) + 2);
  b.ins[(first(0) + 2) % kS].exit = true;
  b.ins[(first(0) + 2) % kS].release = true;
  b.ins[(first(0) + 2) % kS].rel_cnt = 1;
  h.step(b);
  h.settle();
  b = issue(first(0) + 1);
  b.ins[(first(0) + 1) % kS].exit = true;
  h.step(b);
  EXPECT_EQ(h.rtl_state(0), uint32_t(S::Finish));
  h.settle();
  EXPECT_CLEAN(h);
  EXPECT_GT(h.order_checks, 20u);
}

// A 1-warp TB: first and last exit in one event (noWait -> finishWait -> finish).
TEST(ProRtlDirected, SingleWarpTbFinishesAtOnce) {
  Harness h(1000);
  h.step(launch(5, 1, 3));
  h.step(launch(6, 1, 2));
  Batch b = issue(first(5));
  b.ins[first(5) % kS].exit = true;
  h.step(b);
  EXPECT_EQ(h.rtl_state(5), uint32_t(ProTbState::Finish));
  h.settle();
  EXPECT_CLEAN(h);
}

// Sort latency: an exit (finish list), an arrival (barrier list), both in one
// cycle, and the periodic ranking sort.
TEST(ProRtlDirected, SortLatency) {
  Harness h(200);
  for (uint32_t t = 0; t < kT; ++t) h.step(launch(t, 4, 100 - t));
  h.settle();
  for (uint32_t i = 0; i < 20; ++i) h.step(issue(first(i % kT) + i % 4, 1 + i));
  ASSERT_TRUE(h.rtl().done_o);
  Batch b = issue(first(2));
  b.ins[first(2) % kS].exit = true;
  h.step(b);
  EXPECT_FALSE(h.rtl().done_o);
  EXPECT_EQ(h.settle(), 28u);  // edges after the event's edge until done
  b = issue(first(3));
  b.ins[first(3) % kS].arrive = true;
  h.step(b);
  EXPECT_EQ(h.settle(), 28u);
  b = Batch{};
  b.ins[0] = Instr{true, first(4), 32, true};
  b.ins[1] = Instr{true, first(5) + 1, 32, false, false, 0, true};
  h.step(b);
  EXPECT_EQ(h.settle(), 56u);  // two lists, one comparator
  // Periodic: due at cycle THRESHOLD+1 = 201 (ProPolicy sorts in that
  // cycle's order()); the RTL's result is visible 28 cycles later.
  while (h.cycle() <= 201) h.idle();
  EXPECT_EQ(h.pro().last_sort_cycle(), 201u);
  EXPECT_FALSE(h.rtl().done_o);
  EXPECT_EQ(h.settle(), 27u);  // 28 compare cycles 201..228; cycle 201 already stepped
  EXPECT_CLEAN(h);
}

// Seeded constrained-random stimulus; issue and events pause while the RTL
// sorter runs (the C++ sorts instantly; see docs/rtl.md).
struct RandomRun {
  uint64_t cycles = 0, quiet = 0, issues = 0, arrivals = 0, releases = 0, exits = 0, launches = 0,
           finishes = 0, phase_changes = 0, kernels = 0;
};

RandomRun run_random(Harness& h, uint32_t seed, uint64_t cycles) {
  std::mt19937 rng(seed);
  auto chance = [&rng](double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; };
  auto pick = [&rng](uint32_t n) { return std::uniform_int_distribution<uint32_t>(0, n - 1)(rng); };
  RandomRun st;
  uint32_t left = 8 + pick(12);  // TBs of the kernel not yet launched
  uint64_t next_id = 0;
  std::vector<bool> at_bar(kW, false), exited(kW, false);
  h.tbs_waiting = true;
  for (uint64_t c = 0; c < cycles; ++c) {
    ++st.cycles;
    Batch b;
    if (!h.rtl().done_o) {
      ++st.quiet;
      h.step(b);
      continue;
    }
    bool quiet_issue = false;
    // TB finish: a TB whose warps all exited.
    for (uint32_t t = 0; t < kT; ++t) {
      if (h.tb(t).valid && h.tb(t).warps_exited == h.tb(t).warps && chance(0.3)) {
        b.finish = true;
        b.finish_tb = t;
        ++st.finishes;
        break;
      }
    }
    // Launch into a free slot while the kernel has TBs left; the last one
    // raises the phase change (in a cycle without issue: ProPolicy sorts at
    // the event, the RTL after the cycle).
    if (left > 0 && chance(0.15)) {
      std::vector<uint32_t> free;
      for (uint32_t t = 0; t < kT; ++t)
        if (!h.tb(t).valid && !(b.finish && b.finish_tb == t)) free.push_back(t);
      if (!free.empty()) {
        const uint32_t t = free[pick(uint32_t(free.size()))];
        b.launch = true;
        b.launch_tb = t;
        b.launch_warps = 1 + pick(kWarpsPerSlot);
        // Ids mostly increase; sometimes a small one, to exercise tie-breaks.
        b.launch_id = chance(0.2) ? pick(8) : 100 + next_id++;
        for (uint32_t i = 0; i < b.launch_warps; ++i) at_bar[first(t) + i] = exited[first(t) + i] = false;
        ++st.launches;
        if (--left == 0) {
          h.tbs_waiting = false;
          b.phase_change = true;
          quiet_issue = true;
          ++st.phase_changes;
        }
      }
    }
    // A new kernel once the SM drained.
    if (left == 0 && !b.launch) {
      bool any = false;
      for (uint32_t t = 0; t < kT; ++t) any |= h.tb(t).valid && !(b.finish && b.finish_tb == t);
      if (!any) {
        left = 8 + pick(12);
        h.tbs_waiting = true;
        ++st.kernels;
      }
    }
    bool sorted_list_event = false;
    for (uint32_t s = 0; s < kS && !quiet_issue; ++s) {
      // A list re-sort by scheduler 0 reads keys before scheduler 1's
      // issue in ProPolicy but after it in the RTL: keep that cycle to one.
      if (sorted_list_event) break;
      if (!chance(0.75)) continue;
      std::vector<uint32_t> ready;
      for (uint32_t w = s; w < kW; w += kS) {
        const WarpView& v = h.warp(w);
        if (v.valid && h.tb(v.tb_slot).valid && !exited[w] && !at_bar[w] &&
            !(b.finish && b.finish_tb == v.tb_slot) && !(b.launch && b.launch_tb == v.tb_slot))
          ready.push_back(w);
      }
      if (ready.empty()) continue;
      Instr& in = b.ins[s];
      in.valid = true;
      in.warp = ready[pick(uint32_t(ready.size()))];
      in.active = chance(0.6) ? 32 : pick(33);
      ++st.issues;
      const uint32_t tb = h.warp(in.warp).tb_slot;
      const TbView& v = h.tb(tb);
      // Warps of this TB still running and not at the barrier, other
      // schedulers' instructions this cycle included.
      uint32_t bar = v.warps_at_barrier, ex = v.warps_exited;
      for (uint32_t q = 0; q < s; ++q) {
        if (b.ins[q].valid && h.warp(b.ins[q].warp).tb_slot == tb) {
          bar += b.ins[q].arrive ? 1 : 0;
          bar -= b.ins[q].release ? b.ins[q].rel_cnt : 0;
          ex += b.ins[q].exit ? 1 : 0;
        }
      }
      if (chance(0.06)) {
        in.arrive = true;
        at_bar[in.warp] = true;
        ++bar;
        ++st.arrivals;
        sorted_list_event = true;
      } else if (chance(0.10)) {
        in.exit = true;
        exited[in.warp] = true;
        ++ex;
        ++st.exits;
        sorted_list_event = true;
      }
      // The barrier opens when every warp still running waits at it.
      if (bar > 0 && bar == v.warps - ex) {
        in.release = true;
        in.rel_cnt = bar;
        for (uint32_t i = 0; i < v.warps; ++i) at_bar[v.first_warp + i] = false;
        ++st.releases;
      }
    }
    h.step(b);
  }
  return st;
}

class ProRtlRandom : public ::testing::TestWithParam<uint32_t> {};

TEST_P(ProRtlRandom, MatchesProPolicy) {
  Harness h(99);
  const RandomRun st = run_random(h, GetParam(), 20000);
  EXPECT_CLEAN(h);
  // The run must have exercised what it claims to.
  EXPECT_GT(h.order_checks, 2000u);
  EXPECT_GT(st.arrivals, 10u);
  EXPECT_GT(st.releases, 3u);
  EXPECT_GT(st.exits, 10u);
  EXPECT_GT(st.launches, 10u);
  EXPECT_GT(st.finishes, 3u);
  EXPECT_GE(st.phase_changes, 1u);
  RecordProperty("issues", std::to_string(st.issues));
  RecordProperty("quiet", std::to_string(st.quiet));
  std::printf("seed %u: %llu cycles, %llu quiet, %llu order checks, %llu issues, %llu arrivals, %llu releases, %llu exits, %llu launches, %llu finishes, %llu phase changes, %llu kernels\n", GetParam(), (unsigned long long)st.cycles, (unsigned long long)st.quiet, (unsigned long long)h.order_checks, (unsigned long long)st.issues, (unsigned long long)st.arrivals, (unsigned long long)st.releases, (unsigned long long)st.exits, (unsigned long long)st.launches, (unsigned long long)st.finishes, (unsigned long long)st.phase_changes, (unsigned long long)st.kernels);
}

INSTANTIATE_TEST_SUITE_P(Seeds, ProRtlRandom, ::testing::Values(1u, 2u, 3u, 20240u, 777u));

// The checker can fail: the C++ model with another THRESHOLD sorts the
// ranking at other times, and the comparison must notice.
TEST(ProRtlSelfCheck, DetectsADifferentThreshold) {
  Harness h(99, 57);
  run_random(h, 5, 3000);
  EXPECT_GT(h.mismatches, 0u);
}

}  // namespace
}  // namespace scwarp::sched
