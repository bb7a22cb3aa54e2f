// rtl/vtw's index hardware against its golden models: vtw_tb_counter against
// gpu::LogicalTbCounter (latency 1: a cycle's requests granted at the next
// edge in SM order), and vtw_index against the nexttbid rules of
// func::Engine::sibling_hold / next_tb_id (sc_model/func/virtual_tb.cc),
// kept here on func::VirtualTb per TB: a warp an iteration ahead is held
// (skew); one whose next iteration's index is not granted waits (index) and
// its TB asks the counter; a granted index is what every warp of the TB
// reads as it enters that iteration. Grants come from a LogicalTbCounter.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "Vvtw_index.h"
#include "Vvtw_tb_counter.h"
#include "sc_model/func/virtual_tb.h"
#include "sc_model/gpu/logical_tb_counter.h"
#include "tb/cosim/verilated_bits.h"
#include "verilated.h"

namespace scwarp {
namespace {

using cosim::get_field;

constexpr uint32_t kM = 2, kT = 8, kS = 2, kTidw = 3, kXw = 32, kNw = 8;

template <typename V>
std::unique_ptr<V> reset(VerilatedContext& ctx) {
  auto v = std::make_unique<V>(&ctx);
  v->clk_i = 0, v->rst_ni = 1, v->eval();
  v->rst_ni = 0, v->eval();
  v->rst_ni = 1, v->eval();
  return v;
}
template <typename V>
void edge(V& v) {
  v.clk_i = 0, v.eval();
  v.clk_i = 1, v.eval();
}

// Random requests from two SMs against LogicalTbCounter, with a bound the
// run goes past (the bound is granted once every index is out).
void expect_counter_matches(uint32_t seed, uint32_t bound) {
  VerilatedContext ctx;
  auto rtl = reset<Vvtw_tb_counter>(ctx);
  gpu::LogicalTbCounter golden(1);
  std::mt19937 rng(seed);
  rtl->start_i = 1, rtl->bound_i = bound;
  edge(*rtl);
  rtl->start_i = 0;
  std::vector<std::optional<uint64_t>> tickets(kM);
  uint64_t grants = 0;
  for (uint64_t cycle = 1; cycle < 400; ++cycle) {
    uint32_t valid = 0, tbs = 0;
    for (uint32_t m = 0; m < kM; ++m) {
      if (rng() % 3 != 0) continue;
      const uint32_t slot = rng() % kT;
      valid |= 1u << m, tbs |= slot << (kTidw * m);
      tickets[m] = golden.request(0, bound, m, slot, cycle);
    }
    rtl->req_valid_i = valid, rtl->req_tb_i = tbs;
    edge(*rtl);
    for (uint32_t m = 0; m < kM; ++m) {
      if (!((valid >> m) & 1u)) continue;
      const std::optional<uint64_t> g = golden.granted(*tickets[m], cycle + 1);
      ASSERT_TRUE(g.has_value());
      ASSERT_TRUE((rtl->grant_valid_o >> m) & 1u) << "cycle " << cycle << " SM " << m;
      EXPECT_EQ(get_field(rtl->grant_index_o, m * kXw, kXw), *g) << "cycle " << cycle << " SM " << m;
      EXPECT_EQ(get_field(rtl->grant_tb_o, m * kTidw, kTidw), (tbs >> (kTidw * m)) & 7u);
      ++grants;
    }
    EXPECT_EQ(bool(rtl->exhausted_o), golden.exhausted(0, cycle + 1)) << "cycle " << cycle;
  }
  EXPECT_GT(grants, 100u);
}

TEST(VtwTbCounter, MatchesLogicalTbCounter) { expect_counter_matches(1, 150); }
TEST(VtwTbCounter, MatchesLogicalTbCounterPastTheBound) { expect_counter_matches(7, 40); }

// One SM's index unit: TBs of n warps at slots (t, i); per scheduler each
// cycle a random live warp of a random TB whose head is nexttbid.
class IndexHarness {
 public:
  // no_skew: the golden rules forget the skew hold (the negative self-check).
  IndexHarness(uint32_t seed, bool no_skew = false)
      : no_skew_(no_skew), rng_(seed), rtl_(reset<Vvtw_index>(ctx_)), counter_(1) {}
  uint64_t holds[3] = {}, entries = 0, mismatches = 0;
  std::string first_mismatch;

  // A launch edge of its own (no warp of a TB issues in its launch cycle),
  // while no request is outstanding.
  void launch(uint32_t t, uint32_t n) {
    ASSERT_FALSE(ticket_.has_value());
    tbs_[t] = Tb{func::VirtualTb{}, std::vector<uint32_t>(n, 0)};
    Vvtw_index& r = *rtl_;
    r.q_valid_i = 0, r.enter_valid_i = 0, r.grant_valid_i = 0;
    r.launch_valid_i = 1, r.launch_tb_i = t;
    edge(r);
    r.launch_valid_i = 0;
  }
  void run(uint32_t cycles, uint32_t bound) {
    for (uint64_t c = 0; c < cycles; ++c) cycle(bound);
  }

 private:
  struct Tb {
    func::VirtualTb v;
    std::vector<uint32_t> iteration;  // per warp
    uint32_t min() const { return *std::min_element(iteration.begin(), iteration.end()); }
  };
  // sibling_hold() for a warp at nexttbid: 0 go, 1 skew, 2 index.
  uint32_t hold(const Tb& tb, uint32_t w) const {
    if (tb.iteration[w] > tb.min() && !no_skew_) return 1;
    return tb.v.granted_iteration == tb.iteration[w] + 1 ? 0 : 2;
  }
  void mismatch(const std::string& what) {
    if (mismatches++ == 0) first_mismatch = what + " at cycle " + std::to_string(now_);
  }

  void cycle(uint32_t bound) {
    Vvtw_index& r = *rtl_;
    ++now_;
    // Last cycle's request is granted at this cycle's edge (latency 1); the
    // warps see it from the next cycle on.
    std::optional<uint64_t> grant;
    r.grant_valid_i = 0;
    if (ticket_) {
      grant = counter_.granted(ticket_->first, now_);
      if (grant) r.grant_valid_i = 1, r.grant_tb_i = ticket_->second, r.grant_index_i = uint32_t(*grant);
    }
    uint64_t live = 0;
    for (const auto& [t, tb] : tbs_) live |= uint64_t(tb.iteration.size()) << (kNw * t);
    r.live_i = live;
    uint32_t qv = 0, qt = 0, qa = 0;
    uint32_t pick[kS][2] = {};
    std::vector<uint32_t> slots;
    for (const auto& [t, tb] : tbs_) slots.push_back(t);
    for (uint32_t s = 0; s < kS && !slots.empty(); ++s) {
      const uint32_t t = slots[rng_() % slots.size()];
      const Tb& tb = tbs_.at(t);
      const uint32_t w = rng_() % tb.iteration.size();
      if (s == 1 && (qv & 1u) && pick[0][0] == t && pick[0][1] == w) continue;  // one warp, one scheduler
      pick[s][0] = t, pick[s][1] = w;
      qv |= 1u << s, qt |= t << (kTidw * s), qa |= uint32_t(tb.iteration[w] > tb.min()) << s;
    }
    r.q_valid_i = qv, r.q_tb_i = qt, r.q_ahead_i = qa;
    r.enter_valid_i = 0, r.iss_tb_i = 0;
    r.eval();
    // The holds, in scheduler order (scheduler 0 may let a warp in first).
    uint32_t en = 0, it = 0;
    std::map<uint32_t, uint32_t> wanted;  // TB slot -> asks
    for (uint32_t s = 0; s < kS; ++s) {
      if (!((qv >> s) & 1u)) continue;
      Tb& tb = tbs_.at(pick[s][0]);
      const uint32_t h = hold(tb, pick[s][1]);
      ++holds[h];
      if (get_field(r.hold_o, 2 * s, 2) != h)
        mismatch("hold of TB " + std::to_string(pick[s][0]) + " warp " + std::to_string(pick[s][1]) + ", scheduler " +
                 std::to_string(s) + ": rtl " + std::to_string(get_field(r.hold_o, 2 * s, 2)) + ", golden " +
                 std::to_string(h));
      if (h == 2 && !asked_.count(pick[s][0])) wanted[pick[s][0]] = 1;
      // A warp let go takes the index (or is not issued this cycle).
      if (h == 0 && rng_() % 2) en |= 1u << s, it |= pick[s][0] << (kTidw * s);
    }
    r.enter_valid_i = en, r.iss_tb_i = it;
    r.eval();
    for (uint32_t s = 0; s < kS; ++s) {
      if (!((en >> s) & 1u)) continue;
      Tb& tb = tbs_.at(pick[s][0]);
      if (get_field(r.idx_o, kXw * s, kXw) != tb.v.granted_index) mismatch("index read, scheduler " + std::to_string(s));
      ++tb.iteration[pick[s][1]], ++tb.v.entered, ++entries;
    }
    // The request: the lowest TB slot that wants one.
    if (bool(r.req_valid_o) != !wanted.empty())
      mismatch("request valid: rtl " + std::to_string(r.req_valid_o) + ", golden " + std::to_string(!wanted.empty()));
    std::optional<std::pair<uint64_t, uint32_t>> asked;
    if (!wanted.empty()) {
      const uint32_t t = wanted.begin()->first;
      if (r.req_tb_o != t) mismatch("request TB");
      asked = {counter_.request(0, bound, 0, t, now_), t};
    }
    edge(r);
    if (grant) {
      Tb& tb = tbs_.at(ticket_->second);
      ++tb.v.granted_iteration, tb.v.granted_index = *grant, tb.v.entered = 0;
      asked_.erase(ticket_->second);
      ticket_.reset();
    }
    if (asked) asked_.insert(asked->second), ticket_ = asked;
    for (const auto& [t, tb] : tbs_)
      if (tb.v.granted_iteration > 0 && get_field(r.map_o, kXw * t, kXw) != tb.v.granted_index)
        mismatch("map of TB " + std::to_string(t));
  }

  bool no_skew_;
  std::mt19937 rng_;
  VerilatedContext ctx_;
  std::unique_ptr<Vvtw_index> rtl_;
  gpu::LogicalTbCounter counter_;
  std::map<uint32_t, Tb> tbs_;
  std::set<uint32_t> asked_;
  std::optional<std::pair<uint64_t, uint32_t>> ticket_;
  uint64_t now_ = 0;
};

TEST(VtwIndex, MatchesTheNextTbIdRules) {
  IndexHarness h(3);
  h.launch(1, 4);
  h.launch(5, 2);
  h.launch(6, 6);
  h.run(3000, 1000);
  EXPECT_EQ(h.mismatches, 0u) << h.first_mismatch;
  EXPECT_GT(h.holds[0], 100u);
  EXPECT_GT(h.holds[1], 100u);
  EXPECT_GT(h.holds[2], 100u);
  EXPECT_GT(h.entries, 100u);
}

// The checker can fail: rules without the skew hold disagree with the RTL.
TEST(VtwIndexSelfCheck, DetectsRulesWithoutTheSkewHold) {
  IndexHarness h(3, true);
  h.launch(1, 4);
  h.launch(6, 6);
  h.run(500, 1000);
  EXPECT_GT(h.mismatches, 0u);
  EXPECT_NE(h.first_mismatch.find("hold"), std::string::npos) << h.first_mismatch;
}

}  // namespace
}  // namespace scwarp
