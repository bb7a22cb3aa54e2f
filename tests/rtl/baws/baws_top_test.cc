// baws_top (WPT + last-issued pointers + MWF issue selectors + CFF fetch
// selector) against the C++ golden models, cycle by cycle: each cycle the
// RTL's WPT counters equal MwfPolicy::waiting(), each scheduler's issue pick
// equals the first issuable warp of MwfPolicy::order(), every valid warp's
// rank equals its position in that order, and the fetch pick equals
// CffFetchPolicy::choose(). Both sides see the same start-of-cycle state; the
// events of the cycle (issues, bar.sync arrivals / releases, exits, TB
// launches, fetches) then go to both. GTX480 parameters (W=48, T=8, S=2) and
// a 12-warp single-scheduler instance for the paper's Fig. 7.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "Vbaws_top.h"
#include "Vbaws_top_s1.h"
#include "tb/cosim/verilated_bits.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/sched/cff_fetch_policy.h"
#include "sc_model/sched/mwf_policy.h"

namespace {

using scwarp::cosim::get_field;
using scwarp::cosim::put_field;
using namespace scwarp::sched;
using Order = std::vector<uint32_t>;

constexpr unsigned clog2(unsigned n) {
  unsigned b = 0;
  while ((1u << b) < n) ++b;
  return b == 0 ? 1 : b;
}

template <typename Model, unsigned kW, unsigned kS>
struct Bench {
  static constexpr unsigned kT = 8, kCW = 6, kIDW = 16;
  static constexpr unsigned kWW = clog2(kW), kTW = clog2(kT), kRW = clog2(kW + 1);

  scwarp::config::GpuConfig cfg;
  std::vector<WarpView> warps{kW};
  std::vector<TbView> tbs{kT};
  SmView sm;
  bool gto;
  std::unique_ptr<MwfPolicy> mwf;
  std::unique_ptr<CffFetchPolicy> cff;
  std::vector<bool> issuable = std::vector<bool>(kW, false);
  std::vector<bool> fetchable = std::vector<bool>(kW, false);
  std::unique_ptr<VerilatedContext> ctx = std::make_unique<VerilatedContext>();
  std::unique_ptr<Model> rtl;

  explicit Bench(bool gto_variant) : gto(gto_variant) {
    for (unsigned w = 0; w < kW; ++w) {
      warps[w].slot = w;
      warps[w].scheduler = w % kS;
    }
    for (unsigned t = 0; t < kT; ++t) tbs[t].slot = t;
    PolicyContext pc{cfg, 0, kW, kT, kS};
    mwf = std::make_unique<MwfPolicy>(pc, gto ? IntraTbOrder::Gto : IntraTbOrder::Lrr);
    cff = std::make_unique<CffFetchPolicy>(pc);
    rtl = std::make_unique<Model>(ctx.get());
    rtl->clk_i = 0;
    rtl->rst_ni = 0;
    clear_events();
    rtl->eval();
    rtl->rst_ni = 1;
    rtl->eval();
  }
  ~Bench() { rtl->final(); }

  const SmView& view() {
    sm.schedulers = kS;
    sm.warps = warps;
    sm.tbs = tbs;
    return sm;
  }
  Order warps_of(unsigned s) const {
    Order out;
    for (const WarpView& w : warps)
      if (w.valid && w.scheduler == s) out.push_back(w.slot);
    return out;
  }
  Order order(unsigned s) {
    Order out, mine = warps_of(s);
    if (!mine.empty()) mwf->order(view(), s, mine, out);
    return out;
  }
  uint32_t golden_issue(unsigned s) {
    for (uint32_t w : order(s))
      if (issuable[w]) return w;
    return kNoWarp;
  }
  uint32_t golden_fetch() {
    Order f;
    for (unsigned w = 0; w < kW; ++w)
      if (fetchable[w]) f.push_back(w);
    return cff->choose(view(), f, *mwf);
  }

  void clear_events() {
    rtl->launch_i = 0;
    rtl->issue_valid_i = 0;
    rtl->issue_warp_i = 0;
    rtl->issue_tb_i = 0;
    rtl->arrive_i = 0;
    rtl->release_i = 0;
    rtl->fetch_valid_i = 0;
    rtl->fetch_sched_i = 0;
  }

  // The current views onto the RTL's inputs.
  void drive() {
    rtl->gto_i = gto;
    for (unsigned w = 0; w < kW; ++w) {
      const WarpView& v = warps[w];
      put_field(rtl->warp_valid_i, w, 1, v.valid);
      put_field(rtl->warp_exited_i, w, 1, v.wait == WarpWait::Exited);
      put_field(rtl->warp_tb_i, w * kTW, kTW, v.tb_slot);
      put_field(rtl->warp_issuable_i, w, 1, issuable[w]);
      put_field(rtl->warp_fetchable_i, w, 1, fetchable[w]);
      put_field(rtl->warp_ibuf_nonempty_i, w, 1, v.ibuffer_count != 0);
      put_field(rtl->warp_at_barrier_i, w, 1, v.wait == WarpWait::Barrier);
    }
    for (unsigned t = 0; t < kT; ++t) {
      put_field(rtl->tb_id_i, t * kIDW, kIDW, tbs[t].id);
      put_field(rtl->tb_first_i, t * kWW, kWW, tbs[t].first_warp);
      put_field(rtl->tb_warps_i, t * kRW, kRW, tbs[t].valid ? tbs[t].warps : 0);
    }
    rtl->eval();
  }
  uint32_t rtl_issue(unsigned s) const {
    if (!get_field(rtl->issue_pick_valid_o, s, 1)) return kNoWarp;
    return uint32_t(get_field(rtl->issue_pick_warp_o, s * kWW, kWW));
  }
  uint32_t rtl_fetch() const {
    return rtl->fetch_pick_valid_o ? uint32_t(rtl->fetch_pick_warp_o) : kNoWarp;
  }
  unsigned rtl_count(unsigned t) const { return unsigned(get_field(rtl->count_o, t * kCW, kCW)); }
  unsigned rtl_rank(unsigned w) const { return unsigned(get_field(rtl->rank_o, w * kRW, kRW)); }

  // Every comparison; returns false (with gtest failures) on a mismatch.
  bool check(const std::string& when) {
    drive();
    bool ok = true;
    for (unsigned t = 0; t < kT; ++t) {
      EXPECT_EQ(rtl_count(t), mwf->waiting(t)) << when << ": WPT of TB slot " << t;
      ok &= rtl_count(t) == mwf->waiting(t);
    }
    for (unsigned s = 0; s < kS; ++s) {
      const Order o = order(s);
      for (unsigned i = 0; i < o.size(); ++i) {
        EXPECT_EQ(rtl_rank(o[i]), i) << when << ": rank of warp " << o[i] << " (scheduler " << s << ")";
        ok &= rtl_rank(o[i]) == i;
      }
      EXPECT_EQ(rtl_issue(s), golden_issue(s)) << when << ": issue pick of scheduler " << s;
      ok &= rtl_issue(s) == golden_issue(s);
    }
    EXPECT_EQ(rtl_fetch(), golden_fetch()) << when << ": CFF fetch pick";
    ok &= rtl_fetch() == golden_fetch();
    return ok;
  }

  // Places a TB: views, MwfPolicy::on_tb_launch and the RTL's launch bit.
  void launch(unsigned t, unsigned first, unsigned count, uint64_t id) {
    TbView& tb = tbs[t];
    tb = TbView{};
    tb.slot = t;
    tb.valid = true;
    tb.id = id;
    tb.first_warp = first;
    tb.warps = count;
    for (unsigned i = 0; i < count; ++i) {
      WarpView& w = warps[first + i];
      w.valid = true;
      w.tb_slot = t;
      w.warp_in_tb = i;
      w.wait = WarpWait::Ready;
      w.ibuffer_count = 0;
    }
    mwf->on_tb_launch(view(), t);
    put_field(rtl->launch_i, t, 1, 1);
  }

  // Scheduler s issues warp w; the instruction may be a bar.sync (which
  // releases the barrier when every running warp of the TB is then waiting)
  // or the warp's exit. Views first, then the policy, as IssueStage::issue.
  void issue(unsigned s, uint32_t w, bool bar, bool exit) {
    WarpView& v = warps[w];
    TbView& tb = tbs[v.tb_slot];
    put_field(rtl->issue_valid_i, s, 1, 1);
    put_field(rtl->issue_warp_i, s * kWW, kWW, w);
    put_field(rtl->issue_tb_i, s * kTW, kTW, v.tb_slot);
    bool release = false;
    if (bar) {
      v.wait = WarpWait::Barrier;
      ++tb.warps_at_barrier;
      release = true;
      for (unsigned i = tb.first_warp; i < tb.first_warp + tb.warps; ++i)
        release &= warps[i].wait == WarpWait::Barrier || warps[i].wait == WarpWait::Exited;
      if (release) {
        for (unsigned i = tb.first_warp; i < tb.first_warp + tb.warps; ++i)
          if (warps[i].wait == WarpWait::Barrier) warps[i].wait = WarpWait::Ready;
        tb.warps_at_barrier = 0;
        ++tb.barriers_released;
      }
    } else if (exit) {
      v.wait = WarpWait::Exited;
      ++tb.warps_exited;
    }
    put_field(rtl->arrive_i, s, 1, bar);
    put_field(rtl->release_i, s, 1, release);
    mwf->on_issue(view(), w, 32);
    if (bar) mwf->on_barrier_arrive(view(), w);
    if (release) mwf->on_barrier_release(view(), v.tb_slot);
    if (exit) mwf->on_warp_exit(view(), w);
  }

  void fetch(uint32_t w) {
    cff->on_fetch(view(), w);
    rtl->fetch_valid_i = 1;
    rtl->fetch_sched_i = warps[w].scheduler;
  }

  void clock() {
    rtl->clk_i = 1;
    rtl->eval();
    rtl->clk_i = 0;
    rtl->eval();
    clear_events();
  }

  // Ready warps issuable, the rest not (no structural stalls).
  void ready_issuable() {
    for (unsigned w = 0; w < kW; ++w) issuable[w] = warps[w].valid && warps[w].wait == WarpWait::Ready;
  }
  // The RTL's successive issue picks for scheduler s when each pick is
  // taken out of the issuable mask in turn (combinational, no clock): the
  // issuable part of the order, as the pipeline would walk it.
  Order rtl_issue_walk(unsigned s) {
    Order out;
    std::vector<bool> saved = issuable;
    for (;;) {
      drive();
      const uint32_t w = rtl_issue(s);
      if (w == kNoWarp || out.size() > kW) break;
      out.push_back(w);
      issuable[w] = false;
    }
    issuable = saved;
    drive();
    return out;
  }
  Order rtl_rank_order(unsigned s) {
    drive();
    Order mine = warps_of(s);
    std::sort(mine.begin(), mine.end(), [this](uint32_t a, uint32_t b) { return rtl_rank(a) < rtl_rank(b); });
    return mine;
  }
};

using Gtx480 = Bench<Vbaws_top, 48, 2>;
using Small = Bench<Vbaws_top_s1, 12, 1>;

// Seed 001 Fig. 7 as tests/sched/mwf_policy_test.cc scripts it: TB0 = w0..3,
// TB1 = w4..7, TB2 = w8..11; w2 | w5, w7 | w9, w10, w11 reach the barrier,
// TB0 issued w0 last, TB1 w7 (which arrives last). One issue per cycle.
template <typename B>
void script_fig7(B& b) {
  for (unsigned t = 0; t < 3; ++t) b.launch(t, 4 * t, 4, t);
  b.clock();
  for (uint32_t w : {2u, 9u, 10u, 11u, 5u, 0u, 7u}) {
    b.issue(b.warps[w].scheduler, w, w != 0, false);
    b.clock();
  }
  b.ready_issuable();
}

TEST(BawsTop, Fig7MwfLrrIssuesW8W4W6W1W3W0) {
  Small b(false);
  script_fig7(b);
  EXPECT_TRUE(b.check("Fig. 7"));
  EXPECT_EQ(b.rtl_count(0), 1u);
  EXPECT_EQ(b.rtl_count(1), 2u);
  EXPECT_EQ(b.rtl_count(2), 3u);
  EXPECT_EQ(b.rtl_issue_walk(0), (Order{8, 4, 6, 1, 3, 0}));
  EXPECT_EQ(b.rtl_rank_order(0), (Order{8, 9, 10, 11, 4, 5, 6, 7, 1, 2, 3, 0}));
}

TEST(BawsTop, Fig7MwfGto) {
  Small b(true);
  script_fig7(b);
  EXPECT_TRUE(b.check("Fig. 7, MWF(GTO)"));
  EXPECT_EQ(b.rtl_issue_walk(0), (Order{8, 4, 6, 0, 1, 3}));
  EXPECT_EQ(b.rtl_rank_order(0), (Order{11, 8, 9, 10, 7, 4, 5, 6, 0, 1, 2, 3}));
}

// The same script on the GTX480 instance: two schedulers share the table
// but keep their own last-issued warps (MwfPolicy test of the same name).
TEST(BawsTop, Fig7TwoSchedulersShareTheTable) {
  Gtx480 b(false);
  script_fig7(b);
  EXPECT_TRUE(b.check("Fig. 7, two schedulers"));
  EXPECT_EQ(b.rtl_rank_order(0), (Order{8, 10, 4, 6, 2, 0}));
  EXPECT_EQ(b.rtl_rank_order(1), (Order{9, 11, 5, 7, 1, 3}));
  EXPECT_EQ(b.rtl_issue_walk(0), (Order{8, 4, 6, 0}));
  EXPECT_EQ(b.rtl_issue_walk(1), (Order{1, 3}));
}

// Equal counts go to the smaller grid id, not the smaller slot; equal ids
// (not a real SM state) to the smaller first warp slot.
TEST(BawsTop, TieBreaksOnGridIdThenFirstSlot) {
  Gtx480 b(false);
  b.launch(0, 0, 4, 9);
  b.launch(1, 4, 4, 4);
  b.launch(2, 8, 4, 4);
  b.clock();
  b.ready_issuable();
  EXPECT_TRUE(b.check("ids 9, 4, 4"));
  EXPECT_EQ(b.rtl_issue_walk(0), (Order{4, 6, 8, 10, 0, 2}));
  b.issue(0, 0, true, false);  // TB slot 0 gets a waiting warp: first now
  b.clock();
  b.ready_issuable();
  EXPECT_TRUE(b.check("TB slot 0 waits"));
  EXPECT_EQ(b.rtl_issue_walk(0), (Order{2, 4, 6, 8, 10}));
}

// CFF: lowest class first (empty I-buffer, not at a barrier), then merged
// rank order, the scheduler after the last fetched one leading a rank.
TEST(BawsTop, CffClassesAndRankMerge) {
  Gtx480 b(false);
  b.launch(0, 0, 8, 0);
  b.clock();
  for (unsigned w = 0; w < 8; ++w) b.fetchable[w] = true;
  for (unsigned w = 0; w < 8; ++w) b.warps[w].ibuffer_count = 1;
  EXPECT_TRUE(b.check("all non-empty"));
  EXPECT_EQ(b.rtl_fetch(), 0u);  // rank 0 of scheduler 0
  b.fetch(0);
  b.clock();
  EXPECT_TRUE(b.check("after fetching for scheduler 0"));
  EXPECT_EQ(b.rtl_fetch(), 1u);  // scheduler 1 leads rank 0 now
  b.warps[5].ibuffer_count = 0;
  b.warps[6].ibuffer_count = 0;
  EXPECT_TRUE(b.check("two empty I-buffers"));
  EXPECT_EQ(b.rtl_fetch(), 5u);  // class 0: w6 is rank 3 of scheduler 0, w5 rank 2 of 1
  b.issue(1, 5, true, false);    // w5 waits at the barrier: class 1
  b.clock();
  EXPECT_TRUE(b.check("w5 at the barrier"));
  EXPECT_EQ(b.rtl_fetch(), 6u);
}

// Seeded constrained-random SM: TBs of 1..16 warps (sometimes up to 32) in
// free slot ranges, grid ids mostly increasing (sometimes repeated to hit the
// last tie rule), random Ready / Data / I-buffer / fetchable / unit-busy
// states, each scheduler issuing the RTL's pick (checked equal to the golden
// pick first) as a plain instruction, a bar.sync or an exit; TBs whose warps
// all exited leave, new ones take free slots.
template <typename B>
void random_run(bool gto, uint32_t seed, int cycles) {
  B b(gto);
  constexpr unsigned W = B::kW0, T = B::kT, S = B::kS0;
  std::mt19937 rng(seed);
  uint64_t next_id = 0;
  auto chance = [&rng](unsigned n) { return rng() % n == 0; };
  for (int cycle = 0; cycle < cycles; ++cycle) {
    // TBs leave when all warps exited (their slots take no launch this cycle).
    std::vector<bool> freed(T, false);
    for (unsigned t = 0; t < T; ++t) {
      TbView& tb = b.tbs[t];
      if (tb.valid && tb.warps_exited == tb.warps) {
        for (unsigned i = tb.first_warp; i < tb.first_warp + tb.warps; ++i) {
          b.warps[i].valid = false;
          b.warps[i].wait = WarpWait::Empty;
          b.warps[i].ibuffer_count = 0;
        }
        tb.valid = false;
        freed[t] = true;
      }
    }
    // Warp states the selectors read.
    for (unsigned w = 0; w < W; ++w) {
      WarpView& v = b.warps[w];
      if (!v.valid) {
        b.issuable[w] = b.fetchable[w] = false;
        continue;
      }
      if ((v.wait == WarpWait::Ready || v.wait == WarpWait::Data) && chance(4))
        v.wait = chance(2) ? WarpWait::Ready : WarpWait::Data;
      if (chance(3)) v.ibuffer_count = rng() % 3;
      b.issuable[w] = v.wait == WarpWait::Ready && !chance(5);
      b.fetchable[w] = v.wait != WarpWait::Exited && chance(2);
    }
    if (!b.check("seed " + std::to_string(seed) + " cycle " + std::to_string(cycle))) return;
    const uint32_t f = b.rtl_fetch();
    if (f != kNoWarp && chance(2)) b.fetch(f);
    for (unsigned s = 0; s < S; ++s) {
      const uint32_t w = b.rtl_issue(s);
      if (w == kNoWarp || chance(8)) continue;
      const TbView& tb = b.tbs[b.warps[w].tb_slot];
      const unsigned r = rng() % 16;
      const bool bar = r < 3;
      const bool exit = r == 3 && tb.warps_at_barrier == 0;  // no exit while others wait
      b.issue(s, w, bar, exit);
    }
    // New TBs at the end of the cycle, so a launch never meets an issue from
    // the same slot (as in the SM: a TB launched now issues from the next cycle).
    for (unsigned t = 0; t < T; ++t) {
      if (b.tbs[t].valid || freed[t] || !chance(3)) continue;
      const unsigned size = 1 + rng() % (chance(8) ? std::min(32u, W) : std::min(16u, W));
      const unsigned start = rng() % W;
      for (unsigned k = 0; k < W; ++k) {
        const unsigned first = (start + k) % W;
        if (first + size > W) continue;
        bool free = true;
        for (unsigned i = first; i < first + size; ++i) free &= !b.warps[i].valid;
        if (!free) continue;
        uint64_t id = next_id++;
        if (chance(10)) {  // repeat a resident TB's id
          for (unsigned u = 0; u < T; ++u)
            if (b.tbs[u].valid) id = b.tbs[u].id;
        }
        b.launch(t, first, size, id);
        break;
      }
    }
    b.clock();
  }
}

template <typename Model, unsigned kW, unsigned kS>
struct Named : Bench<Model, kW, kS> {
  static constexpr unsigned kW0 = kW, kS0 = kS;
  using Bench<Model, kW, kS>::Bench;
};

TEST(BawsTop, RandomMwfLrrGtx480) {
  for (uint32_t seed : {1u, 7u, 2024u}) random_run<Named<Vbaws_top, 48, 2>>(false, seed, 3000);
}
TEST(BawsTop, RandomMwfGtoGtx480) {
  for (uint32_t seed : {3u, 11u, 4242u}) random_run<Named<Vbaws_top, 48, 2>>(true, seed, 3000);
}
TEST(BawsTop, RandomSingleScheduler12Warps) {
  for (uint32_t seed : {5u, 6u}) {
    random_run<Named<Vbaws_top_s1, 12, 1>>(false, seed, 2000);
    random_run<Named<Vbaws_top_s1, 12, 1>>(true, seed, 2000);
  }
}

}  // namespace
