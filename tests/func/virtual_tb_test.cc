// Virtual TBs and warps (VTW, seed 004 Sec. 4.2-4.4) in the functional
// engine: the index instructions, the rules that hold a virtual warp for its
// siblings (skew, shared memory and barriers, index grants), nexttid's slot
// assignment, and a barrier of one iteration that a warp leaving early does
// not block.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "sc_model/common/error.h"
#include "sc_model/func/engine.h"
#include "sc_model/ptx/vtw_transform.h"
#include "sc_model/runtime/device.h"

namespace scwarp::func {
namespace {

const std::string kHeader = ".version 7.5\n.target sm_75\n.address_size 64\n";

// Each iteration: take a logical TB and a thread index (MODE), write the
// hardware warp id + 1 to out[tb * 64 + tid], touch shared memory (BODY).
std::string loop_kernel(const std::string& mode, const std::string& body = "") {
  return kHeader + R"(
.entry k(.param .u64 out, .param .u32 n) {
  .reg .b32 %r<12>; .reg .b64 %rd<4>; .reg .pred %p<2>;
  .shared .align 4 .b8 s[256];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %tid.x;
  mov.u32 %r3, %warpid;
  add.u32 %r3, %r3, 1;
$loop:
  nexttbid.u32 %r4, %r1;
  setp.ge.u32 %p1, %r4, %r1;
  @%p1 bra $done;
  nexttid.)" + mode + R"(.u32 %r5, %r2;
)" + body + R"(
  mad.lo.u32 %r6, %r4, 64, %r5;
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r6, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r3;
  bra $loop;
$done:
  exit;
}
)";
}

struct Launch {
  explicit Launch(const std::string& ptx, uint32_t logical_tbs = 4)
      : module(ptx::parse_module(ptx, "vtw.ptx")), out(memory.allocate(logical_tbs * 64 * 4)) {
    LaunchSpec spec;
    spec.module = &module;
    spec.kernel = module.find_function("k");
    spec.grid = Dim3{1, 1, 1};
    spec.block = Dim3{64, 1, 1};
    spec.params.resize(12);
    std::memcpy(spec.params.data(), &out, 8);
    std::memcpy(spec.params.data() + 8, &logical_tbs, 4);
    engine = std::make_unique<Engine>(memory, spec);
    block = engine->make_block(0);
  }
  Warp& warp(size_t i) { return block->warp(i); }
  SiblingHold hold(size_t i) { return engine->sibling_hold(*block, warp(i)); }
  // Steps warp i until its next instruction is nexttbid (or it exited).
  void run_to_next_index(size_t i) {
    do engine->step(*block, warp(i));
    while (warp(i).state() == WarpState::Ready && !at_nexttbid(i));
  }
  bool at_nexttbid(size_t i) {
    const ptx::Function& f = module.functions.at(warp(i).next_function());
    return f.code.at(warp(i).next_pc()).op == ptx::Opcode::NextTbId;
  }
  void step_to_nexttbid(size_t i) {
    while (!at_nexttbid(i)) engine->step(*block, warp(i));
  }
  // Both warps take logical TB 0 as their first iteration.
  void enter_first_iteration() {
    step_to_nexttbid(0);
    step_to_nexttbid(1);
    engine->grant_tb_index(*block, 0);
    engine->step(*block, warp(0));
    engine->step(*block, warp(1));
  }

  GlobalMemory memory;
  ptx::Module module;
  uint64_t out;
  std::unique_ptr<Engine> engine;
  std::unique_ptr<Block> block;
};

TEST(VirtualTb, NexttbidWaitsForAGrantThenSiblingsTakeTheSameIndex) {
  Launch l(loop_kernel("same"));
  l.step_to_nexttbid(0);
  l.step_to_nexttbid(1);
  EXPECT_EQ(l.hold(0), SiblingHold::Index);
  EXPECT_EQ(l.engine->tb_index_bound(*l.block, l.warp(0)), 4u);
  l.engine->grant_tb_index(*l.block, 2);
  EXPECT_EQ(l.hold(0), SiblingHold::None);
  EXPECT_EQ(l.hold(1), SiblingHold::None);
  const ExecRecord rec = l.engine->step(*l.block, l.warp(0));
  EXPECT_TRUE(rec.took_tb_index);
  EXPECT_EQ(l.warp(0).iteration(), 1u);
  EXPECT_EQ(l.engine->iterations(*l.block).min, 0u);
  EXPECT_EQ(l.engine->iterations(*l.block).ahead, 1u);
  l.engine->step(*l.block, l.warp(1));
  EXPECT_EQ(l.engine->iterations(*l.block).min, 1u);
  EXPECT_EQ(l.engine->iterations(*l.block).ahead, 0u);
}

TEST(VirtualTb, AWarpIsHeldBeforeGoingTwoIterationsAheadAndReleasedWhenItsSiblingCatchesUp) {
  Launch l(loop_kernel("same"));
  l.step_to_nexttbid(0);
  l.step_to_nexttbid(1);
  l.engine->grant_tb_index(*l.block, 0);
  l.engine->step(*l.block, l.warp(0));  // warp 0 enters iteration 1
  l.run_to_next_index(0);
  EXPECT_EQ(l.hold(0), SiblingHold::Skew) << "warp 1 has not started iteration 1";
  l.engine->step(*l.block, l.warp(1));  // warp 1 takes iteration 1's index
  EXPECT_EQ(l.hold(0), SiblingHold::Index) << "iteration 2's index is not granted yet";
  l.engine->grant_tb_index(*l.block, 1);
  l.engine->step(*l.block, l.warp(0));  // warp 0 enters iteration 2
  l.run_to_next_index(0);
  EXPECT_EQ(l.warp(0).iteration(), 2u);
  EXPECT_EQ(l.hold(0), SiblingHold::Skew);
  l.run_to_next_index(1);
  EXPECT_EQ(l.hold(0), SiblingHold::Skew) << "warp 1 finished iteration 1 but has not left it";
  EXPECT_EQ(l.hold(1), SiblingHold::None) << "iteration 2's index is granted";
  l.engine->step(*l.block, l.warp(1));
  EXPECT_EQ(l.hold(0), SiblingHold::Index);
}

TEST(VirtualTb, SharedMemoryAndBarriersWaitUntilSiblingsFinishThePreviousIteration) {
  // The shared store is generic (cvta to a generic address of `s`) to show
  // generic accesses are resolved; a global store in the same spot is not held.
  const std::string body =
      "  mov.u64 %rd1, s;\n  cvta.shared.u64 %rd1, %rd1;\n  st.u32 [%rd1], %r5;\n";
  Launch l(loop_kernel("same", body));
  l.enter_first_iteration();
  l.run_to_next_index(0);
  l.engine->grant_tb_index(*l.block, 1);
  l.engine->step(*l.block, l.warp(0));  // warp 0 in iteration 2, warp 1 in iteration 1
  while (l.module.functions[0].code.at(l.warp(0).next_pc()).op != ptx::Opcode::St) {
    EXPECT_EQ(l.hold(0), SiblingHold::None);
    l.engine->step(*l.block, l.warp(0));
  }
  EXPECT_EQ(l.hold(0), SiblingHold::Shared);
  l.run_to_next_index(1);
  EXPECT_EQ(l.hold(0), SiblingHold::Shared) << "warp 1 finished iteration 1 but has not left it";
  l.engine->step(*l.block, l.warp(1));
  EXPECT_EQ(l.hold(0), SiblingHold::None);
}

TEST(VirtualTb, LowestToHighestGivesTheFirstFinisherSlotZero) {
  Launch l(loop_kernel("lowest"));
  l.enter_first_iteration();
  l.run_to_next_index(1);  // warp 1 finishes iteration 1 first
  l.run_to_next_index(0);
  l.engine->grant_tb_index(*l.block, 1);
  l.run_to_next_index(1);
  l.run_to_next_index(0);
  std::vector<uint32_t> out(4 * 64);
  l.memory.read(l.out, out.data(), out.size() * 4);
  for (unsigned t = 0; t < 32; ++t) {
    EXPECT_EQ(out[t], 1u) << "iteration 1 keeps the warps' own slots";
    EXPECT_EQ(out[64 + t], 2u) << "iteration 2: warp 1 finished first and takes slot 0";
    EXPECT_EQ(out[64 + 32 + t], 1u);
  }
}

TEST(VirtualTb, SlowestLaneGivesTheFirstFinisherTheSlowestWarpsSlot) {
  // Warp 0 spins 40 rounds more in its first iteration and finishes it
  // first: the warp with the least progress in that iteration is warp 1, so
  // warp 0 takes warp 1's slot (1) in iteration 2 and warp 1 takes slot 0.
  // LowestToHighestLane would have given warp 0 slot 0.
  const std::string body = "  setp.eq.u32 %p1, %r3, 1;\n  @!%p1 bra $skip;\n"
                           "  mov.u32 %r9, 40;\n$spin:\n  sub.u32 %r9, %r9, 1;\n  setp.ne.u32 %p1, %r9, 0;\n"
                           "  @%p1 bra $spin;\n$skip:\n";
  Launch l(loop_kernel("slowest", body));
  l.enter_first_iteration();
  l.run_to_next_index(0);
  l.run_to_next_index(1);
  l.engine->grant_tb_index(*l.block, 1);
  l.run_to_next_index(0);
  l.run_to_next_index(1);
  std::vector<uint32_t> out(4 * 64);
  l.memory.read(l.out, out.data(), out.size() * 4);
  EXPECT_EQ(out[0], 1u);
  EXPECT_EQ(out[32], 2u);
  EXPECT_EQ(out[64 + 32], 1u) << "warp 0 entered iteration 2 first and took the slowest warp's slot";
  EXPECT_EQ(out[64 + 0], 2u);
}

TEST(VirtualTb, SlotMovingModesNeedWholeWarps) {
  ptx::Module m = ptx::parse_module(loop_kernel("lowest"), "vtw.ptx");
  GlobalMemory memory;
  LaunchSpec spec;
  spec.module = &m;
  spec.kernel = m.find_function("k");
  spec.block = Dim3{48, 1, 1};
  spec.params.resize(12);
  try {
    Engine e(memory, spec);
    FAIL() << "a 48-thread block was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("nexttid.lowest.u32' moves whole warps"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("48 threads per block"), std::string::npos) << e.what();
  }
}

// Warp 1 of each block returns before the barrier the others wait at: legal
// CUDA (the barrier counts the warps that have not exited). Transformed with
// a hardware index, warp 1 goes on to its next logical TB instead, and the
// barrier of the others' iteration must not wait for it.
std::string early_return_kernel() {
  return kHeader + R"(
.entry k(.param .u64 out) {
  .reg .b32 %r<12>; .reg .b64 %rd<4>; .reg .pred %p<3>;
  .shared .align 4 .b8 s[512];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  setp.ge.u32 %p1, %r1, 32;
  setp.lt.u32 %p2, %r1, 64;
  and.pred %p1, %p1, %p2;
  @%p1 bra $leave;
  shl.b32 %r3, %r1, 2;
  mov.u32 %r4, s;
  add.u32 %r5, %r4, %r3;
  add.u32 %r6, %r1, %r2;
  st.shared.u32 [%r5], %r6;
  bar.sync 0;
  xor.b32 %r7, %r1, 64;
  shl.b32 %r7, %r7, 2;
  add.u32 %r7, %r4, %r7;
  ld.shared.u32 %r8, [%r7];
  mad.lo.u32 %r9, %r2, 96, %r1;
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r9, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r8;
$leave:
  ret;
}
)";
}

std::vector<uint32_t> run_early_return(const std::string& transform) {
  runtime::Device dev;
  dev.set_module_transform(ptx::parse_transform(transform));
  const runtime::LoadedModule& m = dev.load_module(early_return_kernel(), "early.ptx");
  const uint64_t out = dev.upload(std::vector<uint32_t>(20 * 96, 0));
  dev.launch(m, "k", {20, 1, 1}, {96, 1, 1}, 0, runtime::KernelArgs().add(out));
  return dev.download<uint32_t>(out, 20 * 96);
}

TEST(VirtualTb, AWarpLeavingItsIterationEarlyDoesNotBlockItsSiblingsBarrier) {
  const std::vector<uint32_t> original = run_early_return("none");
  EXPECT_EQ(original[5], (5 ^ 64) + 0u);
  EXPECT_EQ(original[96 * 7 + 70], (70 ^ 64) + 7u);
  for (const char* mode : {"vtw:same", "vtw:slowest", "vtw:lowest"})
    EXPECT_EQ(run_early_return(mode), original) << mode;
}

TEST(VirtualTb, TheSoftwareIndexRefusesAWarpThatCanSkipABarrier) {
  try {
    run_early_return("vtw:software");
    FAIL() << "accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("early.ptx:"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("may skip a barrier"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace scwarp::func
