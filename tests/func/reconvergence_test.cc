// The SIMT re-convergence stack (paper 002 Sec. 2.3) seen through
// Engine::step's ExecRecords, and per-lane results of divergent control flow.
#include <gtest/gtest.h>

#include <utility>

#include "sc_model/func/engine.h"
#include "sc_model/ptx/ir.h"
#include "tests/func/kernel_harness.h"

namespace scwarp::test {
namespace {

using func::Dim3;
using runtime::KernelArgs;

const char* kHeader = ".version 7.5\n.target sm_80\n.address_size 64\n";

const std::string kIfElse = std::string(kHeader) + R"(
.visible .entry ifelse(.param .u64 out) {
  .reg .b32 %r<8>; .reg .b64 %rd<4>; .reg .pred %p<3>;
  mov.u32 %r1, %tid.x;
  and.b32 %r2, %r1, 1;
  setp.eq.u32 %p1, %r2, 0;
  @%p1 bra EVEN;
  mov.u32 %r3, 100;
  bra.uni JOIN;
EVEN:
  mov.u32 %r3, 200;
JOIN:
  activemask.b32 %r4;
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 8;
  add.s64 %rd3, %rd1, %rd2;
  st.global.v2.u32 [%rd3], {%r3, %r4};
  ret;
}
)";

TEST(Reconvergence, IfElseStepByStep) {
  ptx::Module m = ptx::parse_module(kIfElse, "ifelse.ptx");
  func::GlobalMemory mem;
  func::LaunchSpec spec;
  spec.module = &m;
  spec.kernel = m.find_function("ifelse");
  spec.block = Dim3{32, 1, 1};
  uint64_t out = mem.allocate(32 * 8);
  spec.params.resize(8);
  std::memcpy(spec.params.data(), &out, 8);
  func::Engine engine(mem, spec);
  auto block = engine.make_block(0);
  func::Warp& w = block->warp(0);
  const uint32_t F = 0xffffffff, E = 0x55555555, O = 0xaaaaaaaa;
  std::vector<std::pair<uint32_t, uint32_t>> expect = {
      {0, F}, {1, F}, {2, F}, {3, F}, {6, E}, {4, O}, {5, O}, {7, F}, {8, F}, {9, F}, {10, F}, {11, F}, {12, F}};
  for (size_t i = 0; i < expect.size(); ++i) {
    ASSERT_EQ(w.state(), func::WarpState::Ready) << i;
    ASSERT_EQ(w.next_pc(), expect[i].first) << i;
    func::ExecRecord r = engine.step(*block, w);
    EXPECT_EQ(r.pc, expect[i].first) << i;
    EXPECT_EQ(r.active_mask, expect[i].second) << "pc " << r.pc;
    if (r.pc == 3) {
      EXPECT_TRUE(r.is_branch);
      EXPECT_TRUE(r.diverged);
      EXPECT_EQ(r.taken_mask, E);
      EXPECT_EQ(r.exec_mask, E);
    }
    if (r.pc == 5) {
      EXPECT_FALSE(r.diverged);
    }
    if (r.pc == 11) {
      EXPECT_EQ(r.mem_space, ptx::Space::Global);
      EXPECT_EQ(r.mem_bytes, 8u);
      EXPECT_EQ(r.addr[7], out + 56);
    }
    EXPECT_EQ(r.warp_exited, r.pc == 12);
  }
  EXPECT_EQ(w.state(), func::WarpState::Exited);
  EXPECT_TRUE(block->done());
  EXPECT_EQ(w.instructions(), expect.size());
  std::vector<uint32_t> got(64);
  mem.read(out, got.data(), 256);
  for (int t = 0; t < 32; ++t) {
    EXPECT_EQ(got[2 * t], t % 2 ? 100u : 200u);
    EXPECT_EQ(got[2 * t + 1], F) << "re-converged after the if/else";
  }
}

// Nested divergence inside a loop with a per-lane trip count, one lane
// exiting early, then a block barrier and a full-warp check.
const std::string kNestedLoop = std::string(kHeader) + R"(
.visible .entry nested(.param .u64 out) {
  .reg .b32 %r<8>; .reg .b64 %rd<4>; .reg .pred %p<4>;
  mov.u32 %r1, %tid.x;
  setp.eq.u32 %p3, %r1, 5;
  @%p3 exit;
  mov.u32 %r5, 0;
  mov.u32 %r6, 0;
LOOP:
  setp.ge.u32 %p1, %r6, %r1;
  @%p1 bra DONE;
  and.b32 %r2, %r6, 1;
  setp.eq.u32 %p2, %r2, 0;
  @%p2 bra EVEN;
  add.u32 %r5, %r5, 3;
  bra.uni NEXT;
EVEN:
  add.u32 %r5, %r5, 1;
NEXT:
  add.u32 %r6, %r6, 1;
  bra.uni LOOP;
DONE:
  bar.sync 0;
  activemask.b32 %r4;
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 8;
  add.s64 %rd3, %rd1, %rd2;
  st.global.v2.u32 [%rd3], {%r5, %r4};
  ret;
}
)";

TEST(Reconvergence, NestedDivergenceInDataDependentLoopWithEarlyExit) {
  runtime::Device dev;
  const auto& m = dev.load_module(kNestedLoop, "nested.ptx");
  const int n = 45;  // second warp is partial: 13 lanes
  uint64_t out = dev.upload(std::vector<uint32_t>(2 * n, 0xdead));
  auto r = dev.launch(m, "nested", {1, 1, 1}, {n, 1, 1}, 0, KernelArgs().add(out));
  auto got = dev.download<uint32_t>(out, 2 * n);
  for (int t = 0; t < n; ++t) {
    if (t == 5) {
      EXPECT_EQ(got[2 * t], 0xdeadu) << "exited lane wrote nothing";
      continue;
    }
    uint32_t sum = 0;
    for (int i = 0; i < t; ++i) sum += i % 2 ? 3 : 1;
    EXPECT_EQ(got[2 * t], sum) << t;
    EXPECT_EQ(got[2 * t + 1], t < 32 ? 0xffffffdfu : 0x1fffu) << t;
  }
  EXPECT_GT(r.warp_instructions, 0u);
}

// A callee where some lanes return early through their own ret, called
// under a guard by only some lanes; each lane gets its own return value.
const std::string kEarlyReturn = std::string(kHeader) + R"(
.func (.param .b32 result) classify(.param .b32 x) {
  .reg .b32 %r<4>; .reg .pred %p<2>;
  ld.param.b32 %r1, [x];
  setp.lt.u32 %p1, %r1, 10;
  @%p1 bra SMALL;
  mul.lo.u32 %r2, %r1, 2;
  st.param.b32 [result], %r2;
  ret;
SMALL:
  add.u32 %r2, %r1, 1000;
  st.param.b32 [result], %r2;
  ret;
}
.visible .entry early(.param .u64 out) {
  .reg .b32 %r<6>; .reg .b64 %rd<4>; .reg .pred %p<2>;
  mov.u32 %r1, %tid.x;
  mov.u32 %r3, 7;
  setp.ne.u32 %p1, %r1, 3;
  {
  .param .b32 arg; .param .b32 res;
  st.param.b32 [arg], %r1;
  @%p1 call (res), classify, (arg);
  @%p1 ld.param.b32 %r3, [res];
  }
  activemask.b32 %r4;
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 8;
  add.s64 %rd3, %rd1, %rd2;
  st.global.v2.u32 [%rd3], {%r3, %r4};
  ret;
}
)";

TEST(Reconvergence, DivergentEarlyReturnFromAGuardedCall) {
  runtime::Device dev;
  const auto& m = dev.load_module(kEarlyReturn, "early.ptx");
  const int n = 32;
  uint64_t out = dev.malloc(n * 8);
  dev.launch(m, "early", {1, 1, 1}, {n, 1, 1}, 0, KernelArgs().add(out));
  auto got = dev.download<uint32_t>(out, 2 * n);
  for (int t = 0; t < n; ++t) {
    uint32_t want = t == 3 ? 7u : t < 10 ? 1000u + t : 2u * t;
    EXPECT_EQ(got[2 * t], want) << t;
    EXPECT_EQ(got[2 * t + 1], 0xffffffffu) << "whole warp together after the call";
  }
}

}  // namespace
}  // namespace scwarp::test
