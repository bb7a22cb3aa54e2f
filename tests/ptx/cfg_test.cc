// Re-convergence points: immediate post-dominators of branches.
#include "sc_model/ptx/cfg.h"

#include <gtest/gtest.h>

#include "tests/ptx/ptx_test_util.h"

namespace scwarp::ptx::test {
namespace {

Function kernel_of(const std::string& body) {
  Module m = parse_text(wrap_kernel(body));
  return *m.find_function("k");
}

TEST(Reconvergence, IfElseJoinsAfterBothArms) {
  Function k = kernel_of(
      "setp.lt.s32 %p1, %r1, 0;\n"   // 0
      "@%p1 bra ELSE;\n"             // 1
      "add.s32 %r2, %r1, 1;\n"       // 2
      "bra.uni JOIN;\n"              // 3
      "ELSE: sub.s32 %r2, %r1, 1;\n" // 4
      "JOIN: st.global.u32 [%rd1], %r2;\n"  // 5
      "ret;");                       // 6
  EXPECT_EQ(k.code[1].reconv, 5u);
  EXPECT_EQ(k.code[3].reconv, 5u);
  EXPECT_EQ(k.code[0].reconv, kNoPc);  // not a branch
}

TEST(Reconvergence, NestedIfs) {
  Function k = kernel_of(
      "@%p1 bra OUTER_END;\n"         // 0
      "add.s32 %r1, %r1, 1;\n"        // 1
      "@%p2 bra INNER_END;\n"         // 2
      "add.s32 %r1, %r1, 2;\n"        // 3
      "INNER_END: add.s32 %r1, %r1, 3;\n"  // 4
      "OUTER_END: st.global.u32 [%rd1], %r1;\n"  // 5
      "ret;");
  EXPECT_EQ(k.code[0].reconv, 5u);
  EXPECT_EQ(k.code[2].reconv, 4u);
}

TEST(Reconvergence, LoopWithBreak) {
  Function k = kernel_of(
      "mov.u32 %r1, 0;\n"                    // 0
      "LOOP: setp.ge.s32 %p1, %r1, %r2;\n"   // 1
      "@%p1 bra DONE;\n"                     // 2
      "ld.global.u32 %r3, [%rd1];\n"         // 3
      "setp.eq.s32 %p2, %r3, 0;\n"           // 4
      "@%p2 bra DONE;\n"                     // 5  break
      "add.s32 %r1, %r1, 1;\n"               // 6
      "bra.uni LOOP;\n"                      // 7
      "DONE: st.global.u32 [%rd1], %r1;\n"   // 8
      "ret;");                               // 9
  EXPECT_EQ(k.code[2].reconv, 8u);
  EXPECT_EQ(k.code[5].reconv, 8u);
  EXPECT_EQ(k.code[7].reconv, 1u);  // the back edge's block is post-dominated by the header
}

TEST(Reconvergence, EarlyReturnReconvergesAtExit) {
  Function k = kernel_of(
      "@%p1 bra REST;\n"                     // 0
      "st.global.u32 [%rd1], %r1;\n"         // 1
      "ret;\n"                               // 2
      "REST: add.s32 %r1, %r1, 1;\n"         // 3
      "st.global.u32 [%rd1], %r1;\n"         // 4
      "ret;");                               // 5
  EXPECT_EQ(k.code[0].reconv, kNoPc);
}

TEST(Reconvergence, GuardedReturnInsideAnIf) {
  Function k = kernel_of(
      "@%p1 bra JOIN;\n"                     // 0
      "@%p2 ret;\n"                          // 1
      "add.s32 %r1, %r1, 1;\n"               // 2
      "JOIN: st.global.u32 [%rd1], %r1;\n"   // 3
      "@%p3 bra END;\n"                      // 4
      "add.s32 %r1, %r1, 1;\n"               // 5
      "END: exit;");                         // 6
  EXPECT_EQ(k.code[0].reconv, kNoPc);  // the guarded ret leaves without passing JOIN
  EXPECT_EQ(k.code[4].reconv, 6u);
}

TEST(Reconvergence, InfiniteLoopAndUnreachableCode) {
  Function k = kernel_of(
      "@%p1 bra SPIN;\n"                     // 0
      "ret;\n"                               // 1
      "SPIN: bra.uni SPIN;\n"                // 2  never reaches the exit
      "add.s32 %r1, %r1, 1;\n"               // 3  unreachable
      "@%p2 bra SPIN;\n"                     // 4
      "ret;");                               // 5
  EXPECT_EQ(k.code[0].reconv, 1u);
  EXPECT_EQ(k.code[2].reconv, kNoPc);
  EXPECT_EQ(k.code[4].reconv, 5u);
}

TEST(Reconvergence, BranchToTheEndOfTheFunction) {
  Function k = kernel_of("@%p1 bra END;\nadd.s32 %r1, %r1, 1;\nEND:");
  EXPECT_EQ(k.code[0].ops[0].target, 2u);
  EXPECT_EQ(k.code[0].reconv, kNoPc);
}

TEST(Cfg, BlocksAndSuccessors) {
  Function k = kernel_of(
      "@%p1 bra B;\n"       // 0
      "add.s32 %r1, %r1, 1;\n"   // 1
      "B: @%p2 ret;\n"      // 2
      "exit;");             // 3
  std::vector<BasicBlock> blocks = build_cfg(k);
  ASSERT_EQ(blocks.size(), 4u);
  EXPECT_EQ(blocks[0].first, 0u);
  EXPECT_EQ(blocks[0].end, 1u);
  EXPECT_EQ(blocks[0].succs, (std::vector<uint32_t>{2, 1}));
  EXPECT_EQ(blocks[1].succs, (std::vector<uint32_t>{2}));
  EXPECT_EQ(blocks[2].succs, (std::vector<uint32_t>{kExitBlock, 3}));
  EXPECT_EQ(blocks[3].succs, (std::vector<uint32_t>{kExitBlock}));
  std::vector<uint32_t> ipdom = immediate_post_dominators(blocks);
  EXPECT_EQ(ipdom, (std::vector<uint32_t>{2, 2, kExitBlock, kExitBlock}));
}

}  // namespace
}  // namespace scwarp::ptx::test
