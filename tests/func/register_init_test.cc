// A new call frame zeroes only the registers a thread may read before
// writing them (ptx::registers_read_before_written); the rest keep whatever
// the allocation held. What a kernel computes must not tell the difference:
// a register a thread reads without having written it reads 0, in every
// block, after earlier blocks' frames were freed and their memory reused.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/func/kernel_harness.h"
#include "tests/ptx/ptx_test_util.h"

namespace scwarp::test {
namespace {

// Threads whose tid + ctaid is odd write %r1 on their arm only; every
// thread stores %r1 after the join. The lanes that write alternate from
// block to block, so a block whose frames reuse an earlier block's memory
// finds its predecessor's %r1 in the lanes that now skip the write. %r2 is
// written on both arms, %r3 before its reads: neither is zeroed, and both
// must still come out right.
const char* kBody = R"(
  ld.param.u64 %rd1, [p0];
  mov.u32 %r3, %tid.x;
  mov.u32 %r4, %ctaid.x;
  mad.lo.u32 %r5, %r4, 64, %r3;
  add.u32 %r6, %r3, %r4;
  and.b32 %r6, %r6, 1;
  setp.eq.u32 %p1, %r6, 0;
  @%p1 bra EVEN;
  add.u32 %r1, %r5, 1000;
  mov.u32 %r2, 1;
  bra.uni JOIN;
EVEN:
  mov.u32 %r2, 2;
JOIN:
  mul.wide.u32 %rd2, %r5, 8;
  add.u64 %rd3, %rd1, %rd2;
  st.global.v2.u32 [%rd3], {%r1, %r2};
  ret;
)";

TEST(RegisterInit, ARegisterReadBeforeItsWriteReadsZeroInEveryBlock) {
  runtime::Device dev;
  const runtime::LoadedModule& m = dev.load_module(ptx::test::wrap_kernel(kBody), "arms.ptx");
  const uint32_t blocks = 40, threads = 64, n = blocks * threads;
  const uint64_t out = dev.malloc(n * 8);
  dev.launch(m, "k", {blocks, 1, 1}, {threads, 1, 1}, 0, runtime::KernelArgs().add(out));
  const std::vector<uint32_t> got = dev.download<uint32_t>(out, 2 * n);
  for (uint32_t i = 0; i < n; ++i) {
    const bool odd = (i % threads + i / threads) % 2 == 1;
    ASSERT_EQ(got[2 * i], odd ? i + 1000 : 0u) << "thread " << i << ": %r1";
    ASSERT_EQ(got[2 * i + 1], odd ? 1u : 2u) << "thread " << i << ": %r2";
  }
}

}  // namespace
}  // namespace scwarp::test
