// `scwarp launch` runs a user's PTX kernel and writes buffers back.
#include <gtest/gtest.h>

#include <algorithm>
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

// The texture kernels of data/textures.cu, launched with --texture/--surface
// on the timing model (`--functional` added where a case runs functionally).
std::string textures_launch(const std::string& kernel, const std::string& grid, const std::string& block) {
  return "launch --ptx '" + data_file("textures.ptx") + "' --kernel " + kernel + " --grid " + grid + " --block " +
         block + " ";
}

TEST(LaunchTexture, LinearFetchReadsTheBufferAndZeroPastItsEnd) {
  const std::string dir = scratch_dir();
  const std::vector<float> table{1.5f, -2.0f, 3.25f, 4.0f, 0.0f, 1e6f, -7.5f, 8.0f};
  write_file(dir + "/table.bin", bytes_of(table));
  const ProcessResult r = run_scwarp(
      textures_launch("fetch_1d", "1", "10") + "--functional --buffer 'table=file:" + dir + "/table.bin' --buffer out=zero:40"
      " --texture t=table:f32:linear --arg tex:t --arg ptr:out --arg s32:10 --out 'out=" + dir + "/out.bin'");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  std::vector<float> expected = table;
  expected.resize(10, 0.0f);
  EXPECT_EQ(read_file(dir + "/out.bin"), bytes_of(expected));
}

// A 4 x 3 float image in rows of 8 floats (the last 4 of each row padding,
// which no fetch may read), sampled at texel centres with point filtering and
// halfway between texels with linear filtering: weights 1/2 are exact in
// CUDA's 8-bit fractions, and clamping makes the last column its own
// neighbour. One mode on the timing model, the other functionally.
TEST(LaunchTexture, Pitch2dPointAndLinearSamples) {
  const std::string dir = scratch_dir();
  std::vector<float> rows(3 * 8, 999.0f), texels, halfway;
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 4; ++x) rows[y * 8 + x] = float(10 * y + 2 * x * x);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 4; ++x) {
      texels.push_back(rows[y * 8 + x]);
      halfway.push_back(0.5f * (rows[y * 8 + x] + rows[y * 8 + std::min(x + 1, 3)]));
    }
  write_file(dir + "/img.bin", bytes_of(rows));
  const std::string common = textures_launch("sample_2d", "3", "4") + "--buffer 'img=file:" + dir +
                             "/img.bin' --buffer out=zero:48 --arg tex:t --arg ptr:out --arg s32:4 ";
  const ProcessResult point = run_scwarp(common + "--texture t=img:f32:2d:4x3:pitch=32 --arg f32:0.5 --out 'out=" +
                                         dir + "/point.bin'");
  ASSERT_EQ(point.exit_status, 0) << point.out << point.err;
  EXPECT_EQ(read_file(dir + "/point.bin"), bytes_of(texels));
  const ProcessResult linear = run_scwarp(common + "--functional --texture t=img:f32:2d:4x3:pitch=32:filter=linear"
                                          " --arg f32:1.0 --out 'out=" + dir + "/linear.bin'");
  ASSERT_EQ(linear.exit_status, 0) << linear.out << linear.err;
  EXPECT_EQ(read_file(dir + "/linear.bin"), bytes_of(halfway));
}

// The surface's array is a copy of the buffer: --out of the surface writes
// what the kernel stored, and the buffer keeps its bytes.
TEST(LaunchTexture, SurfaceWritesGoToItsArray) {
  const std::string dir = scratch_dir();
  std::vector<float> image(12), doubled;
  for (int i = 0; i < 12; ++i) image[i] = 0.75f * float(i) - 2.0f;
  for (float v : image) doubled.push_back(2.0f * v);
  write_file(dir + "/img.bin", bytes_of(image));
  const ProcessResult r = run_scwarp(
      textures_launch("double_surface", "3", "4") + "--buffer 'img=file:" + dir + "/img.bin'"
      " --surface s=img:f32:array:4x3 --arg surf:s --out 's=" + dir + "/s.bin' --out 'img=" + dir + "/img_out.bin'");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  EXPECT_EQ(read_file(dir + "/s.bin"), bytes_of(doubled));
  EXPECT_EQ(read_file(dir + "/img_out.bin"), bytes_of(image));
}

}  // namespace
}  // namespace scwarp::testing
