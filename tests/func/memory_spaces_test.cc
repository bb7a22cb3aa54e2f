// State spaces and the generic address map: local frames, dynamic shared
// memory, cvta/isspacep windows, vector accesses, special registers.
#include <gtest/gtest.h>

#include "sc_model/func/memory.h"
#include "tests/func/kernel_harness.h"

namespace scwarp::test {
namespace {

using runtime::KernelArgs;

const std::string kHeader = ".version 7.5\n.target sm_80\n.address_size 64\n";

TEST(MemorySpaces, StructParameterCopiedToLocalAndIndexed) {
  runtime::Device dev;
  const auto& m = dev.load_module(read_text(data_path("memory_spaces.ptx")), "memory_spaces.ptx");
  struct S {
    int a[8];
  } s{{10, 11, 12, 13, 14, 15, 16, 17}};
  uint64_t out = dev.malloc(40 * 4);
  dev.launch(m, "k", {1, 1, 1}, {40, 1, 1}, 0, KernelArgs().add(s).add(out));
  auto got = dev.download<int>(out, 40);
  for (int i = 0; i < 40; ++i) EXPECT_EQ(got[i], 10 + i % 8);
}

TEST(MemorySpaces, GridConstantParameterThroughGenericPointer) {
  runtime::Device dev;
  const auto& m = dev.load_module(read_text(data_path("grid_constant.ptx")), "grid_constant.ptx");
  struct S {
    int a[8];
  } s{{20, 21, 22, 23, 24, 25, 26, 27}};
  uint64_t out = dev.malloc(40 * 4);
  dev.launch(m, "k", {1, 1, 1}, {40, 1, 1}, 0, KernelArgs().add(s).add(out));
  auto got = dev.download<int>(out, 40);
  for (int i = 0; i < 40; ++i) EXPECT_EQ(got[i], 20 + i % 8);
}

TEST(MemorySpaces, DynamicSharedMemory) {
  runtime::Device dev;
  const auto& m = dev.load_module(read_text(data_path("memory_spaces.ptx")), "memory_spaces.ptx");
  const int n = 100;
  uint64_t out = dev.malloc(n * 4);
  dev.launch(m, "dyn", {1, 1, 1}, {n, 1, 1}, n * 4, KernelArgs().add(out));
  auto got = dev.download<int>(out, n);
  for (int i = 0; i < n; ++i) EXPECT_EQ(got[i], (i + 1) % n * 3);
}

// Generic pointers into shared and local memory, converted both ways.
const std::string kGeneric = kHeader + R"(
.global .align 8 .u64 counter;
.visible .entry generic(.param .u64 out) {
  .reg .b64 %rd<12>; .reg .b32 %r<12>; .reg .pred %p<4>;
  .shared .align 16 .b8 s[64];
  .local .align 16 .b8 l[16];
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u64 %rd2, s;
  cvta.shared.u64 %rd3, %rd2;
  mul.wide.u32 %rd4, %r1, 4;
  add.s64 %rd5, %rd3, %rd4;
  st.u32 [%rd5], %r1;                 // generic store into shared
  bar.sync 0;
  mov.u64 %rd6, l;
  cvta.local.u64 %rd7, %rd6;
  add.u32 %r2, %r1, 1000;
  st.u32 [%rd7+4], %r2;               // generic store into local
  ld.local.u32 %r3, [l+4];            // read back through .local
  cvta.to.shared.u64 %rd8, %rd5;
  ld.shared.u32 %r4, [%rd8];          // and through .shared
  isspacep.shared %p1, %rd5;
  isspacep.local %p2, %rd7;
  isspacep.global %p3, %rd1;
  selp.u32 %r5, 1, 0, %p1;
  selp.u32 %r6, 2, 0, %p2;
  selp.u32 %r7, 4, 0, %p3;
  or.b32 %r5, %r5, %r6;
  or.b32 %r5, %r5, %r7;
  ld.shared.v4.u32 {%r8, %r9, %r10, %r11}, [s];
  add.u32 %r8, %r8, %r9;
  add.u32 %r8, %r8, %r10;
  add.u32 %r8, %r8, %r11;
  membar.gl;
  fence.acq_rel.gpu;
  nanosleep.u32 100;
  bar.warp.sync -1;
  mov.u64 %rd9, counter;
  atom.global.add.u64 %rd10, [%rd9], 1;
  mul.wide.u32 %rd11, %r1, 16;
  add.s64 %rd11, %rd1, %rd11;
  st.global.v4.u32 [%rd11], {%r3, %r4, %r5, %r8};
  ret;
}
)";

TEST(MemorySpaces, GenericWindowsCvtaIsspacepVectors) {
  runtime::Device dev;
  const auto& m = dev.load_module(kGeneric, "generic.ptx");
  const int n = 16;
  uint64_t out = dev.malloc(n * 16);
  dev.launch(m, "generic", {2, 1, 1}, {n, 1, 1}, 0, KernelArgs().add(out));
  auto got = dev.download<uint32_t>(out, n * 4);
  for (int t = 0; t < n; ++t) {
    EXPECT_EQ(got[4 * t], 1000u + t);
    EXPECT_EQ(got[4 * t + 1], uint32_t(t));
    EXPECT_EQ(got[4 * t + 2], 7u) << "isspacep shared/local/global";
    EXPECT_EQ(got[4 * t + 3], 0u + 1 + 2 + 3);
  }
}

const std::string kSpecial = kHeader + R"(
.visible .entry special(.param .u64 out) {
  .reg .b64 %rd<6>; .reg .b32 %r<24>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;  mov.u32 %r2, %tid.y;  mov.u32 %r3, %tid.z;
  mov.u32 %r4, %ntid.x; mov.u32 %r5, %ntid.y; mov.u32 %r6, %ntid.z;
  mov.u32 %r7, %ctaid.x; mov.u32 %r8, %ctaid.y; mov.u32 %r9, %ctaid.z;
  mov.u32 %r10, %nctaid.x; mov.u32 %r11, %nctaid.y; mov.u32 %r12, %nctaid.z;
  mov.u32 %r13, %laneid; mov.u32 %r14, %warpid;
  mov.u32 %r15, %lanemask_lt; mov.u32 %r16, %lanemask_ge;
  mov.u32 %r17, %dynamic_smem_size; mov.u32 %r18, %nsmid;
  mov.u32 %r19, %lanemask_eq; mov.u32 %r20, %lanemask_le; mov.u32 %r21, %lanemask_gt;
  mad.lo.u32 %r22, %r3, %r5, %r2;
  mad.lo.u32 %r22, %r22, %r4, %r1;
  mad.lo.u32 %r23, %r8, %r10, %r7;
  mul.lo.u32 %r23, %r23, 216;
  add.u32 %r22, %r22, %r23;
  mul.wide.u32 %rd2, %r22, 96;
  add.s64 %rd3, %rd1, %rd2;
  st.global.v4.u32 [%rd3], {%r1, %r2, %r3, %r4};
  st.global.v4.u32 [%rd3+16], {%r5, %r6, %r7, %r8};
  st.global.v4.u32 [%rd3+32], {%r9, %r10, %r11, %r12};
  st.global.v4.u32 [%rd3+48], {%r13, %r14, %r15, %r16};
  st.global.v4.u32 [%rd3+64], {%r17, %r18, %r19, %r20};
  st.global.u32 [%rd3+80], %r21;
  ret;
}
)";

TEST(MemorySpaces, SpecialRegistersIn3D) {
  runtime::Device dev;
  const auto& m = dev.load_module(kSpecial, "special.ptx");
  const func::Dim3 grid{2, 3, 1}, block{6, 6, 6};
  const uint64_t total = grid.count() * block.count();
  uint64_t out = dev.malloc(total * 96);
  dev.launch(m, "special", grid, block, 64, KernelArgs().add(out));
  auto got = dev.download<uint32_t>(out, total * 24);
  for (uint32_t by = 0; by < 3; ++by)
    for (uint32_t bx = 0; bx < 2; ++bx)
      for (uint32_t tz = 0; tz < 6; ++tz)
        for (uint32_t ty = 0; ty < 6; ++ty)
          for (uint32_t tx = 0; tx < 6; ++tx) {
            uint32_t linear = tx + 6 * (ty + 6 * tz), lane = linear % 32;
            const uint32_t* r = &got[((by * 2 + bx) * 216 + linear) * 24];
            std::vector<uint32_t> row(r, r + 21);
            std::vector<uint32_t> want = {tx, ty, tz, 6, 6, 6, bx, by, 0, 2, 3, 1, lane,
                                          linear / 32, (1u << lane) - 1, ~((1u << lane) - 1), 64, 1,
                                          1u << lane, uint32_t((2ull << lane) - 1),
                                          uint32_t(~((2ull << lane) - 1))};
            ASSERT_EQ(row, want) << bx << by << " " << tx << ty << tz;
          }
}

// nvcc folds negative offsets into 32-bit shared address arithmetic: the sum
// of a 32-bit address register and its immediate wraps at 2^32.
TEST(MemorySpaces, SharedAddressRegisterPlusOffsetWrapsAt32Bits) {
  runtime::Device dev;
  const auto& m = dev.load_module(kHeader + R"(
.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<5>;
  .reg .b64 %rd<3>;
  .shared .align 4 .b8 buf[16];
  mov.u32 %r1, buf;
  add.s32 %r2, %r1, -4;
  mov.u32 %r3, 42;
  st.shared.u32 [%r2+8], %r3;
  ld.shared.u32 %r4, [%r1+4];
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd2, %rd1;
  st.global.u32 [%rd2], %r4;
  ret;
}
)", "wrap.ptx");
  uint64_t out = dev.malloc(4);
  dev.launch(m, "k", {1, 1, 1}, {1, 1, 1}, 0, KernelArgs().add(out));
  EXPECT_EQ(dev.download<uint32_t>(out, 1)[0], 42u);
}

// One generic load and store whose lanes point into two global allocations
// and into shared memory: no single range covers the warp, so each lane is
// resolved on its own (address_map.h, for_lane_accesses), with the same
// result as one pointer per warp would give.
TEST(MemorySpaces, OneAccessAcrossTwoAllocationsAndSharedMemory) {
  runtime::Device dev;
  const auto& m = dev.load_module(kHeader + R"(
.visible .entry k(.param .u64 a, .param .u64 b, .param .u64 out)
{
  .reg .b32 %r<6>;
  .reg .b64 %rd<11>;
  .reg .pred %p<3>;
  .shared .align 4 .b8 s[128];
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [b];
  ld.param.u64 %rd3, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd4, %r1, 4;
  mov.u64 %rd5, s;
  add.s64 %rd6, %rd5, %rd4;
  add.u32 %r2, %r1, 100;
  st.shared.u32 [%rd6], %r2;
  setp.lt.u32 %p1, %r1, 8;
  selp.b64 %rd7, %rd1, %rd2, %p1;
  add.s64 %rd7, %rd7, %rd4;
  cvta.shared.u64 %rd8, %rd6;
  setp.lt.u32 %p2, %r1, 16;
  selp.b64 %rd9, %rd7, %rd8, %p2;
  ld.u32 %r3, [%rd9];
  add.u32 %r4, %r3, 1000;
  st.u32 [%rd9], %r4;
  ld.shared.u32 %r5, [%rd6];
  add.s64 %rd10, %rd3, %rd4;
  st.global.u32 [%rd10], %r5;
  ret;
}
)", "mixed.ptx");
  std::vector<uint32_t> a(32), b(32);
  for (uint32_t i = 0; i < 32; ++i) a[i] = i, b[i] = 50 + i;
  uint64_t da = dev.upload(a), db = dev.upload(b), out = dev.malloc(32 * 4);
  dev.launch(m, "k", {1, 1, 1}, {32, 1, 1}, 0, KernelArgs().add(da).add(db).add(out));
  auto got_a = dev.download<uint32_t>(da, 32), got_b = dev.download<uint32_t>(db, 32);
  auto got_shared = dev.download<uint32_t>(out, 32);
  for (uint32_t i = 0; i < 32; ++i) {
    EXPECT_EQ(got_a[i], i < 8 ? 1000 + i : i) << i;
    EXPECT_EQ(got_b[i], i >= 8 && i < 16 ? 1050 + i : 50 + i) << i;
    EXPECT_EQ(got_shared[i], i >= 16 ? 1100 + i : 100 + i) << i;
  }
}

}  // namespace
}  // namespace scwarp::test
