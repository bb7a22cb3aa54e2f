// Block barriers with CUDA semantics: release when every non-exited warp has
// arrived, thread counts, bar.arrive, bar.red, and the deadlock diagnosis.
#include <gtest/gtest.h>

#include "sc_model/common/error.h"
#include "sc_model/func/engine.h"
#include "sc_model/ptx/ir.h"
#include "tests/func/kernel_harness.h"

namespace scwarp::test {
namespace {

using runtime::KernelArgs;

const std::string kHeader = ".version 7.5\n.target sm_80\n.address_size 64\n";

// Every thread stores tid+1 into shared memory; `SYNC` separates the stores
// from reading the neighbour warp's value; `PRE` runs first.
std::string exchange_kernel(const std::string& pre, const std::string& sync) {
  return kHeader + R"(
.visible .entry k(.param .u64 out) {
  .reg .b32 %r<10>; .reg .b64 %rd<4>; .reg .pred %p<4>;
  .shared .align 4 .b8 s[512];
  mov.u32 %r1, %tid.x;
  mov.u32 %r9, %ntid.x;
)" + pre + R"(
  add.u32 %r2, %r1, 1;
  shl.b32 %r3, %r1, 2;
  mov.u32 %r4, s;
  add.u32 %r5, %r4, %r3;
  st.shared.u32 [%r5], %r2;
)" + sync + R"(
  add.u32 %r6, %r1, 32;
  rem.u32 %r6, %r6, %r9;
  shl.b32 %r6, %r6, 2;
  add.u32 %r6, %r4, %r6;
  ld.shared.u32 %r7, [%r6];
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r7;
  ret;
}
)";
}

std::vector<uint32_t> run(const std::string& ptx, unsigned threads) {
  runtime::Device dev;
  const auto& m = dev.load_module(ptx, "barrier.ptx");
  uint64_t out = dev.upload(std::vector<uint32_t>(threads, 0));
  dev.launch(m, "k", {2, 1, 1}, {threads, 1, 1}, 0, KernelArgs().add(out));
  return dev.download<uint32_t>(out, threads);
}

TEST(Barrier, SyncMakesOtherWarpsStoresVisible) {
  auto got = run(exchange_kernel("", "bar.sync 0;"), 96);
  for (unsigned t = 0; t < 96; ++t) EXPECT_EQ(got[t], (t + 32) % 96 + 1) << t;
}

TEST(Barrier, WithoutSyncTheNextWarpsStoresAreNotThereYet) {
  // Control for the test above: warps run one after another, so warp 0 reads
  // warp 1's slots before warp 1 wrote them. Proves the barrier matters.
  auto got = run(exchange_kernel("", ""), 96);
  EXPECT_EQ(got[0], 0u);
}

TEST(Barrier, ReleasesWhenRemainingWarpsExited) {
  // Warp 2 exits before the barrier; warps 0 and 1 must still be released.
  auto got = run(exchange_kernel("setp.ge.u32 %p1, %r1, 64;\n@%p1 exit;", "bar.sync 0;"), 96);
  for (unsigned t = 0; t < 32; ++t) EXPECT_EQ(got[t], t + 32 + 1) << t;
  for (unsigned t = 64; t < 96; ++t) EXPECT_EQ(got[t], 0u) << t;
}

TEST(Barrier, ThreadCountReleasesAfterThatManyThreads) {
  // Warps 0 and 1 sync on barrier 1 with 64 threads; warp 2 never arrives.
  auto got = run(exchange_kernel("", "setp.lt.u32 %p2, %r1, 64;\n@%p2 bar.sync 1, 64;"), 96);
  for (unsigned t = 0; t < 32; ++t) EXPECT_EQ(got[t], t + 32 + 1) << t;
}

TEST(Barrier, ArriveLetsAProducerGoOnWhileTheConsumerWaits) {
  // Warp 1 produces and arrives; warp 0 (run first) waits in bar.sync until
  // then, so it reads warp 1's values.
  std::string sync = R"(
  setp.lt.u32 %p2, %r1, 32;
  @%p2 bar.sync 1, 64;
  @!%p2 bar.arrive 1, 64;)";
  auto got = run(exchange_kernel("", sync), 64);
  for (unsigned t = 0; t < 32; ++t) EXPECT_EQ(got[t], t + 32 + 1) << t;
}

// bar.red.and/or over the predicate `condition` of %r1 = tid.
std::string boolean_reduction(const std::string& op, const std::string& condition) {
  return kHeader + R"(
.visible .entry k(.param .u64 out) {
  .reg .b32 %r<10>; .reg .b64 %rd<4>; .reg .pred %p<4>;
  mov.u32 %r1, %tid.x;
  rem.u32 %r2, %r1, 3;
  )" + condition + R"(
  bar.red.)" + op + R"(.pred %p2, 0, %p1;
  selp.u32 %r3, 1, 0, %p2;
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r3;
  ret;
}
)";
}

TEST(Barrier, ReductionPopcAndOr) {
  std::string popc = kHeader + R"(
.visible .entry k(.param .u64 out) {
  .reg .b32 %r<10>; .reg .b64 %rd<4>; .reg .pred %p<4>;
  mov.u32 %r1, %tid.x;
  rem.u32 %r2, %r1, 3;
  setp.eq.u32 %p1, %r2, 0;
  bar.red.popc.u32 %r3, 0, %p1;
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r3;
  ret;
}
)";
  auto got = run(popc, 70);
  for (unsigned t = 0; t < 70; ++t) EXPECT_EQ(got[t], 24u) << "multiples of 3 below 70";
}

TEST(Barrier, ReductionAndOr) {
  const std::string some = "setp.eq.u32 %p1, %r2, 0;", all = "setp.lt.u32 %p1, %r1, 1000;";
  EXPECT_EQ(run(boolean_reduction("or", some), 70)[69], 1u);
  EXPECT_EQ(run(boolean_reduction("and", some), 70)[0], 0u);
  EXPECT_EQ(run(boolean_reduction("and", all), 70)[0], 1u);
  EXPECT_EQ(run(boolean_reduction("or", "setp.gt.u32 %p1, %r1, 1000;"), 70)[3], 0u);
}

TEST(Barrier, DeadlockIsReportedWithWhoWaitsWhere) {
  std::string ptx = kHeader + R"(
.visible .entry k(.param .u64 out) {
  .reg .b32 %r<4>; .reg .pred %p<2>;
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p1, %r1, 32;
  @%p1 bar.sync 0;
  @!%p1 bar.sync 1;
  ret;
}
)";
  try {
    run(ptx, 64);
    FAIL() << "expected a deadlock error";
  } catch (const Error& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("kernel k block (0,0,0): barrier 0 can never release"), std::string::npos) << msg;
    EXPECT_NE(msg.find("warps 0 wait at it"), std::string::npos) << msg;
    EXPECT_NE(msg.find("warps 1 wait at other barriers"), std::string::npos) << msg;
  }
}

TEST(Barrier, CountBeyondTheBlockCanNeverRelease) {
  std::string ptx = kHeader + R"(
.visible .entry k(.param .u64 out) {
  bar.sync 0, 128;
  ret;
}
)";
  EXPECT_THROW(
      {
        try {
          run(ptx, 64);
        } catch (const Error& e) {
          EXPECT_NE(std::string(e.what()).find("expecting 128 threads"), std::string::npos) << e.what();
          throw;
        }
      },
      Error);
}

}  // namespace
}  // namespace scwarp::test

namespace scwarp::test {
namespace {

// What the timing model will see: the arriving warp's record says it now
// waits, the last arrival's record says it released the barrier.
TEST(Barrier, ExecRecordFlags) {
  std::string text = kHeader + R"(
.visible .entry k() {
  bar.sync 0;
  exit;
}
)";
  ptx::Module m = ptx::parse_module(text, "flags.ptx");
  func::GlobalMemory mem;
  func::LaunchSpec spec;
  spec.module = &m;
  spec.kernel = m.find_function("k");
  spec.block = func::Dim3{64, 1, 1};
  func::Engine engine(mem, spec);
  auto block = engine.make_block(0);
  func::ExecRecord first = engine.step(*block, block->warp(0));
  EXPECT_TRUE(first.reached_barrier);
  EXPECT_FALSE(first.released_barrier);
  EXPECT_EQ(block->warp(0).state(), func::WarpState::AtBarrier);
  EXPECT_THROW(engine.step(*block, block->warp(0)), Error) << "a waiting warp cannot step";
  func::ExecRecord second = engine.step(*block, block->warp(1));
  EXPECT_TRUE(second.released_barrier);
  EXPECT_EQ(block->warp(0).state(), func::WarpState::Ready);
  func::ExecRecord exit0 = engine.step(*block, block->warp(0));
  EXPECT_TRUE(exit0.warp_exited);
  EXPECT_FALSE(block->done());
  EXPECT_TRUE(engine.step(*block, block->warp(1)).warp_exited);
  EXPECT_TRUE(block->done());
}

}  // namespace
}  // namespace scwarp::test
