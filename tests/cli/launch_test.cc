// `scwarp launch` runs a user's PTX kernel and writes buffers back.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "tests/cli/scwarp_process.h"

namespace scwarp::testing {
namespace {

template <typename T>
std::string bytes_of(const std::vector<T>& values) {
  return std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}

TEST(Launch, SaxpyWritesTheExpectedOutputFile) {
  const std::string dir = scratch_dir();
  const int n = 100;  // not a multiple of the block: the kernel's bound check matters
  const float a = 2.5f;
  std::vector<float> x(n), y(n), expected(n);
  for (int i = 0; i < n; ++i) {
    x[i] = 0.25f * float(i) - 3.0f;
    y[i] = 1000.0f + float(i);
    expected[i] = std::fma(a, x[i], y[i]);  // the kernel uses fma.rn.f32
  }
  write_file(dir + "/x.bin", bytes_of(x));
  write_file(dir + "/y.bin", bytes_of(y));
  const ProcessResult r = run_scwarp(
      "launch --ptx '" + data_file("kernels.ptx") + "' --kernel saxpy --grid 4 --block 32"
      " --buffer 'x=file:" + dir + "/x.bin' --buffer 'y=file:" + dir + "/y.bin'"
      " --arg s32:100 --arg f32:2.5 --arg ptr:x --arg ptr:y --out 'y=" + dir + "/out.bin'");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  EXPECT_EQ(read_file(dir + "/out.bin"), bytes_of(expected));
  EXPECT_NE(r.out.find("blocks               4"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("thread instructions"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("mode                 timing"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("cycles"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("without a register limit"), std::string::npos) << r.out;
}

TEST(Launch, FunctionalModeGivesTheSameResultWithoutCycles) {
  const std::string dir = scratch_dir();
  const std::string common = "launch --ptx '" + data_file("kernels.ptx") +
                             "' --kernel saxpy --grid 2 --block 64 --buffer x=seed:512:3 "
                             "--buffer y=seed:512:4 --arg s32:128 --arg f32:1.5 --arg ptr:x --arg ptr:y";
  const ProcessResult timed = run_scwarp(common + " --config tiny --sched gto --out 'y=" + dir + "/t.bin'");
  const ProcessResult functional = run_scwarp(common + " --functional --out 'y=" + dir + "/f.bin'");
  ASSERT_EQ(timed.exit_status, 0) << timed.out << timed.err;
  ASSERT_EQ(functional.exit_status, 0) << functional.out << functional.err;
  EXPECT_EQ(read_file(dir + "/t.bin"), read_file(dir + "/f.bin"));
  EXPECT_NE(functional.out.find("mode                 functional"), std::string::npos);
  EXPECT_EQ(functional.out.find("cycles"), std::string::npos) << functional.out;
}

// seed:BYTES:SEED is documented as the little-endian outputs of std::mt19937_64.
TEST(Launch, SeededBufferHoldsTheDocumentedBytes) {
  const std::string dir = scratch_dir();
  const ProcessResult r = run_scwarp(
      "launch --ptx '" + data_file("kernels.ptx") + "' --kernel load_word --grid 1 --block 1"
      " --buffer bytes=seed:64:5 --buffer word=zero:4"
      " --arg ptr:bytes --arg s32:8 --arg ptr:word --out 'word=" + dir + "/word.bin'");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  std::mt19937_64 generator(5);
  generator();                        // bytes 0..7
  const uint64_t second = generator();  // bytes 8..15
  uint32_t expected = 0;
  std::memcpy(&expected, &second, 4);
  EXPECT_EQ(read_file(dir + "/word.bin"), bytes_of(std::vector<uint32_t>{expected}));
}

TEST(Launch, OtherKernelsOfAModuleWithAnUnsupportedInstructionRun) {
  const std::string dir = scratch_dir();
  const ProcessResult r = run_scwarp(
      "launch --ptx '" + data_file("unsupported.ptx") + "' --kernel store_seven --grid 1 --block 1"
      " --buffer out=zero:4 --arg ptr:out --out 'out=" + dir + "/out.bin'");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  EXPECT_EQ(read_file(dir + "/out.bin"), bytes_of(std::vector<uint32_t>{7}));
}

}  // namespace
}  // namespace scwarp::testing
