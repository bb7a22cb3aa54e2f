// Seed 002's large warps in the functional engine: rows of 32 threads with
// one PC and one re-convergence stack. A branch that splits rows (not lanes)
// does not diverge an ordinary warp but does diverge a large one; results
// are the same either way.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "sc_model/common/error.h"
#include "sc_model/func/engine.h"
#include "sc_model/ptx/ir.h"
#include "tests/func/kernel_harness.h"

namespace scwarp::test {
namespace {

using func::Dim3;

// Threads below 32 (row 0) take LOW, the others (row 1, ...) fall through;
// a barrier and the exit follow the join.
const std::string kRowSplit = R"(.version 7.5
.target sm_80
.address_size 64
.visible .entry rowsplit(.param .u64 out) {
  .reg .b32 %r<8>; .reg .b64 %rd<4>; .reg .pred %p<3>;
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p1, %r1, 32;
  @%p1 bra LOW;
  mov.u32 %r3, 100;
  bra.uni JOIN;
LOW:
  mov.u32 %r3, 200;
JOIN:
  activemask.b32 %r4;
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 8;
  add.s64 %rd3, %rd1, %rd2;
  st.global.v2.u32 [%rd3], {%r3, %r4};
  bar.sync 0;
  ret;
}
)";

struct Launch {
  ptx::Module module = ptx::parse_module(kRowSplit, "rowsplit.ptx");
  func::GlobalMemory mem;
  func::LaunchSpec spec;
  uint64_t out = 0;

  Launch(uint32_t threads, uint32_t rows) {
    spec.module = &module;
    spec.kernel = module.find_function("rowsplit");
    spec.block = Dim3{threads, 1, 1};
    spec.large_warp_rows = rows;
    out = mem.allocate(threads * 8);
    spec.params.resize(8);
    std::memcpy(spec.params.data(), &out, 8);
  }
  std::vector<uint32_t> results(uint32_t threads) {
    std::vector<uint32_t> v(threads * 2);
    mem.read(out, v.data(), v.size() * 4);
    return v;
  }
};

TEST(LargeWarp, RowSplitDivergesOnceAndReconverges) {
  Launch l(64, 2);
  func::Engine engine(l.mem, l.spec);
  auto block = engine.make_block(0);
  ASSERT_EQ(block->scheduled_warp_count(), 1u);
  func::Warp& w = block->scheduled_warp(0);
  ASSERT_TRUE(w.large());
  EXPECT_EQ(w.live_threads(), 64u);
  const uint32_t F = 0xffffffff;
  // pc, row 0's and row 1's active lanes: the taken path (row 0) first.
  struct Step {
    uint32_t pc, row0, row1;
  };
  const std::vector<Step> expect = {{0, F, F}, {1, F, F}, {2, F, F}, {5, F, 0}, {3, 0, F}, {4, 0, F},
                                    {6, F, F}, {7, F, F}, {8, F, F}, {9, F, F}, {10, F, F}, {11, F, F}};
  func::ExecRecord rec;
  std::vector<func::ExecRecord> rows;
  for (size_t i = 0; i < expect.size(); ++i) {
    ASSERT_EQ(w.state(), func::WarpState::Ready) << i;
    ASSERT_EQ(w.next_pc(), expect[i].pc) << i;
    engine.step_large(*block, w, rec, rows);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].active_mask, expect[i].row0) << "pc " << expect[i].pc;
    EXPECT_EQ(rows[1].active_mask, expect[i].row1) << "pc " << expect[i].pc;
    EXPECT_EQ(rec.diverged, expect[i].pc == 2) << "pc " << expect[i].pc;
  }
  // The only warp at the barrier releases it; then ret exits both rows.
  EXPECT_TRUE(rec.released_barrier);
  engine.step_large(*block, w, rec, rows);
  EXPECT_TRUE(rec.warp_exited);
  EXPECT_EQ(w.state(), func::WarpState::Exited);
  EXPECT_TRUE(block->done());
  const std::vector<uint32_t> v = l.results(64);
  for (uint32_t t = 0; t < 64; ++t) {
    EXPECT_EQ(v[2 * t], t < 32 ? 200u : 100u) << t;
    EXPECT_EQ(v[2 * t + 1], F) << t;  // activemask after the join: the row's 32 lanes
  }
}

TEST(LargeWarp, SameResultsAndThreadInstructionsAsOrdinaryWarps) {
  Launch ordinary(256, 1), large(256, 4);
  func::Engine e1(ordinary.mem, ordinary.spec), e4(large.mem, large.spec);
  auto b1 = e1.make_block(0);
  auto b4 = e4.make_block(0);
  EXPECT_EQ(b1->scheduled_warp_count(), 8u);
  EXPECT_EQ(b4->scheduled_warp_count(), 2u);
  EXPECT_EQ(e1.run_block(*b1), e4.run_block(*b4));
  EXPECT_EQ(ordinary.results(256), large.results(256));
}

TEST(LargeWarp, BlockNotWholeLargeWarpsIsRefusedNamingBoth) {
  Launch l(96, 2);
  try {
    func::Engine engine(l.mem, l.spec);
    FAIL() << "a 96-thread block ran as 64-thread large warps";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("block of 96 threads is not a whole number of large warps of 64"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace scwarp::test
