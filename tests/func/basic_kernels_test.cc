// nvcc-generated kernels (data/basic.cu) against host references.
#include <gtest/gtest.h>

#include <numeric>

#include "tests/func/kernel_harness.h"

namespace scwarp::test {
namespace {

using runtime::Device;
using runtime::KernelArgs;

class BasicKernels : public ::testing::Test {
 protected:
  Device dev;
  const runtime::LoadedModule& m = dev.load_module(read_text(data_path("basic.ptx")), "basic.ptx");
};

TEST_F(BasicKernels, VectorAddWithPartialLastBlock) {
  const int n = 1000;
  std::vector<float> a(n), b(n);
  for (int i = 0; i < n; ++i) a[i] = i * 0.5f, b[i] = 3.0f - i;
  uint64_t da = dev.upload(a), db = dev.upload(b), dc = dev.malloc(n * 4);
  auto r = dev.launch(m, "vadd", {4, 1, 1}, {256, 1, 1}, 0, KernelArgs().add(da).add(db).add(dc).add(n));
  auto c = dev.download<float>(dc, n);
  for (int i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << i;
  EXPECT_EQ(r.blocks, 4u);
  // Only lanes whose guard is true count (GPGPU-Sim's gpu_sim_insn): an
  // in-bounds thread skips `@%p1 bra` (guard false) and runs 9 + 11 + ret = 21
  // instructions; each of the 24 threads past n runs 9 + bra + ret = 11.
  EXPECT_EQ(r.thread_instructions, uint64_t(n) * 21 + 24 * 11);
}

TEST_F(BasicKernels, SharedMemoryTreeReductionWithBarriers) {
  const int blocks = 3, threads = 256;
  std::vector<int> in(blocks * threads);
  for (size_t i = 0; i < in.size(); ++i) in[i] = int(i * 7 % 101) - 50;
  uint64_t din = dev.upload(in), dout = dev.malloc(blocks * 4);
  dev.launch(m, "block_sum", {blocks, 1, 1}, {threads, 1, 1}, 0, KernelArgs().add(din).add(dout));
  auto out = dev.download<int>(dout, blocks);
  for (int b = 0; b < blocks; ++b)
    EXPECT_EQ(out[b], std::accumulate(in.begin() + b * threads, in.begin() + (b + 1) * threads, 0));
}

TEST_F(BasicKernels, DataDependentLoopTripCountsPerLane) {
  const int n = 64;
  std::vector<unsigned> in(n), expect(n);
  for (int i = 0; i < n; ++i) {
    in[i] = i + 1;
    unsigned x = in[i], s = 0;
    while (x != 1) x = (x & 1) ? 3 * x + 1 : x / 2, ++s;
    expect[i] = s;
  }
  uint64_t din = dev.upload(in), dout = dev.malloc(n * 4);
  dev.launch(m, "collatz", {2, 1, 1}, {32, 1, 1}, 0, KernelArgs().add(din).add(dout));
  EXPECT_EQ(dev.download<unsigned>(dout, n), expect);
}

TEST_F(BasicKernels, AtomicHistogram) {
  const int n = 777;
  std::vector<int> in(n), expect(16, 0);
  for (int i = 0; i < n; ++i) in[i] = i * 13, ++expect[(i * 13) & 15];
  uint64_t din = dev.upload(in), bins = dev.upload(std::vector<int>(16, 0));
  dev.launch(m, "histo", {7, 1, 1}, {128, 1, 1}, 0, KernelArgs().add(din).add(bins).add(n));
  EXPECT_EQ(dev.download<int>(bins, 16), expect);
}

int host_fib(int n) { return n < 2 ? n : host_fib(n - 1) + host_fib(n - 2); }

TEST_F(BasicKernels, DivergentCallIntoRecursiveFunction) {
  const int n = 70;  // partial third warp
  uint64_t dout = dev.malloc(n * 4);
  dev.launch(m, "fibk", {1, 1, 1}, {n, 1, 1}, 0, KernelArgs().add(dout));
  auto out = dev.download<int>(dout, n);
  for (int t = 0; t < n; ++t) EXPECT_EQ(out[t], t % 3 ? host_fib(t % 12) : -1) << t;
}

}  // namespace
}  // namespace scwarp::test
