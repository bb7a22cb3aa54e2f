// Non-inlined .func calls (data/calls.cu): struct parameters by value, calls
// through a table of function pointers, divergent recursion with per-call
// local frames.
#include <gtest/gtest.h>

#include "tests/func/kernel_harness.h"

namespace scwarp::test {
namespace {

using runtime::KernelArgs;

struct Pair {
  int a;
  float b;
  double c;
};

class Calls : public ::testing::Test {
 protected:
  runtime::Device dev;
  const runtime::LoadedModule& m = dev.load_module(read_text(data_path("calls.ptx")), "calls.ptx");
};

TEST_F(Calls, StructParametersAndReturnByValue) {
  const int n = 40;
  uint64_t out = dev.malloc(n * sizeof(Pair));
  Pair p{100, 3.0f, 10.0};
  dev.launch(m, "structs", {1, 1, 1}, {n, 1, 1}, 0, KernelArgs().add(p).add(out));
  auto got = dev.download<Pair>(out, n);
  for (int t = 0; t < n; ++t) {
    EXPECT_EQ(got[t].a, 100 + t);
    EXPECT_EQ(got[t].b, 3.0f * (0.5f * t));
    EXPECT_EQ(got[t].c, 10.0 - 1.5 * t);
  }
}

TEST_F(Calls, IndirectCallsThroughFunctionPointerTable) {
  const int n = 64;
  uint64_t out = dev.malloc(n * 4);
  for (int offset = 0; offset < 3; ++offset) {
    dev.launch(m, "pointers", {1, 1, 1}, {n, 1, 1}, 0, KernelArgs().add(out).add(offset));
    auto got = dev.download<int>(out, n);
    for (int t = 0; t < n; ++t) {
      int v = t + 1, which = (t + offset) % 3;
      EXPECT_EQ(got[t], which == 0 ? 2 * v : which == 1 ? v * v : -v) << t << " " << offset;
    }
  }
}

int digit_sum(int n, int depth) {
  int digits[8];
  for (int k = 0; k < 8; ++k) digits[k] = (n >> k) & 1;
  int here = digits[depth & 7] + digits[(depth + 3) & 7];
  return n < 2 ? here : here + digit_sum(n / 2, depth + 1);
}

TEST_F(Calls, DivergentRecursionWithLocalArrays) {
  const int n = 50;
  uint64_t out = dev.malloc(n * 4);
  dev.launch(m, "recursion", {1, 1, 1}, {n, 1, 1}, 0, KernelArgs().add(out));
  auto got = dev.download<int>(out, n);
  for (int t = 0; t < n; ++t) EXPECT_EQ(got[t], (t & 1) ? digit_sum(t * 37 + 5, t) : -1) << t;
}

}  // namespace
}  // namespace scwarp::test
