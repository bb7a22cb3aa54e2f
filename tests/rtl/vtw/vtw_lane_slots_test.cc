// rtl/vtw/vtw_slowest (SlowestLane) and rtl/vtw/vtw_lowest
// (LowestToHighestLane) against the slot rules of
// func::Engine::grant_tb_index / ExecContext::next_tid (virtual_tb.cc),
// restated here per TB. SlowestLane: at a grant the TB's warps are ordered
// by the instructions they executed in the ending iteration, fewest first
// (stable: lower warp first), and the k-th warp to enter the next iteration
// takes the logical slot the k-th of them held. LowestToHighestLane: the
// k-th to enter takes slot k. In the first iteration each warp keeps its
// own. The harness waits for the RTL's sort (sorted_o) after a grant before
// letting warps enter, and checks every slot handed out and every list
// register.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "Vvtw_lowest.h"
#include "Vvtw_slowest.h"
#include "tb/cosim/verilated_bits.h"
#include "verilated.h"

namespace scwarp {
namespace {

using cosim::get_field;

constexpr uint32_t kW = 48, kT = 8, kS = 2, kWidw = 6, kTidw = 3;

template <typename V>
class LaneHarness {
 public:
  static constexpr bool kSlowest = requires(V& r) { r.list_o; };

  // swap_ties: the restated SlowestLane rule breaks ties by higher warp
  // first (the negative self-check).
  explicit LaneHarness(bool swap_ties = false) : swap_ties_(swap_ties), rtl_(std::make_unique<V>(&ctx_)) {
    V& r = *rtl_;
    r.clk_i = 0, r.rst_ni = 1, r.eval();
    r.rst_ni = 0, r.eval();
    r.rst_ni = 1, r.eval();
  }
  uint64_t mismatches = 0, slots_checked = 0, list_sorts = 0;
  std::string first_mismatch;

  void launch(uint32_t t, uint32_t first, uint32_t n) {
    tbs_[t] = Tb{first, n, {}, 0, 0};
    for (uint32_t i = 0; i < n; ++i) warps_[first + i] = Warp{true, t, i, 0};
    V& r = *rtl_;
    r.launch_valid_i = 1, r.launch_tb_i = t, r.launch_first_i = first, r.launch_nwarps_i = n;
    edge();
    r.launch_valid_i = 0;
  }
  // Issue: per scheduler a warp (or kW: none) and whether it enters.
  void issue(const uint32_t warp[kS], const bool enter[kS]) {
    V& r = *rtl_;
    uint32_t iv = 0, iw = 0, it = 0, en = 0;
    for (uint32_t s = 0; s < kS; ++s) {
      if (warp[s] >= kW) continue;
      iv |= 1u << s, iw |= warp[s] << (kWidw * s), it |= warps_[warp[s]].tb << (kTidw * s), en |= uint32_t(enter[s]) << s;
    }
    if constexpr (kSlowest) r.iss_valid_i = iv;
    r.iss_warp_i = iw, r.iss_tb_i = it, r.enter_valid_i = en;
    r.eval();
    for (uint32_t s = 0; s < kS; ++s) {
      if (warp[s] >= kW) continue;
      Warp& w = warps_[warp[s]];
      ++w.icount;
      if (!enter[s]) continue;
      Tb& tb = tbs_[w.tb];
      const uint32_t slot = tb.grants < 2 ? w.lslot : kSlowest ? tb.list.at(tb.entered) : tb.entered;
      ++slots_checked;
      if (get_field(r.slot_o, kWidw * s, kWidw) != slot)
        mismatch("slot of warp " + std::to_string(warp[s]) + ": rtl " +
                 std::to_string(get_field(r.slot_o, kWidw * s, kWidw)) + ", golden " + std::to_string(slot));
      w.lslot = slot, w.icount = 1, ++tb.entered;
    }
    edge();
    if constexpr (kSlowest) r.iss_valid_i = 0;
    r.enter_valid_i = 0;
  }
  void grant(uint32_t t) {
    Tb& tb = tbs_[t];
    std::vector<uint32_t> ids(tb.n);
    std::iota(ids.begin(), ids.end(), 0u);
    auto count = [&](uint32_t i) { return warps_[tb.first + i].icount; };
    std::stable_sort(ids.begin(), ids.end(), [&](uint32_t a, uint32_t b) {
      return count(a) != count(b) ? count(a) < count(b) : (swap_ties_ ? a > b : false);
    });
    tb.list.clear();
    for (uint32_t i : ids) tb.list.push_back(warps_[tb.first + i].lslot);
    ++tb.grants, tb.entered = 0;
    V& r = *rtl_;
    r.grant_valid_i = 1, r.grant_tb_i = t;
    edge();
    r.grant_valid_i = 0;
    if constexpr (kSlowest) {  // LowestToHighestLane has nothing to sort
      for (uint32_t i = 0; i < 2 * kW * kW && !r.sorted_o; ++i) edge();
      EXPECT_TRUE(r.sorted_o);
      ++list_sorts;
      for (uint32_t k = 0; k < tb.n; ++k)
        if (get_field(r.list_o, kWidw * (tb.first + k), kWidw) != tb.list[k])
          mismatch("list entry " + std::to_string(k) + " of TB " + std::to_string(t));
    }
  }
  bool valid(uint32_t w) const { return warps_[w].valid; }
  uint32_t tb_of(uint32_t w) const { return warps_[w].tb; }
  uint32_t entered(uint32_t t) const { return tbs_[t].entered; }

 private:
  struct Warp {
    bool valid = false;
    uint32_t tb = 0, lslot = 0, icount = 0;
  };
  struct Tb {
    uint32_t first = 0, n = 0;
    std::vector<uint32_t> list;
    uint32_t entered = 0, grants = 0;
  };
  void edge() {
    V& r = *rtl_;
    if constexpr (kSlowest) {  // the sorter keys a TB's warps by the SM's warp table
      uint64_t wv = 0, wtb_lo = 0, wtb_hi = 0;
      for (uint32_t w = 0; w < kW; ++w) {
        wv |= uint64_t(warps_[w].valid) << w;
        (w < 16 ? wtb_lo : wtb_hi) |= uint64_t(warps_[w].tb) << (kTidw * (w % 16));
      }
      r.wvalid_i = wv;
      cosim::put_field(r.wtb_i, 0, 48, wtb_lo);
      cosim::put_field(r.wtb_i, 48, 64, wtb_hi);
    }
    r.clk_i = 0, r.eval();
    r.clk_i = 1, r.eval();
  }
  void mismatch(const std::string& what) {
    if (mismatches++ == 0) first_mismatch = what;
  }

  bool swap_ties_;
  VerilatedContext ctx_;
  std::unique_ptr<V> rtl_;
  Warp warps_[kW];
  Tb tbs_[kT];
};

// Iterations of TBs on slots 0 (6 warps at 0..5) and 3 (8 warps at 18..25):
// random issues, a grant, then every warp enters, in a random order and
// interleaved with the other TB's issues. Few instructions per iteration so
// that ties are common.
template <typename V>
void run(LaneHarness<V>& h, uint32_t seed, uint32_t iterations) {
  std::mt19937 rng(seed);
  h.launch(0, 0, 6);
  h.launch(3, 18, 8);
  const std::vector<uint32_t> tbs = {0, 3};
  const std::vector<uint32_t> firsts = {0, 18}, sizes = {6, 8};
  for (uint32_t it = 0; it < iterations; ++it) {
    for (uint32_t i = 0; i < 20; ++i) {
      uint32_t warp[kS] = {kW, kW};
      const bool enter[kS] = {false, false};
      for (uint32_t s = 0; s < kS; ++s) {
        const uint32_t k = rng() % 2;
        const uint32_t w = firsts[k] + rng() % sizes[k];
        if (w % kS == s && rng() % 2) warp[s] = w;
      }
      h.issue(warp, enter);
    }
    for (uint32_t k = 0; k < 2; ++k) h.grant(tbs[k]);
    for (uint32_t k = 0; k < 2; ++k) {
      std::vector<uint32_t> order(sizes[k]);
      std::iota(order.begin(), order.end(), firsts[k]);
      std::shuffle(order.begin(), order.end(), rng);
      for (uint32_t w : order) {
        uint32_t warp[kS] = {kW, kW};
        bool enter[kS] = {false, false};
        warp[w % kS] = w, enter[w % kS] = true;
        h.issue(warp, enter);
      }
    }
  }
}

TEST(VtwSlowest, MatchesTheSlowestLaneRule) {
  LaneHarness<Vvtw_slowest> h;
  run(h, 11, 12);
  EXPECT_EQ(h.mismatches, 0u) << h.first_mismatch;
  EXPECT_EQ(h.slots_checked, 12u * 14u);
  EXPECT_EQ(h.list_sorts, 24u);
}

TEST(VtwSlowestSelfCheck, DetectsTiesBrokenTheOtherWay) {
  LaneHarness<Vvtw_slowest> h(true);
  run(h, 11, 12);
  EXPECT_GT(h.mismatches, 0u);
}

// Warps enter in a shuffled order, so "slot k to the k-th" differs from
// "keep your own slot" (what SameLane would give) on most entries.
TEST(VtwLowest, MatchesTheLowestToHighestLaneRule) {
  LaneHarness<Vvtw_lowest> h;
  run(h, 11, 12);
  EXPECT_EQ(h.mismatches, 0u) << h.first_mismatch;
  EXPECT_EQ(h.slots_checked, 12u * 14u);
}

}  // namespace
}  // namespace scwarp
