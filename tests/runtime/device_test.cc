// The host API: memory, module loading (initialisers, pointer fix-ups) and
// every launch check with its message.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>

#include "sc_model/common/error.h"
#include "sc_model/runtime/device.h"

namespace scwarp::runtime {
namespace {

const std::string kHeader = ".version 7.5\n.target sm_80\n.address_size 64\n";

// Copies `count` u64 words from the .global/.const table `src` to out.
const std::string kModule = kHeader + R"(
.global .align 4 .u32 numbers[4] = {1, 2, 3, 4};
.global .align 8 .u64 pointers[2] = {generic(numbers), generic(numbers)+8};
.const .align 4 .u32 coefficients[2] = {7, 9};
.visible .entry copy_tables(.param .u64 out) {
  .reg .b64 %rd<8>; .reg .b32 %r<4>;
  ld.param.u64 %rd1, [out];
  ld.global.u64 %rd2, [pointers+8];
  ld.u32 %r1, [%rd2];
  st.global.u32 [%rd1], %r1;
  ld.const.u32 %r2, [coefficients+4];
  st.global.u32 [%rd1+4], %r2;
  ret;
}
.visible .entry two_params(.param .u64 p, .param .u32 n) .maxntid 128, 1, 1 {
  ret;
}
.visible .entry exact(.param .u32 n) .reqntid 64, 2, 1 {
  ret;
}
.visible .entry big_shared() {
  .shared .align 4 .b8 s[40000];
  ret;
}
.visible .entry counts(.param .u64 out) {
  .reg .b64 %rd<4>; .reg .b32 %r<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %ctaid.x;
  mov.u32 %r2, %ntid.x;
  atom.global.add.u32 %r3, [%rd1], %r2;
  ret;
}
)";

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

#define EXPECT_CONTAINS(text, part) \
  EXPECT_NE(std::string(text).find(part), std::string::npos) << "missing '" << (part) << "' in: " << (text)

class DeviceTest : public ::testing::Test {
 protected:
  Device dev;
  const LoadedModule& m = dev.load_module(kModule, "runtime.ptx");
};

TEST_F(DeviceTest, MemoryRoundTripAndBounds) {
  uint64_t p = dev.upload(std::vector<int>{1, 2, 3});
  EXPECT_EQ(dev.download<int>(p, 3), (std::vector<int>{1, 2, 3}));
  EXPECT_CONTAINS(error_of([&] { dev.download<int>(p, 4); }), "not inside one allocation");
  dev.free(p);
  EXPECT_CONTAINS(error_of([&] { dev.download<int>(p, 1); }), "not inside one allocation");
  EXPECT_CONTAINS(error_of([&] { dev.free(p); }), "not the start of an allocation");
}

TEST_F(DeviceTest, GlobalAndConstInitialisersWithPointerFixups) {
  uint64_t out = dev.malloc(8);
  dev.launch(m, "copy_tables", {1, 1, 1}, {1, 1, 1}, 0, KernelArgs().add(out));
  auto got = dev.download<uint32_t>(out, 2);
  EXPECT_EQ(got[0], 3u) << "pointers[1] = &numbers[2]";
  EXPECT_EQ(got[1], 9u);
}

TEST_F(DeviceTest, MissingKernelListsTheAvailableOnes) {
  std::string msg = error_of([&] { dev.launch(m, "nope", {1, 1, 1}, {1, 1, 1}, 0, KernelArgs()); });
  EXPECT_CONTAINS(msg, "module runtime.ptx has no kernel 'nope'");
  EXPECT_CONTAINS(msg, "big_shared, copy_tables, counts, exact, two_params");
}

TEST_F(DeviceTest, ArgumentCountAndSizeMismatch) {
  std::string count = error_of([&] {
    dev.launch(m, "two_params", {1, 1, 1}, {1, 1, 1}, 0, KernelArgs().add(uint64_t(0)));
  });
  EXPECT_CONTAINS(count, "launch of two_params: it takes 2 parameters, 1 arguments given");
  std::string size = error_of([&] {
    dev.launch(m, "two_params", {1, 1, 1}, {1, 1, 1}, 0, KernelArgs().add(uint64_t(0)).add(uint64_t(5)));
  });
  EXPECT_CONTAINS(size, "parameter 1 (n) is 4 bytes, argument 1 is 8 bytes");
}

TEST_F(DeviceTest, LaunchShapeLimits) {
  KernelArgs two = KernelArgs().add(uint64_t(0)).add(uint32_t(1));
  EXPECT_CONTAINS(error_of([&] { dev.launch(m, "two_params", {1, 1, 1}, {1025, 1, 1}, 0, two); }),
                  "has 1025 threads; the limit is 1024");
  EXPECT_CONTAINS(error_of([&] { dev.launch(m, "two_params", {1, 1, 1}, {256, 1, 1}, 0, two); }),
                  "more than its .maxntid 128,1,1");
  EXPECT_CONTAINS(error_of([&] { dev.launch(m, "two_params", {0, 1, 1}, {32, 1, 1}, 0, two); }),
                  "grid (0,1,1) has a zero dimension");
  EXPECT_CONTAINS(error_of([&] { dev.launch(m, "two_params", {1, 1, 1}, {32, 0, 1}, 0, two); }),
                  "block (32,0,1) has a zero dimension");
  EXPECT_CONTAINS(error_of([&] { dev.launch(m, "exact", {1, 1, 1}, {128, 1, 1}, 0, KernelArgs().add(1)); }),
                  "block (128,1,1) differs from its .reqntid (64,2,1)");
  EXPECT_EQ(error_of([&] { dev.launch(m, "exact", {1, 1, 1}, {64, 2, 1}, 0, KernelArgs().add(1)); }),
            "no error");
  EXPECT_CONTAINS(error_of([&] { dev.launch(m, "big_shared", {1, 1, 1}, {32, 1, 1}, 10000, KernelArgs()); }),
                  "bytes of shared memory (40000 static + 10000 dynamic) exceed the 49152 bytes");
}

TEST_F(DeviceTest, CountsAndTotals) {
  uint64_t out = dev.upload(std::vector<uint32_t>{0});
  LaunchResult r = dev.launch(m, "counts", {3, 2, 1}, {40, 1, 1}, 0, KernelArgs().add(out));
  EXPECT_EQ(dev.download<uint32_t>(out, 1)[0], 6u * 40u * 40u) << "every thread adds ntid";
  EXPECT_EQ(r.blocks, 6u);
  // 5 instructions per thread; 2 warps per block (32 + 8 lanes)
  EXPECT_EQ(r.thread_instructions, 6u * 40u * 5u);
  EXPECT_EQ(r.warp_instructions, 6u * 2u * 5u);
  EXPECT_EQ(r.cycles, 0u);
  dev.launch(m, "counts", {1, 1, 1}, {32, 1, 1}, 0, KernelArgs().add(out));
  EXPECT_EQ(dev.totals().blocks, 7u);
  EXPECT_EQ(dev.totals().thread_instructions, 6u * 40u * 5u + 32u * 5u);
}

TEST_F(DeviceTest, RawArgumentBytesAndDeterministicRepeats) {
  uint64_t out = dev.upload(std::vector<uint32_t>{0});
  std::vector<uint8_t> pointer(8);
  std::memcpy(pointer.data(), &out, 8);
  LaunchResult first = dev.launch(m, "counts", {2, 1, 1}, {64, 1, 1}, 0, KernelArgs().add_bytes(pointer));
  LaunchResult second = dev.launch(m, "counts", {2, 1, 1}, {64, 1, 1}, 0, KernelArgs().add_bytes(pointer));
  EXPECT_EQ(first.thread_instructions, second.thread_instructions);
  EXPECT_EQ(first.warp_instructions, second.warp_instructions);
  EXPECT_EQ(dev.download<uint32_t>(out, 1)[0], 2u * 2u * 64u * 64u);
}

TEST(Device, MalformedModuleReportsPosition) {
  Device dev;
  std::string msg = error_of([&] { dev.load_module(kHeader + ".visible .entry k( {\n", "bad.ptx"); });
  EXPECT_CONTAINS(msg, "bad.ptx:");
}

}  // namespace
}  // namespace scwarp::runtime
