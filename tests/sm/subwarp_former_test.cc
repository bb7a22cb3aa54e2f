// Seed 002 Sec. 3.1's sub-warp creation on hand-made masks, the per-thread
// dependency bits and the relaxed re-fetch rule.
#include <gtest/gtest.h>

#include <bit>
#include <vector>

#include "sc_model/common/error.h"
#include "sc_model/sm/subwarp_former.h"

namespace scwarp::sm {
namespace {

std::vector<func::ExecRecord> rows_with(const std::vector<uint32_t>& exec) {
  std::vector<func::ExecRecord> rows(exec.size());
  for (size_t r = 0; r < exec.size(); ++r) {
    rows[r].active_mask = rows[r].exec_mask = exec[r];
    for (unsigned c = 0; c < func::kWarpSize; ++c) rows[r].addr[c] = r * 1000 + c;
  }
  return rows;
}

// Forms sub-warps until the instruction is broken down; returns their lanes.
std::vector<uint32_t> break_down(const std::vector<uint32_t>& exec, bool jump = false) {
  SubwarpFormer former;
  ThreadDependencies deps;
  deps.reset(uint32_t(exec.size()));
  std::vector<func::ExecRecord> rows = rows_with(exec);
  func::ExecRecord whole, out;
  former.begin(0, UnitChoice::Sp, whole, rows, jump);
  std::vector<uint32_t> lanes;
  while (former.busy()) {
    const Subwarp s = former.next(deps);
    former.take(s, out);
    lanes.push_back(out.exec_mask);
    if (lanes.size() > 64) break;
  }
  return lanes;
}

TEST(SubwarpFormer, EightRowsOfFourColumnsGiveAsManySubwarpsAsTheFullestColumn) {
  // Fig. 6's shape: 8 rows x 4 columns; column 0 has 4 active threads,
  // column 1 two, column 2 three, column 3 one.
  const std::vector<uint32_t> exec = {0b0111, 0b0001, 0b1100, 0b0000, 0b0001, 0b0010, 0b0100, 0b0001};
  const std::vector<uint32_t> lanes = break_down(exec);
  ASSERT_EQ(lanes.size(), 4u);
  EXPECT_EQ(lanes[0], 0b1111u);  // lowest row first in every column
  uint32_t threads = 0;
  for (uint32_t l : lanes) threads += uint32_t(std::popcount(l));
  EXPECT_EQ(threads, 10u);
}

TEST(SubwarpFormer, FullMaskGivesOneSubwarpPerRow) {
  EXPECT_EQ(break_down(std::vector<uint32_t>(8, 0xffffffffu)).size(), 8u);
}

TEST(SubwarpFormer, JumpOfA256ThreadLargeWarpGivesOneSubwarp) {
  EXPECT_EQ(break_down(std::vector<uint32_t>(8, 0xffffffffu), true).size(), 1u);
}

TEST(SubwarpFormer, SubwarpCarriesEachLanesAddressFromItsRow) {
  SubwarpFormer former;
  ThreadDependencies deps;
  deps.reset(2);
  std::vector<func::ExecRecord> rows = rows_with({0b01, 0b11});
  func::ExecRecord whole, out;
  former.begin(0, UnitChoice::Ldst, whole, rows, false);
  former.take(former.next(deps), out);
  EXPECT_EQ(out.exec_mask, 0b11u);
  EXPECT_EQ(out.addr[0], 0u);     // row 0, column 0
  EXPECT_EQ(out.addr[1], 1001u);  // row 1, column 1
  former.take(former.next(deps), out);
  EXPECT_EQ(out.exec_mask, 0b01u);
  EXPECT_EQ(out.addr[0], 1000u);  // row 1, column 0
  EXPECT_FALSE(former.busy());
}

TEST(ThreadDependencies, PendingThreadIsNotPackedUntilItsSubwarpCompletes) {
  ThreadDependencies deps;
  deps.reset(2);
  Subwarp first;
  first.lanes = 0b1;
  first.row[0] = 0;
  const uint32_t tag = deps.issue(first, false);
  EXPECT_EQ(deps.pending(0), 0b1u);

  SubwarpFormer former;
  std::vector<func::ExecRecord> rows = rows_with({0b1, 0b1});
  func::ExecRecord whole;
  former.begin(0, UnitChoice::Sp, whole, rows, false);
  Subwarp s = former.next(deps);
  EXPECT_EQ(s.lanes, 0b1u);
  EXPECT_EQ(s.row[0], 1u);  // row 0's thread is pending: row 1's goes first
  deps.complete(tag);
  EXPECT_EQ(deps.pending(0), 0u);
  EXPECT_THROW(deps.complete(tag), Error);
}

TEST(ThreadDependencies, RefetchAfterFirstSubwarpOrAfterAllForConditionalBranches) {
  ThreadDependencies deps;
  deps.reset(1);
  EXPECT_TRUE(deps.refetch_ready());
  for (bool wait_all : {false, true}) {
    deps.begin_instruction(wait_all);
    Subwarp a, b;
    a.lanes = 0b01;
    b.lanes = 0b10;
    const uint32_t ta = deps.issue(a, false);
    EXPECT_FALSE(deps.refetch_ready());  // still forming
    const uint32_t tb = deps.issue(b, true);
    deps.all_formed();
    EXPECT_TRUE(deps.long_latency_pending());
    EXPECT_FALSE(deps.refetch_ready());
    deps.complete(ta);
    EXPECT_EQ(deps.refetch_ready(), !wait_all) << wait_all;
    deps.complete(tb);
    EXPECT_TRUE(deps.refetch_ready());
    EXPECT_FALSE(deps.long_latency_pending());
  }
}

}  // namespace
}  // namespace scwarp::sm
