// lwm_top (sub-warp formers, branch buffers, dependency bits) against the
// golden sm::SubwarpFormer and sm::ThreadDependencies, driven as
// IssueStage drives them: seed 002's packing cases (Fig. 6's 8 x 4 mask, a
// full mask, a jump, a thread waiting on its previous sub-warp), then seeded
// random masks, issue stalls and completions, and a self-check that the
// comparison fails when the RTL misses completions.
#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "Vlwm_top.h"
#include "Vlwm_top_s2.h"
#include "sc_model/sm/subwarp_former.h"
#include "tb/cosim/verilated_bits.h"

namespace scwarp::sm {
namespace {

using cosim::get_field;
using cosim::put_field;

constexpr unsigned kK = 8, kN = 32, kRW = 3, kC = 2;  // 256-thread large warps, two completion ports

struct InFlight {
  uint32_t warp, tag;
  Subwarp subwarp;
};

// One SM: S formers over LW large warp slots (slot w belongs to scheduler
// w % S), the golden model and the RTL fed the same events.
template <typename V>
class Harness {
 public:
  Harness(unsigned schedulers, unsigned slots) : s_(schedulers), formers_(schedulers), deps_(slots) {
    for (ThreadDependencies& d : deps_) d.reset(kK);
    rtl_ = std::make_unique<V>(ctx_.get());
    rtl_->clk_i = 0;
    rtl_->rst_ni = 0;
    rtl_->eval();
    rtl_->rst_ni = 1;
    clear_inputs();
    rtl_->eval();
  }
  ~Harness() { rtl_->final(); }

  // Scheduler s's former starts on large warp `warp`: rows' exec masks,
  // their active masks (a superset), a jump or a conditional branch.
  void begin(unsigned s, uint32_t warp, const std::vector<uint32_t>& exec, const std::vector<uint32_t>& active,
             bool jump, bool branch) {
    std::vector<func::ExecRecord> rows(kK);
    for (unsigned r = 0; r < kK; ++r) {
      rows[r].exec_mask = exec[r];
      rows[r].active_mask = active[r];
      put_field(rtl_->begin_mask_i, (s * kK + r) * kN, kN, exec[r]);
      put_field(rtl_->begin_active_i, (s * kK + r) * kN, kN, active[r]);
    }
    deps_[warp].begin_instruction(branch && !jump);
    formers_[s].begin(warp, UnitChoice::Sp, func::ExecRecord{}, rows, jump);
    put_field(rtl_->begin_i, s, 1, 1);
    put_field(rtl_->begin_warp_i, s * ww(), ww(), warp);
    put_field(rtl_->begin_single_i, s, 1, jump);
    put_field(rtl_->begin_branch_i, s, 1, branch && !jump);
  }

  bool busy(unsigned s) const { return formers_[s].busy(); }

  // This cycle's sub-warp of scheduler s, compared; `take`: it issues.
  // Returns whether there was one.
  bool form(unsigned s, bool take) {
    const uint32_t warp = formers_[s].warp();
    const Subwarp sub = formers_[s].next(deps_[warp]);
    const bool single = formers_[s].single(), formed = sub.lanes != 0 || single;
    rtl_->eval();
    check(get_field(rtl_->formed_o, s, 1) == formed, s, "formed", formed);
    check(get_field(rtl_->single_o, s, 1) == single, s, "single", single);
    check(get_field(rtl_->lanes_o, s * kN, kN) == sub.lanes, s, "lanes", sub.lanes);
    for (unsigned c = 0; c < kN; ++c)
      check(get_field(rtl_->row_o, (s * kN + c) * kRW, kRW) == sub.row[c], s, "row of column " + std::to_string(c), sub.row[c]);
    ++compared;
    if (!formed) ++stalls;
    if (!formed || !take) return formed;
    func::ExecRecord out;
    formers_[s].take(sub, out);
    const uint32_t tag = deps_[warp].issue(single ? Subwarp{} : sub, false);
    if (!formers_[s].busy()) deps_[warp].all_formed();
    issued_now_.push_back(InFlight{warp, tag, single ? Subwarp{} : sub});
    put_field(rtl_->take_i, s, 1, 1);
    ++subwarps;
    return true;
  }

  // Up to kC sub-warps issued in earlier cycles complete, picked by `rng`.
  void complete_some(std::mt19937& rng) {
    for (unsigned p = 0; p < kC && !in_flight_.empty(); ++p) {
      if (rng() % 4 == 0) complete(p, rng() % in_flight_.size());  // slower than issue: threads wait
    }
  }
  // The oldest sub-warp in flight completes.
  void complete_oldest() { complete(0, 0); }

  // The clock edge; then each former's busy flag and warp are compared.
  void clock() {
    rtl_->clk_i = 1;
    rtl_->eval();
    rtl_->clk_i = 0;
    clear_inputs();
    rtl_->eval();
    in_flight_.insert(in_flight_.end(), issued_now_.begin(), issued_now_.end());
    issued_now_.clear();
    for (unsigned s = 0; s < s_; ++s) {
      check(get_field(rtl_->busy_o, s, 1) == formers_[s].busy(), s, "busy", formers_[s].busy());
      if (formers_[s].busy())
        check(get_field(rtl_->warp_o, s * ww(), ww()) == formers_[s].warp(), s, "warp", formers_[s].warp());
    }
    ++cycle_;
  }

  V& rtl() { return *rtl_; }

  uint64_t compared = 0, stalls = 0, subwarps = 0, mismatches = 0;
  std::string first_mismatch;
  bool drop_rtl_completions = false;  // the self-check's fault

 private:
  // In-flight sub-warp i completes on completion port p.
  void complete(unsigned p, size_t i) {
    const InFlight f = in_flight_.at(i);
    in_flight_.erase(in_flight_.begin() + long(i));
    deps_[f.warp].complete(f.tag);
    if (drop_rtl_completions) return;
    put_field(rtl_->complete_valid_i, p, 1, 1);
    put_field(rtl_->complete_warp_i, p * ww(), ww(), f.warp);
    put_field(rtl_->complete_lanes_i, p * kN, kN, f.subwarp.lanes);
    for (unsigned c = 0; c < kN; ++c) put_field(rtl_->complete_row_i, (p * kN + c) * kRW, kRW, f.subwarp.row[c]);
  }
  unsigned ww() const { return deps_.size() > 1 ? unsigned(std::bit_width(deps_.size() - 1)) : 1; }
  void clear_inputs() {
    rtl_->begin_i = rtl_->begin_warp_i = rtl_->begin_single_i = rtl_->begin_branch_i = rtl_->take_i = 0;
    rtl_->complete_valid_i = 0;
  }
  void check(bool ok, unsigned s, const std::string& what, uint64_t expected) {
    if (ok) return;
    if (mismatches++ == 0) {
      std::ostringstream m;
      m << "cycle " << cycle_ << ", scheduler " << s << ": RTL " << what << " differs from the golden model's "
        << expected;
      first_mismatch = m.str();
    }
  }

  unsigned s_;
  std::vector<SubwarpFormer> formers_;
  std::vector<ThreadDependencies> deps_;
  std::vector<InFlight> in_flight_, issued_now_;
  uint64_t cycle_ = 0;
  std::unique_ptr<VerilatedContext> ctx_ = std::make_unique<VerilatedContext>();
  std::unique_ptr<V> rtl_;
};

using Single = Harness<Vlwm_top>;

// Rows beyond `exec` are empty.
std::vector<uint32_t> rows_of(std::vector<uint32_t> exec) {
  exec.resize(kK, 0);
  return exec;
}

// Breaks one instruction down on the one-former SM, every sub-warp issuing
// at once and none completing; returns the sub-warps' lanes.
std::vector<uint32_t> break_down(Single& h, const std::vector<uint32_t>& exec, bool jump) {
  h.begin(0, 0, rows_of(exec), rows_of(exec), jump, false);
  std::vector<uint32_t> lanes;
  do {
    h.form(0, true);
    lanes.push_back(uint32_t(get_field(h.rtl().lanes_o, 0, kN)));
    h.clock();
  } while (h.busy(0) && lanes.size() <= 2 * kK);
  return lanes;
}

TEST(LwmTop, Fig6ShapeGivesAsManySubwarpsAsTheFullestColumn) {
  Single h(1, 4);
  // 8 rows x 4 columns; column 0 has 4 active threads, 1 two, 2 three, 3 one.
  const std::vector<uint32_t> lanes =
      break_down(h, {0b0111, 0b0001, 0b1100, 0b0000, 0b0001, 0b0010, 0b0100, 0b0001}, false);
  ASSERT_EQ(lanes.size(), 4u);
  EXPECT_EQ(lanes[0], 0b1111u);
  uint32_t threads = 0;
  for (uint32_t l : lanes) threads += uint32_t(std::popcount(l));
  EXPECT_EQ(threads, 10u);
  EXPECT_EQ(h.mismatches, 0u) << h.first_mismatch;
}

TEST(LwmTop, FullMaskGivesOneSubwarpPerRowAndAJumpOne) {
  Single h(1, 4);
  EXPECT_EQ(break_down(h, std::vector<uint32_t>(kK, ~0u), false).size(), kK);
  // The first instruction's threads are all pending now: the jump still goes.
  EXPECT_EQ(break_down(h, std::vector<uint32_t>(kK, ~0u), true).size(), 1u);
  EXPECT_EQ(h.mismatches, 0u) << h.first_mismatch;
}

TEST(LwmTop, PendingThreadGivesWayToTheNextRow) {
  Single h(1, 4);
  h.begin(0, 1, rows_of({0b1}), rows_of({0b1}), false, false);
  h.form(0, true);  // row 0's thread of column 0 issues
  h.clock();
  h.begin(0, 1, rows_of({0b1, 0b1}), rows_of({0b1, 0b1}), false, false);
  h.form(0, true);
  EXPECT_EQ(get_field(h.rtl().row_o, 0, kRW), 1u);  // row 0's thread is pending
  h.clock();
  EXPECT_FALSE(h.form(0, true));  // row 0's thread still waits: nothing to issue
  h.complete_oldest();  // the first sub-warp completes
  h.clock();
  EXPECT_TRUE(h.form(0, true));
  EXPECT_EQ(h.mismatches, 0u) << h.first_mismatch;
}

TEST(LwmTop, ConditionalBranchFillsTheBranchBuffers) {
  Single h(1, 4);
  // Row 0: lanes 0-3 take it, 4-7 fall through; row 1 falls through: diverged.
  h.begin(0, 2, rows_of({0x0f, 0}), rows_of({0xff, 0xff}), false, true);
  h.form(0, true);
  h.clock();
  EXPECT_EQ(h.rtl().diverged_o, 1u);
  EXPECT_EQ(get_field(h.rtl().taken_o, 0, kN), 0x0fu);
  EXPECT_EQ(get_field(h.rtl().not_taken_o, 0, kN), 0xf0u);
  EXPECT_EQ(get_field(h.rtl().not_taken_o, kN, kN), 0xffu);
  // Every active thread takes it: not diverged.
  h.begin(0, 3, rows_of({0xff, 0xff}), rows_of({0xff, 0xff}), false, true);
  h.form(0, true);
  h.clock();
  EXPECT_EQ(h.rtl().diverged_o, 0u);
}

// A random mask row: empty, full, or each lane with a random density.
uint32_t random_row(std::mt19937& rng) {
  switch (rng() % 6) {
    case 0: return 0;
    case 1: return ~0u;
    default: {
      const unsigned density = 1 + rng() % 7;  // of 8
      uint32_t m = 0;
      for (unsigned c = 0; c < kN; ++c) m |= uint32_t(rng() % 8 < density) << c;
      return m;
    }
  }
}

// Each cycle: an idle former may begin on one of its scheduler's warps
// (random exec masks within random active masks, some jumps and branches),
// its sub-warp issues unless the unit is busy, up to kC sub-warps complete.
template <typename V>
void run_random(Harness<V>& h, unsigned schedulers, unsigned slots, uint32_t seed, int cycles) {
  std::mt19937 rng(seed);
  for (int cycle = 0; cycle < cycles; ++cycle) {
    for (unsigned s = 0; s < schedulers; ++s) {
      if (!h.busy(s)) {
        if (rng() % 4 == 0) continue;  // no warp ready
        const uint32_t warp = s + schedulers * uint32_t(rng() % (slots / schedulers));
        std::vector<uint32_t> exec(kK), active(kK);
        for (unsigned r = 0; r < kK; ++r) {
          active[r] = random_row(rng);
          exec[r] = rng() % 3 ? active[r] : active[r] & random_row(rng);  // a guard
        }
        h.begin(s, warp, exec, active, rng() % 10 == 0, rng() % 5 == 0);
      }
      h.form(s, rng() % 4 != 0);
    }
    h.complete_some(rng);
    h.clock();
  }
}

class LwmTopRandom : public ::testing::TestWithParam<uint32_t> {};

TEST_P(LwmTopRandom, OneFormerMatchesGoldenModel) {
  Single h(1, 4);
  run_random(h, 1, 4, GetParam(), 20000);
  EXPECT_EQ(h.mismatches, 0u) << h.first_mismatch;
  EXPECT_GT(h.subwarps, 8000u);
  EXPECT_GT(h.stalls, 2000u);  // threads waiting on their previous sub-warps were exercised
  std::printf("seed %u: %llu sub-warps compared, %llu issued, %llu dependency stalls\n", GetParam(),
              (unsigned long long)h.compared, (unsigned long long)h.subwarps, (unsigned long long)h.stalls);
}

TEST_P(LwmTopRandom, TwoFormersMatchGoldenModel) {
  Harness<Vlwm_top_s2> h(2, 6);
  run_random(h, 2, 6, GetParam(), 20000);
  EXPECT_EQ(h.mismatches, 0u) << h.first_mismatch;
  EXPECT_GT(h.subwarps, 8000u);
  EXPECT_GT(h.stalls, 2000u);
}

INSTANTIATE_TEST_SUITE_P(Seeds, LwmTopRandom, ::testing::Values(1u, 2u, 3u, 42u));

// The checker can fail: an RTL that misses the completions keeps threads
// pending that the golden model packs again, and the comparison notices.
TEST(LwmTopSelfCheck, DetectsMissedCompletions) {
  Single h(1, 4);
  h.drop_rtl_completions = true;
  run_random(h, 1, 4, 5, 3000);
  EXPECT_GT(h.mismatches, 0u);
  EXPECT_NE(h.first_mismatch.find("differs from the golden model"), std::string::npos);
}

}  // namespace
}  // namespace scwarp::sm
