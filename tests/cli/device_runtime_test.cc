// `scwarp launch` with CUDA's device runtime (printf, malloc/free, assert),
// struct arguments as --arg bytes:HEX, and the features refused by name,
// each in timing and functional mode.
#include <gtest/gtest.h>

#include "tests/cli/scwarp_process.h"

namespace scwarp::testing {
namespace {

std::string device_runtime_ptx() {
  return "--ptx '" + std::string(SCWARP_SOURCE_DIR) + "/tests/func/data/device_runtime.ptx'";
}

class DeviceRuntimeLaunch : public ::testing::TestWithParam<const char*> {
 protected:
  ProcessResult launch(const std::string& args) { return run_scwarp("launch " + device_runtime_ptx() + " " + args + " " + GetParam()); }
};

// What the kernel printed: stdout before the launch summary.
std::string printed(const ProcessResult& r) { return r.out.substr(0, r.out.find("mode                 ")); }

TEST_P(DeviceRuntimeLaunch, StructArgumentsAsRawBytes) {
  const std::string dir = scratch_dir();
  // Scale{n = 3, factor = 2.0f, tag = 1} with its 3 bytes of padding.
  const ProcessResult r = launch("--kernel scale --grid 1 --block 4 --buffer in=zero:16 --buffer out=zero:16"
                                 " --arg bytes:030000000000004001000000 --arg ptr:in --arg ptr:out --out 'out=" +
                                 dir + "/out.bin'");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  const float expected[4] = {1, 1, 1, 0};  // in[i] * 2 + tag for i < n
  EXPECT_EQ(read_file(dir + "/out.bin"), std::string(reinterpret_cast<const char*>(expected), 16));
  // Pair{a = 5, b = 0.25} after a char: the runtime places it at its .align 8.
  const ProcessResult pair = launch("--kernel pair_sum --grid 1 --block 1 --buffer s=zero:8 --arg s8:2"
                                    " --arg bytes:0500000000000000000000000000D03F --arg ptr:s --out 's=" + dir + "/s.bin'");
  ASSERT_EQ(pair.exit_status, 0) << pair.out << pair.err;
  const double sum = 7.25;
  EXPECT_EQ(read_file(dir + "/s.bin"), std::string(reinterpret_cast<const char*>(&sum), 8));
}

TEST_P(DeviceRuntimeLaunch, RawBytesOfTheWrongSizeAreRefusedWithBothSizes) {
  const ProcessResult r = launch("--kernel scale --grid 1 --block 1 --buffer b=zero:4 --arg bytes:0300 --arg ptr:b --arg ptr:b");
  EXPECT_EQ(r.exit_status, 1) << r.err;
  EXPECT_NE(r.err.find("parameter 0 (scale_param_0) is 12 bytes, argument 0 is 2 bytes"), std::string::npos) << r.err;
}

TEST_P(DeviceRuntimeLaunch, PrintfIsInBlockWarpLaneAndProgramOrder) {
  const ProcessResult r = launch("--kernel hello --grid 2 --block 64 --buffer v=zero:512 --arg s32:70 --arg ptr:v");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  const std::string text = printed(r);
  EXPECT_EQ(text.rfind("b0 t0 v=0.000000 first\n1.50e+00|ff    |-7|A|0003.142|+5|10|ABC|42|1e-05\nb0 t0 second\n"
                       "b0 t1 v=0.000000 first\nb0 t1 second\n", 0), 0u) << text;
  EXPECT_NE(text.find("b0 t63 second\nb1 t0 v=0.000000 first\n"), std::string::npos) << text;
  const std::string last = "b1 t4 second\nb1 t5 v=0.000000 first\nb1 t5 second\n";  // 70 threads
  ASSERT_GE(text.size(), last.size());
  EXPECT_EQ(text.substr(text.size() - last.size()), last) << text;
}

TEST_P(DeviceRuntimeLaunch, MallocFromTheHeap) {
  const std::string dir = scratch_dir();
  const ProcessResult r = launch("--kernel heap --grid 1 --block 32 --buffer out=zero:128 --buffer nulls=zero:4"
                                 " --arg ptr:out --arg ptr:nulls --out 'nulls=" + dir + "/nulls.bin'");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  EXPECT_EQ(read_file(dir + "/nulls.bin"), std::string(4, '\0'));
}

TEST_P(DeviceRuntimeLaunch, FailedAssertIsALocatedErrorWithStatusOne) {
  const ProcessResult r = launch("--kernel checked --grid 1 --block 32 --buffer v=seed:128:1 --arg ptr:v");
  EXPECT_EQ(r.exit_status, 1) << r.out << r.err;
  EXPECT_EQ(r.err.rfind("scwarp: error: kernel checked block (0,0,0) thread (", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("assertion `v[threadIdx.x] >= 0` failed at device_runtime.cu:"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.rfind("checking 0\n", 0), 0u) << r.out;  // what ran before the assert was printed
}

INSTANTIATE_TEST_SUITE_P(Modes, DeviceRuntimeLaunch, ::testing::Values("--functional", "--config tiny"),
                         [](const auto& info) { return std::string(info.param[0] == '-' && info.param[2] == 'f' ? "Functional" : "Timing"); });

// The heap's size is a config option: past it, malloc returns NULL.
TEST(DeviceRuntimeLaunchTiming, MallocReturnsNullPastTheConfiguredHeap) {
  const std::string dir = scratch_dir();
  const ProcessResult r = run_scwarp("launch " + device_runtime_ptx() +
                                     " --kernel heap --grid 1 --block 32 --buffer out=zero:128 --buffer nulls=zero:4"
                                     " --arg ptr:out --arg ptr:nulls --out 'nulls=" + dir + "/nulls.bin'"
                                     " --set scwarp_device_heap_bytes=64");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  const int32_t nulls = 28;  // 4 lanes of 16 bytes fit; all 32 allocate before any frees
  EXPECT_EQ(read_file(dir + "/nulls.bin"), std::string(reinterpret_cast<const char*>(&nulls), 4));
}

TEST(RefusedFeatures, DynamicParallelismGraphLaunchAndTensorCoresAreNamed) {
  const std::string ptx = "launch --ptx '" + data_file("refused.ptx") + "' --grid 1 --block 32 --buffer b=zero:4096 --functional";
  const ProcessResult parent = run_scwarp(ptx + " --kernel parent --arg ptr:b");
  EXPECT_EQ(parent.exit_status, 1);
  EXPECT_NE(parent.err.find("refused.ptx:84:2: dynamic parallelism is not supported: call to the device runtime's "
                            "'__cudaCDP2GetParameterBufferV2'"), std::string::npos) << parent.err;
  const ProcessResult graph = run_scwarp(ptx + " --kernel graph_parent --arg u64:0");
  EXPECT_EQ(graph.exit_status, 1);
  EXPECT_NE(graph.err.find("the device-side graph API is not supported: call to the device runtime's 'cudaGraphLaunch'"),
            std::string::npos) << graph.err;
  const ProcessResult tile = run_scwarp(ptx + " --kernel tile --arg ptr:b --arg ptr:b --arg ptr:b");
  EXPECT_EQ(tile.exit_status, 1);
  EXPECT_NE(tile.err.find("tensor-core instruction 'wmma.load.a.sync.aligned.row.m16n16k16.global.f16' is not "
                          "supported"), std::string::npos) << tile.err;
  // The module's other kernels still run.
  EXPECT_EQ(run_scwarp(ptx + " --kernel child --arg ptr:b").exit_status, 0);
}

}  // namespace
}  // namespace scwarp::testing
