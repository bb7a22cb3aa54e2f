// CUDA's device runtime in the functional engine (data/device_runtime.cu):
// printf's text and order, the device heap, assert as a located error.
#include <gtest/gtest.h>

#include <sstream>

#include "sc_model/common/error.h"
#include "tests/func/kernel_harness.h"

namespace scwarp::test {
namespace {

using runtime::KernelArgs;

class DeviceRuntime : public ::testing::Test {
 protected:
  DeviceRuntime() { dev.set_print_stream(printed); }
  std::string launch_error(const std::string& kernel, runtime::Dim3 block, const KernelArgs& args) {
    try {
      dev.launch(m, kernel, {1, 1, 1}, block, 0, args);
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  }
  std::ostringstream printed;
  runtime::Device dev;
  const runtime::LoadedModule& m =
      dev.load_module(read_text(data_path("device_runtime.ptx")), "device_runtime.ptx");
};

// What hello prints for one thread, in the order it prints it.
std::string hello_lines(int block, int thread, float v) {
  std::string s = "b" + std::to_string(block) + " t" + std::to_string(thread) + " v=" + std::to_string(v) + " first\n";
  if (thread % 32 == 0) s += "1.50e+00|ff    |-7|A|0003.142|+5|10|ABC|42|1e-05\n";
  return s + "b" + std::to_string(block) + " t" + std::to_string(thread) + " second\n";
}

TEST_F(DeviceRuntime, PrintfOrderIsBlockWarpLaneThenProgram) {
  const int n = 120;  // two blocks of 64: the last 8 threads print nothing
  std::vector<float> v(n);
  for (int i = 0; i < n; ++i) v[i] = 0.5f * float(i);
  dev.launch(m, "hello", {2, 1, 1}, {64, 1, 1}, 0, KernelArgs().add(n).add(dev.upload(v)));
  std::string expected;
  for (int i = 0; i < n; ++i) expected += hello_lines(i / 64, i % 64, v[i]);
  EXPECT_EQ(printed.str(), expected);
}

TEST_F(DeviceRuntime, MallocAndFreeFromTheHeap) {
  const int n = 96;
  uint64_t out = dev.malloc(n * 4), nulls = dev.upload(std::vector<int>{0});
  const uint64_t before = dev.memory().bytes_allocated();
  dev.launch(m, "heap", {1, 1, 1}, {n, 1, 1}, 0, KernelArgs().add(out).add(nulls));
  auto got = dev.download<int>(out, n);
  for (int t = 0; t < n; ++t) EXPECT_EQ(got[t], t + 3);
  EXPECT_EQ(dev.download<int>(nulls, 1)[0], 0);
  EXPECT_EQ(dev.memory().bytes_allocated(), before);  // every block freed
}

TEST_F(DeviceRuntime, AssertIsALocatedErrorAfterWhatWasPrinted) {
  std::vector<int> v(64, 1);
  v[37] = -4;
  const std::string error = launch_error("checked", {64, 1, 1}, KernelArgs().add(dev.upload(v)));
  EXPECT_NE(error.find("kernel checked block (0,0,0) thread (37,0,0)"), std::string::npos) << error;
  EXPECT_NE(error.find("assertion `v[threadIdx.x] >= 0` failed at device_runtime.cu:"), std::string::npos) << error;
  EXPECT_NE(error.find(" in void checked(const int *)"), std::string::npos) << error;
  std::string expected;
  for (int t = 0; t < 64; ++t) expected += "checking " + std::to_string(t) + "\n";
  EXPECT_EQ(printed.str(), expected);  // every warp printed before the faulting one failed
}

TEST_F(DeviceRuntime, StructArgumentsAtTheirDeclaredAlignment) {
  struct Scale {
    int n;
    float factor;
    char tag;
  } s{3, 2.0f, 1};
  struct Pair {
    int a;
    double b;
  } p{5, 0.25};
  uint64_t in = dev.upload(std::vector<float>{1, 2, 3, 4}), out = dev.upload(std::vector<float>(4, -1));
  dev.launch(m, "scale", {1, 1, 1}, {4, 1, 1}, 0, KernelArgs().add(s).add(in).add(out));
  EXPECT_EQ(dev.download<float>(out, 4), (std::vector<float>{3, 5, 7, -1}));
  uint64_t sum = dev.malloc(8);
  dev.launch(m, "pair_sum", {1, 1, 1}, {1, 1, 1}, 0, KernelArgs().add(char(2)).add(p).add(sum));
  EXPECT_EQ(dev.download<double>(sum, 1)[0], 7.25);
}

}  // namespace
}  // namespace scwarp::test
