// rtl/vtw (vtw_sched) against the C++ golden model VtwPolicy, W=48 T=8 S=2,
// for both iteration-state variants (the paper's 4-byte registers and the
// one-bit ahead flag). A harness keeps the SmView the way the SM does
// (sc_model/sm/warp_table.cc: progress on issue, barrier and exit counts,
// each warp's iteration, a TB's lowest live iteration and how many live
// warps are one further) and applies each edge's events to it and to the
// RTL in the RTL's order (finish, launch, then per scheduler the issued
// instruction and its arrival, release, exit or entry into the next
// iteration). After every edge it compares the counters and, for a few
// candidate masks (every resident warp, a random subset, one warp), each
// scheduler's pick (settled with no edge: it is combinational) with the
// first candidate of VtwPolicy::order() over that scheduler's warps.
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
constexpr uint64_t kNoPick = ~uint64_t(0);

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
  explicit Harness(bool blind_to_iterations = false, uint32_t seed = 1)
      : blind_(blind_to_iterations), rng_(seed), ctx_(std::make_unique<VerilatedContext>()), warps_(kW), tbs_(kT) {
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
  uint64_t mismatches = 0, pick_checks = 0;
  // Pick checks whose golden pick was of a class: [VtwClass] -> count.
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
  void set_exhausted(uint32_t t) { tbs_[t].indices_exhausted = true; }

  // Scheduler s's resident warps as a cand_i mask.
  uint64_t resident(uint32_t s) const {
    uint64_t m = 0;
    for (const WarpView& w : warps_)
      if (w.valid && w.slot % kS == s) m |= uint64_t(1) << w.slot;
    return m;
  }
  // The RTL's pick for scheduler s with cand_i = `cand`, settled with no
  // edge (kNoPick: none).
  uint64_t rtl_pick(uint32_t s, uint64_t cand) {
    rtl_->cand_i = cand;
    rtl_->eval();
    if (!((rtl_->pick_valid_o >> s) & 1u)) return kNoPick;
    return get_field(rtl_->pick_o, s * kWidw, kWidw);
  }
  // The first warp of the golden order of scheduler s's warps in `cand`.
  uint64_t golden_pick(uint32_t s, uint64_t cand) {
    for (uint32_t w : golden(s))
      if ((cand >> w) & 1u) return w;
    return kNoPick;
  }
  // Scheduler s's whole order, read from the RTL one pick at a time (each
  // pick leaves the mask): for the scenes with a known order.
  std::vector<uint32_t> rtl_order(uint32_t s) {
    std::vector<uint32_t> out;
    for (uint64_t cand = resident(s), w; (w = rtl_pick(s, cand)) != kNoPick; cand &= ~(uint64_t(1) << w))
      out.push_back(uint32_t(w));
    return out;
  }

  // The golden order of scheduler s's resident warps.
  std::vector<uint32_t> golden(uint32_t s) {
    std::vector<TbView> shown = tbs_;
    if (blind_)
      for (TbView& t : shown) t.warps_ahead = 0;
    SmView view;
    view.schedulers = kS;
    view.warps = warps_;
    view.tbs = shown;
    std::vector<uint32_t> mine, out;
    for (const WarpView& w : warps_)
      if (w.valid && w.slot % kS == s) mine.push_back(w.slot);
    vtw_->order(view, s, mine, out);
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
    check_picks();
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
  // Per scheduler: every resident warp a candidate, a random half, one.
  void check_picks() {
    for (uint32_t s = 0; s < kS; ++s) {
      const uint64_t all = resident(s);
      if (all == 0) continue;
      std::vector<uint32_t> slots;
      for (uint32_t w = 0; w < kW; ++w)
        if ((all >> w) & 1u) slots.push_back(w);
      const uint64_t half = all & ((uint64_t(rng_()) << 32) | rng_());
      const uint64_t one = uint64_t(1) << slots[rng_() % slots.size()];
      for (uint64_t cand : {all, half, one}) check_pick(s, cand);
    }
  }
  void check_pick(uint32_t s, uint64_t cand) {
    ++pick_checks;
    const uint64_t g = golden_pick(s, cand), r = rtl_pick(s, cand);
    if (g != kNoPick) {
      SmView view;
      view.warps = warps_;
      view.tbs = tbs_;
      ++class_checks[uint32_t(VtwPolicy::class_of(view, uint32_t(g)))];
    }
    if (g == r) return;
    auto name = [](uint64_t w) { return w == kNoPick ? std::string("none") : std::to_string(w); };
    mismatch("pick: scheduler " + std::to_string(s) + " candidates 0x" + hex(cand) + ", golden " + name(g) +
             ", rtl " + name(r));
  }
  static std::string hex(uint64_t v) {
    char buf[20];
    std::snprintf(buf, sizeof buf, "%llx", (unsigned long long)v);
    return buf;
  }

  bool blind_;
  std::mt19937 rng_;
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
  std::vector<uint32_t> expected;
  for (uint32_t w : {6u, 7u, 4u, 5u, 11u, 9u, 3u, 2u, 1u, 0u, 10u, 8u}) expected.push_back(slot(w));
  // Each scheduler's order (its slots w % 2) is the scene's, restricted.
  for (uint32_t s = 0; s < kS; ++s) {
    std::vector<uint32_t> mine;
    for (uint32_t w : expected)
      if (w % kS == s) mine.push_back(w);
    EXPECT_EQ(h.rtl_order(s), mine) << "scheduler " << s;
    EXPECT_EQ(h.golden(s), mine) << "scheduler " << s;
  }
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
  h.step(Batch{});  // the edge that registers exhausted_i
  // TB progress 3, 35, 40: slots 6, 7, 1, 0, 12, 13.
  EXPECT_EQ(h.rtl_order(0), (std::vector<uint32_t>{6, 0, 12}));
  EXPECT_EQ(h.rtl_order(1), (std::vector<uint32_t>{7, 1, 13}));
  EXPECT_EQ(h.mismatches, 0u) << h.first_mismatch;
}

// The pick is combinational: a new candidate mask gives its first candidate
// in the same cycle, with no clock edge, however the mask changes.
TEST(VtwRtl, PickIsReadyInTheCycleOfItsCandidates) {
  Harness<Vvtw_sched> h;
  h.step(launch_batch(0, 6));  // slots 0..5; scheduler 0 owns 0, 2, 4
  for (uint32_t w : {0u, 2u, 4u}) {
    Batch b;
    b.ins[0] = issue(w, 10 - 2 * w);  // SameIter: more progress first, so 0, 2, 4
    h.step(b);
  }
  const uint64_t checks_before = h.pick_checks;  // the harness checks after edges only
  EXPECT_EQ(h.rtl_pick(0, 0b10101), 0u);
  EXPECT_EQ(h.rtl_pick(0, 0b10100), 2u);
  EXPECT_EQ(h.rtl_pick(0, 0b10000), 4u);
  EXPECT_EQ(h.rtl_pick(0, 0b00001), 0u);
  EXPECT_EQ(h.rtl_pick(0, 0), kNoPick);
  EXPECT_EQ(h.rtl_pick(1, 0b00010), 1u);    // scheduler 1 owns the odd slots
  EXPECT_EQ(h.rtl_pick(0, 0b00010), kNoPick);  // not one of scheduler 0's
  EXPECT_EQ(h.pick_checks, checks_before);  // no edge came between
  EXPECT_EQ(h.mismatches, 0u) << h.first_mismatch;
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
  }
  h.step(Batch{});
}

template <typename V>
void expect_random_run(uint32_t seed) {
  Harness<V> h(false, seed);
  run_random(h, seed, 4000);
  EXPECT_EQ(h.mismatches, 0u) << h.first_mismatch;
  EXPECT_GT(h.pick_checks, 10000u);
  for (uint32_t c = 0; c < 5; ++c) EXPECT_GT(h.class_checks[c], 10u) << "class " << c;
  std::printf("seed %u: %llu pick checks; golden pick Barrier %llu, DiffIter lower %llu, SameIter %llu, DiffIter higher "
              "%llu, slow %llu\n", seed, (unsigned long long)h.pick_checks, (unsigned long long)h.class_checks[0],
              (unsigned long long)h.class_checks[1], (unsigned long long)h.class_checks[2],
              (unsigned long long)h.class_checks[3], (unsigned long long)h.class_checks[4]);
}

class VtwRtlRandom : public ::testing::TestWithParam<uint32_t> {};
TEST_P(VtwRtlRandom, MatchesVtwPolicy) { expect_random_run<Vvtw_sched>(GetParam()); }
TEST_P(VtwRtlRandom, MatchesVtwPolicyOneBitAhead) { expect_random_run<Vvtw_sched_1b>(GetParam()); }
INSTANTIATE_TEST_SUITE_P(Seeds, VtwRtlRandom, ::testing::Values(1u, 2u, 3u, 2024u, 777u));

// The checker can fail: a golden model that sees no TB as DiffIter must
// disagree with the RTL's picks on the same stimulus.
TEST(VtwRtlSelfCheck, DetectsAGoldenBlindToIterations) {
  Harness<Vvtw_sched> h(true, 5);
  run_random(h, 5, 3000);
  EXPECT_GT(h.mismatches, 0u);
  EXPECT_NE(h.first_mismatch.find("pick"), std::string::npos) << h.first_mismatch;
}

}  // namespace
}  // namespace scwarp::sched
