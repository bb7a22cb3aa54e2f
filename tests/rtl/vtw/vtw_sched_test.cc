// rtl/vtw (vtw_sched) against the C++ golden model VtwPolicy, W=48 T=8 S=2,
// for both iteration-state variants (the paper's 4-byte registers and the
// one-bit ahead flag). A harness keeps the SmView the way the SM does
// (sc_model/sm/warp_table.cc: progress on issue, barrier and exit counts,
// each warp's iteration, a TB's lowest live iteration and how many live
// warps are one further) and applies each edge's events to it and to the
// RTL in the RTL's order (finish, launch, then per scheduler the issued
// instruction and its arrival, release, exit or entry into the next
// iteration). After every edge it compares the counters; when the RTL says
// done (its W*(W-1)/2-cycle pass has run on the current keys) it compares
// the full warp order with VtwPolicy::order() over every resident warp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "Vvtw_sched.h"
#include "Vvtw_sched_1b.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/sched/vtw_policy.h"
#include "tb/cosim/verilated_bits.h"
#include "verilated.h"

namespace scwarp::sched {
namespace {

using cosim::get_field;

constexpr uint32_t kW = 48, kT = 8, kS = 2, kSlotWarps = kW / kT, kWidw = 6, kTidw = 3, kNw = 8, kPw = 32;
constexpr uint32_t kSortEdges = kW * (kW - 1) / 2;

struct Instr {
  bool valid = false;
  uint32_t warp = 0;
  uint32_t active = 32;
  bool arrive = false, release = false, exit = false, enter = false;
};

struct Batch {
  bool finish = false;
  uint32_t finish_tb = 0;
  bool launch = false;
  uint32_t launch_tb = 0, launch_warps = 0;
  Instr ins[kS];
};

template <typename V>
class Harness {
 public:
  // blind_to_iterations: the golden model is shown every TB as SameIter (the
  // negative self-check: the comparison must then fail).
  explicit Harness(bool blind_to_iterations = false)
      : blind_(blind_to_iterations), ctx_(std::make_unique<VerilatedContext>()), warps_(kW), tbs_(kT) {
    for (uint32_t s = 0; s < kW; ++s) warps_[s].slot = s, warps_[s].scheduler = s % kS;
    for (uint32_t t = 0; t < kT; ++t) tbs_[t].slot = t;
    vtw_ = std::make_unique<VtwPolicy>(PolicyContext{cfg_, 0, kW, kT, kS});
    rtl_ = std::make_unique<V>(ctx_.get());
    rtl_->clk_i = 0;
    rtl_->rst_ni = 1;
    rtl_->eval();
    rtl_->rst_ni = 0;
    rtl_->eval();
    rtl_->rst_ni = 1;
    rtl_->eval();
  }
  ~Harness() { rtl_->final(); }

  V& rtl() { return *rtl_; }
  TbView& tb(uint32_t t) { return tbs_[t]; }
  WarpView& warp(uint32_t w) { return warps_[w]; }
  bool exited(uint32_t w) const { return warps_[w].wait == WarpWait::Exited; }
  bool ahead(uint32_t w) const {
    const WarpView& v = warps_[w];
    return v.iteration > tbs_[v.tb_slot].min_iteration;
  }
  uint64_t mismatches = 0, order_checks = 0;
  // Order checks that saw a class: [VtwClass] -> count.
  uint64_t class_checks[5] = {};
  std::string first_mismatch;

  void step(const Batch& b) {
    V& r = *rtl_;
    r.finish_valid_i = b.finish;
    r.finish_tb_i = b.finish_tb;
    r.launch_valid_i = b.launch;
    r.launch_tb_i = b.launch_tb;
    r.launch_id_i = uint32_t(launches_ & 0xffff);
    r.launch_first_i = b.launch_tb * kSlotWarps;
    r.launch_nwarps_i = b.launch_warps;
    if (b.finish) finish(b.finish_tb);
    if (b.launch) launch(b.launch_tb, b.launch_warps);
    uint32_t iv = 0, iw = 0, it = 0, ia = 0, arr = 0, rel = 0, rc = 0, ex = 0, en = 0;
    for (uint32_t s = 0; s < kS; ++s) {
      const Instr& in = b.ins[s];
      if (!in.valid) continue;
      WarpView& w = warps_[in.warp];
      TbView& v = tbs_[w.tb_slot];
      iv |= 1u << s, iw |= in.warp << (kWidw * s), it |= w.tb_slot << (kTidw * s), ia |= in.active << (6 * s);
      w.progress += in.active;
      v.progress += in.active;
      if (in.arrive) arr |= 1u << s, ++v.warps_at_barrier, w.wait = WarpWait::Barrier;
      if (in.release) {
        rel |= 1u << s, rc |= v.warps_at_barrier << (kNw * s);
        for (uint32_t i = 0; i < v.warps; ++i)
          if (warps_[v.first_warp + i].wait == WarpWait::Barrier) warps_[v.first_warp + i].wait = WarpWait::Ready;
        v.warps_at_barrier = 0;
      }
      if (in.exit) ex |= 1u << s, ++v.warps_exited, w.wait = WarpWait::Exited;
      if (in.enter) en |= 1u << s, ++w.iteration;
      spread(v);
    }
    r.iss_valid_i = iv, r.iss_warp_i = iw, r.iss_tb_i = it, r.iss_active_i = ia;
    r.arr_valid_i = arr, r.rel_valid_i = rel, r.rel_cnt_i = rc, r.exit_valid_i = ex, r.enter_valid_i = en;
    r.exhausted_i = exhausted_bits();
    clock();
  }
  // Edges with no event until the RTL's pass is over (at most two passes).
  void settle() {
    for (uint32_t i = 0; i < 2 * kSortEdges + 4 && !rtl_->done_o; ++i) step(Batch{});
  }
  void set_exhausted(uint32_t t) { tbs_[t].indices_exhausted = true; }

  // The golden order of every resident warp.
  std::vector<uint32_t> golden() {
    std::vector<TbView> shown = tbs_;
    if (blind_)
      for (TbView& t : shown) t.warps_ahead = 0;
    SmView view;
    view.schedulers = kS;
    view.warps = warps_;
    view.tbs = shown;
    std::vector<uint32_t> all, out;
    for (const WarpView& w : warps_)
      if (w.valid) all.push_back(w.slot);
    vtw_->order(view, 0, all, out);
    return out;
  }
  std::vector<uint32_t> rtl_order() const {
    std::vector<uint32_t> out;
    for (uint32_t p = 0; p < kW; ++p) {
      const uint32_t w = uint32_t(get_field(rtl_->order_o, p * kWidw, kWidw));
      if ((rtl_->wvalid_o >> w) & 1u) out.push_back(w);
    }
    return out;
  }

 private:
  void finish(uint32_t t) {
    tbs_[t].valid = false;
    for (WarpView& w : warps_)
      if (w.valid && w.tb_slot == t) w.valid = false;
  }
  void launch(uint32_t t, uint32_t n) {
    tbs_[t] = TbView{.slot = t, .valid = true, .launch_order = launches_++, .first_warp = t * kSlotWarps, .warps = n};
    for (uint32_t i = 0; i < n; ++i) {
      WarpView& w = warps_[t * kSlotWarps + i];
      w.valid = true, w.tb_slot = t, w.warp_in_tb = i, w.wait = WarpWait::Ready, w.progress = 0, w.iteration = 0;
    }
  }
  // TbView::min_iteration / warps_ahead as warp_table.cc computes them.
  void spread(TbView& v) {
    uint32_t lo = ~0u, n = 0;
    for (uint32_t i = 0; i < v.warps; ++i)
      if (!exited(v.first_warp + i)) lo = std::min(lo, warps_[v.first_warp + i].iteration);
    if (lo == ~0u) lo = 0;
    for (uint32_t i = 0; i < v.warps; ++i) n += !exited(v.first_warp + i) && warps_[v.first_warp + i].iteration > lo;
    v.min_iteration = lo, v.warps_ahead = n;
  }
  uint32_t exhausted_bits() const {
    uint32_t e = 0;
    for (uint32_t t = 0; t < kT; ++t) e |= uint32_t(tbs_[t].valid && tbs_[t].indices_exhausted) << t;
    return e;
  }
  void clock() {
    rtl_->clk_i = 0;
    rtl_->eval();
    rtl_->clk_i = 1;
    rtl_->eval();
    check_counters();
    if (rtl_->done_o) check_order();
  }
  void mismatch(const std::string& what) {
    if (mismatches++ == 0) first_mismatch = what;
  }
  void check_counters() {
    for (uint32_t t = 0; t < kT; ++t) {
      if (!tbs_[t].valid) continue;
      const TbView& v = tbs_[t];
      if (get_field(rtl_->tb_prog_o, t * kPw, kPw) != v.progress) mismatch("TB " + std::to_string(t) + " progress");
      if (get_field(rtl_->nbar_o, t * kNw, kNw) != v.warps_at_barrier) mismatch("TB " + std::to_string(t) + " nbar");
      if (get_field(rtl_->nfin_o, t * kNw, kNw) != v.warps_exited) mismatch("TB " + std::to_string(t) + " nfin");
      if (get_field(rtl_->nahead_o, t * kNw, kNw) != v.warps_ahead) mismatch("TB " + std::to_string(t) + " nahead");
      for (uint32_t i = 0; i < v.warps; ++i) {
        const uint32_t w = v.first_warp + i;
        if (get_field(rtl_->warp_prog_o, w * kPw, kPw) != warps_[w].progress)
          mismatch("warp " + std::to_string(w) + " progress");
        // The flag matters (and is defined alike) while some live warp is ahead.
        if (v.warps_ahead > 0 && ((rtl_->ahead_o >> w) & 1u) != ahead(w))
          mismatch("warp " + std::to_string(w) + " ahead flag");
      }
    }
  }
  void check_order() {
    ++order_checks;
    const std::vector<uint32_t> g = golden(), r = rtl_order();
    SmView view;
    view.warps = warps_;
    view.tbs = tbs_;
    bool seen[5] = {};
    for (uint32_t w : g) seen[uint32_t(VtwPolicy::class_of(view, w))] = true;
    for (uint32_t c = 0; c < 5; ++c) class_checks[c] += seen[c];
    if (g == r) return;
    std::string s = "order: golden";
    for (uint32_t w : g) s += " " + std::to_string(w);
    s += ", rtl";
    for (uint32_t w : r) s += " " + std::to_string(w);
    mismatch(s);
  }

  bool blind_;
  config::GpuConfig cfg_;
  std::unique_ptr<VerilatedContext> ctx_;
  std::vector<WarpView> warps_;
  std::vector<TbView> tbs_;
  std::unique_ptr<VtwPolicy> vtw_;
  std::unique_ptr<V> rtl_;
  uint64_t launches_ = 0;
};

Batch launch_batch(uint32_t tb, uint32_t warps) {
  Batch b;
  b.launch = true, b.launch_tb = tb, b.launch_warps = warps;
  return b;
}

Instr issue(uint32_t warp, uint32_t active = 32) { return Instr{.valid = true, .warp = warp, .active = active}; }

// Seed 004 Algorithm 1's four fast-phase classes at once (the scene of
// tests/sched/vtw_policy_test.cc on W=48 slots: TB t owns slots 6t, 6t+1).
template <typename V>
void expect_algorithm1_scene() {
  Harness<V> h;
  for (uint32_t t = 0; t < 6; ++t) h.step(launch_batch(t, 2));
  auto slot = [](uint32_t w) { return (w / 2) * kSlotWarps + w % 2; };  // scene warp -> slot
  for (uint32_t w = 0; w < 12; ++w) {
    Batch b;
    b.ins[0] = issue(slot(w), 10 + w);
    h.step(b);
  }
  auto arrive = [&](uint32_t w) {
    Batch b;
    b.ins[0] = issue(slot(w), 0);
    b.ins[0].arrive = true;
    h.step(b);
  };
  arrive(4);  // TB 2: one warp waits
  arrive(6);  // TB 3: two
  arrive(7);
  for (uint32_t w : {8u, 10u}) {  // TBs 4, 5: their first warp an iteration ahead
    Batch b;
    b.ins[0] = issue(slot(w), 0);
    b.ins[0].enter = true;
    h.step(b);
  }
  h.settle();
  ASSERT_TRUE(h.rtl().done_o);
  std::vector<uint32_t> expected;
  for (uint32_t w : {6u, 7u, 4u, 5u, 11u, 9u, 3u, 2u, 1u, 0u, 10u, 8u}) expected.push_back(slot(w));
  EXPECT_EQ(h.rtl_order(), expected);
  EXPECT_EQ(h.golden(), expected);
  EXPECT_EQ(h.mismatches, 0u) << h.first_mismatch;
}

TEST(VtwRtl, Algorithm1FastPhaseClasses) { expect_algorithm1_scene<Vvtw_sched>(); }
TEST(VtwRtl, Algorithm1FastPhaseClassesOneBitAhead) { expect_algorithm1_scene<Vvtw_sched_1b>(); }

// Slow phase: TBs by increasing progress, warps by increasing progress.
TEST(VtwRtl, SlowPhaseInverseProgress) {
  Harness<Vvtw_sched_1b> h;
  for (uint32_t t = 0; t < 3; ++t) h.step(launch_batch(t, 2));
  const uint32_t progress[6] = {30, 5, 1, 2, 20, 20};
  for (uint32_t i = 0; i < 6; ++i) {
    Batch b;
    b.ins[0] = issue((i / 2) * kSlotWarps + i % 2, progress[i]);
    h.step(b);
  }
  for (uint32_t t = 0; t < 3; ++t) h.set_exhausted(t);
  h.step(Batch{});
  h.settle();
  const std::vector<uint32_t> expected = {6, 7, 1, 0, 12, 13};  // TB progress 3, 35, 40
  EXPECT_EQ(h.rtl_order(), expected);
  EXPECT_EQ(h.mismatches, 0u) << h.first_mismatch;
}

// A pass over the W warps takes W*(W-1)/2 edges with the one comparator.
TEST(VtwRtl, SortTakesWTimesWMinus1Over2Edges) {
  Harness<Vvtw_sched> h;
  h.step(launch_batch(0, 6));
  uint32_t edges = 0;
  while (!h.rtl().done_o && edges < 4 * kSortEdges) h.step(Batch{}), ++edges;
  EXPECT_EQ(edges, kSortEdges);
}

// Seeded random SM: launches, issues (progress), barriers, entries into the
// next iteration (never two ahead), exits, finishes and the slow phase.
template <typename V>
void run_random(Harness<V>& h, uint32_t seed, uint32_t events) {
  std::mt19937 rng(seed);
  auto pct = [&](uint32_t p) { return rng() % 100 < p; };
  for (uint32_t e = 0; e < events; ++e) {
    Batch b;
    std::vector<uint32_t> free_tbs, done_tbs;
    for (uint32_t t = 0; t < kT; ++t) {
      if (!h.tb(t).valid) free_tbs.push_back(t);
      else if (h.tb(t).warps_exited == h.tb(t).warps) done_tbs.push_back(t);
    }
    if (!done_tbs.empty() && pct(50)) b.finish = true, b.finish_tb = done_tbs[rng() % done_tbs.size()];
    if (!free_tbs.empty() && pct(20)) {
      b.launch = true, b.launch_tb = free_tbs[rng() % free_tbs.size()], b.launch_warps = 1 + rng() % kSlotWarps;
      if (b.finish && b.finish_tb == b.launch_tb) b.launch = false;
    }
    std::vector<uint32_t> ready;
    for (uint32_t w = 0; w < kW; ++w)
      if (h.warp(w).valid && h.warp(w).wait == WarpWait::Ready && !(b.finish && h.warp(w).tb_slot == b.finish_tb) &&
          !(b.launch && h.warp(w).tb_slot == b.launch_tb))
        ready.push_back(w);
    for (uint32_t s = 0; s < kS; ++s) {
      std::vector<uint32_t> mine;
      for (uint32_t w : ready)
        if (w % kS == s) mine.push_back(w);
      if (mine.empty() || !pct(70)) continue;
      const uint32_t w = mine[rng() % mine.size()];
      Instr& in = b.ins[s];
      in = issue(w, 1 + rng() % 32);
      const TbView& v = h.tb(h.warp(w).tb_slot);
      const uint32_t kind = rng() % 100;
      if (kind < 15 && !h.ahead(w)) in.enter = true;
      else if (kind < 20) in.exit = true;
      else if (kind < 27) in.arrive = true;
      // The barrier lets go when its last warp arrives (here: or at random
      // earlier, as a release of fewer warps than the TB has).
      in.release = in.arrive && (v.warps_at_barrier + 2 >= v.warps - v.warps_exited || pct(20));
    }
    // Two schedulers never release the same TB's barrier in one cycle.
    if (b.ins[0].valid && b.ins[1].valid && h.warp(b.ins[0].warp).tb_slot == h.warp(b.ins[1].warp).tb_slot)
      b.ins[1].arrive = b.ins[1].release = false;
    h.step(b);
    // The last logical TB index goes out late in the run (the slow phase).
    if (e > events * 3 / 4 && pct(2))
      for (uint32_t t = 0; t < kT; ++t)
        if (h.tb(t).valid && pct(30)) h.set_exhausted(t);
    if (pct(10)) h.settle();
  }
  h.settle();
}

template <typename V>
void expect_random_run(uint32_t seed) {
  Harness<V> h;
  run_random(h, seed, 4000);
  EXPECT_EQ(h.mismatches, 0u) << h.first_mismatch;
  EXPECT_GT(h.order_checks, 50u);
  for (uint32_t c = 0; c < 5; ++c) EXPECT_GT(h.class_checks[c], 10u) << "class " << c;
  std::printf("seed %u: %llu order checks; with Barrier %llu, DiffIter lower %llu, SameIter %llu, DiffIter higher %llu, "
              "slow %llu\n", seed, (unsigned long long)h.order_checks, (unsigned long long)h.class_checks[0],
              (unsigned long long)h.class_checks[1], (unsigned long long)h.class_checks[2],
              (unsigned long long)h.class_checks[3], (unsigned long long)h.class_checks[4]);
}

class VtwRtlRandom : public ::testing::TestWithParam<uint32_t> {};
TEST_P(VtwRtlRandom, MatchesVtwPolicy) { expect_random_run<Vvtw_sched>(GetParam()); }
TEST_P(VtwRtlRandom, MatchesVtwPolicyOneBitAhead) { expect_random_run<Vvtw_sched_1b>(GetParam()); }
INSTANTIATE_TEST_SUITE_P(Seeds, VtwRtlRandom, ::testing::Values(1u, 2u, 3u, 2024u, 777u));

// The checker can fail: a golden model that sees no TB as DiffIter must
// disagree with the RTL on the same stimulus.
TEST(VtwRtlSelfCheck, DetectsAGoldenBlindToIterations) {
  Harness<Vvtw_sched> h(true);
  run_random(h, 5, 3000);
  EXPECT_GT(h.mismatches, 0u);
  EXPECT_NE(h.first_mismatch.find("order"), std::string::npos) << h.first_mismatch;
}

}  // namespace
}  // namespace scwarp::sched
