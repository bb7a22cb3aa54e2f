// Logic, shifts, bit fields, permutes, compare/select on integers, atom-free
// warp-independent instructions: one instruction per case.
#include <gtest/gtest.h>

#include "tests/func/kernel_harness.h"

namespace scwarp::test {
namespace {

INSTANTIATE_TEST_SUITE_P(Logic, InstrSemantics, ::testing::Values(
  Case{"and.b32 %d32, %a32, %b32", Out::R32, 0xf0f0, 0xff00, 0, 0xf000},
  Case{"or.b64 %d64, %a64, %b64", Out::R64, 1ull << 63, 1, 0, (1ull << 63) | 1},
  Case{"xor.b32 %d32, %a32, %b32", Out::R32, 0xffffffff, 0x0f0f0f0f, 0, 0xf0f0f0f0},
  Case{"not.b32 %d32, %a32", Out::R32, 0x0000ffff, 0, 0, 0xffff0000},
  Case{"not.pred %dp, %ap", Out::Pred, 1, 0, 0, 0},
  Case{"and.pred %dp, %ap, %bp", Out::Pred, 1, 1, 0, 1},
  Case{"xor.pred %dp, %ap, %bp", Out::Pred, 1, 1, 0, 0},
  Case{"cnot.b32 %d32, %a32", Out::R32, 0, 0, 0, 1},
  Case{"cnot.b32 %d32, %a32", Out::R32, 7, 0, 0, 0},
  // shifts >= the width clamp
  Case{"shl.b32 %d32, %a32, %b32", Out::R32, 1, 31, 0, 0x80000000},
  Case{"shl.b32 %d32, %a32, %b32", Out::R32, 1, 32, 0, 0},
  Case{"shl.b32 %d32, %a32, %b32", Out::R32, 1, 0xffffffff, 0, 0},
  Case{"shr.u32 %d32, %a32, %b32", Out::R32, 0x80000000, 40, 0, 0},
  Case{"shr.s32 %d32, %a32, %b32", Out::R32, 0x80000000, 40, 0, 0xffffffff},
  Case{"shr.s32 %d32, %a32, %b32", Out::R32, 0x80000000, 4, 0, 0xf8000000},
  Case{"shl.b64 %d64, %a64, %b32", Out::R64, 3, 63, 0, 1ull << 63},
  Case{"shr.s64 %d64, %a64, %b32", Out::R64, 1ull << 63, 64, 0, ~0ull},
  Case{"shr.u16 %d16, %a16, %b32", Out::R16, 0x8000, 15, 0, 1},
  // bit fields
  Case{"bfe.u32 %d32, %a32, %b32, %c32", Out::R32, 0x12345678, 8, 8, 0x56},
  Case{"bfe.s32 %d32, %a32, %b32, %c32", Out::R32, 0x0000f000, 12, 4, 0xffffffff},
  Case{"bfe.s32 %d32, %a32, %b32, %c32", Out::R32, 0x80000000, 28, 8, 0xfffffff8},
  Case{"bfe.u32 %d32, %a32, %b32, %c32", Out::R32, 0x80000000, 28, 8, 0x8},
  Case{"bfe.u32 %d32, %a32, %b32, %c32", Out::R32, 0xffffffff, 40, 8, 0},
  Case{"bfe.s32 %d32, %a32, %b32, %c32", Out::R32, 0xffffffff, 40, 8, 0xffffffff},
  Case{"bfe.u32 %d32, %a32, %b32, %c32", Out::R32, 0xffffffff, 4, 0, 0},
  Case{"bfe.u64 %d64, %a64, %b32, %c32", Out::R64, 0xabcdef0123456789ull, 32, 16, 0xef01},
  Case{"bfi.b32 %d32, %a32, %b32, %c32, 8", Out::R32, 0xab, 0x11111111, 8, 0x1111ab11},
  Case{"bfi.b32 %d32, %a32, %b32, %c32, 8", Out::R32, 0xab, 0x11111111, 28, 0xb1111111},
  Case{"bfi.b32 %d32, %a32, %b32, %c32, 0", Out::R32, 0xab, 0x11111111, 4, 0x11111111},
  Case{"bfi.b32 %d32, %a32, %b32, %c32, 8", Out::R32, 0xab, 0x11111111, 32, 0x11111111},
  Case{"bfind.u32 %d32, %a32", Out::R32, 0x00010000, 0, 0, 16},
  Case{"bfind.u32 %d32, %a32", Out::R32, 0, 0, 0, 0xffffffff},
  Case{"bfind.s32 %d32, %a32", Out::R32, 0xffffffff, 0, 0, 0xffffffff},
  Case{"bfind.s32 %d32, %a32", Out::R32, 0xfffff000, 0, 0, 11},
  Case{"bfind.shiftamt.u32 %d32, %a32", Out::R32, 0x00010000, 0, 0, 15},
  Case{"popc.b32 %d32, %a32", Out::R32, 0xf0f0f0f1, 0, 0, 17},
  Case{"popc.b64 %d32, %a64", Out::R32, ~0ull, 0, 0, 64},
  Case{"clz.b32 %d32, %a32", Out::R32, 0, 0, 0, 32},
  Case{"clz.b64 %d32, %a64", Out::R32, 1, 0, 0, 63},
  Case{"brev.b32 %d32, %a32", Out::R32, 1, 0, 0, 0x80000000},
  Case{"brev.b64 %d64, %a64", Out::R64, 0x3, 0, 0, 0xc000000000000000ull},
  // byte permutes: a = 0x33221100, b = 0x77665544
  Case{"prmt.b32 %d32, %a32, %b32, %c32", Out::R32, 0x33221100, 0x77665544, 0x3210, 0x33221100},
  Case{"prmt.b32 %d32, %a32, %b32, %c32", Out::R32, 0x33221100, 0x77665544, 0x7654, 0x77665544},
  Case{"prmt.b32 %d32, %a32, %b32, %c32", Out::R32, 0x33221100, 0x77665544, 0x0123, 0x00112233},
  Case{"prmt.b32 %d32, %a32, %b32, %c32", Out::R32, 0x000080ff, 0, 0x8989, 0xffffffff},
  Case{"prmt.b32 %d32, %a32, %b32, %c32", Out::R32, 0x0000807f, 0, 0x8080, 0x007f007f},
  Case{"prmt.b32.f4e %d32, %a32, %b32, %c32", Out::R32, 0x33221100, 0x77665544, 1, 0x44332211},
  Case{"prmt.b32.b4e %d32, %a32, %b32, %c32", Out::R32, 0x33221100, 0x77665544, 0, 0x55667700},
  Case{"prmt.b32.rc8 %d32, %a32, %b32, %c32", Out::R32, 0x33221100, 0x77665544, 2, 0x22222222},
  Case{"prmt.b32.ecl %d32, %a32, %b32, %c32", Out::R32, 0x33221100, 0x77665544, 1, 0x33221111},
  Case{"prmt.b32.ecr %d32, %a32, %b32, %c32", Out::R32, 0x33221100, 0x77665544, 2, 0x22221100},
  Case{"prmt.b32.rc16 %d32, %a32, %b32, %c32", Out::R32, 0x33221100, 0x77665544, 1, 0x33223322},
  // funnel shifts
  Case{"shf.l.wrap.b32 %d32, %a32, %b32, %c32", Out::R32, 0x80000000, 0x00000001, 1, 0x00000003},
  Case{"shf.l.clamp.b32 %d32, %a32, %b32, %c32", Out::R32, 0x80000000, 0x00000001, 40, 0x80000000},
  Case{"shf.l.wrap.b32 %d32, %a32, %b32, %c32", Out::R32, 0x80000000, 0x00000001, 33, 0x00000003},
  Case{"shf.r.wrap.b32 %d32, %a32, %b32, %c32", Out::R32, 0x00000002, 0x00000001, 1, 0x80000001},
  Case{"shf.r.clamp.b32 %d32, %a32, %b32, %c32", Out::R32, 0x00000002, 0x00000001, 32, 0x00000001},
  // dot products
  Case{"dp4a.u32.u32 %d32, %a32, %b32, %c32", Out::R32, 0x01020304, 0x01010101, 10, 20},
  Case{"dp4a.s32.s32 %d32, %a32, %b32, %c32", Out::R32, 0xff0000ff, 0x02000002, 0, uint64_t(uint32_t(-4))},
  Case{"dp4a.s32.u32 %d32, %a32, %b32, %c32", Out::R32, 0x000000ff, 0x000000ff, 0, uint64_t(uint32_t(-255))},
  Case{"dp2a.lo.u32.u32 %d32, %a32, %b32, %c32", Out::R32, 0x00020003, 0x05040302, 1, 13},
  Case{"dp2a.hi.u32.u32 %d32, %a32, %b32, %c32", Out::R32, 0x00020003, 0x05040302, 1, 23},
  Case{"vabsdiff4.u32.u32.u32.add %d32, %a32, %b32, %c32", Out::R32, 0x01020304, 0x04030201, 5, 13},
  Case{"vabsdiff4.u32.u32.u32.min %d32, %a32, %b32, %c32", Out::R32, 0x01020304, 0x04030201, 5, 1},
  Case{"vabsdiff4.u32.u32.u32.max %d32, %a32, %b32, %c32", Out::R32, 0x01020304, 0x04030201, 2, 3},
  Case{"vabsdiff4.u32.u32.u32.max %d32, %a32, %b32, %c32", Out::R32, 0x01020304, 0x04030201, 9, 9},
  Case{"vabsdiff4.s32.s32.s32.add %d32, %a32, %b32, %c32", Out::R32, 0x000000ff, 0x00000001, 0, 2},
  // integer compare and select
  Case{"setp.lt.s32 %dp, %a32, %b32", Out::Pred, 0xffffffff, 0, 0, 1},
  Case{"setp.lt.u32 %dp, %a32, %b32", Out::Pred, 0xffffffff, 0, 0, 0},
  Case{"setp.lo.s32 %dp, %a32, %b32", Out::Pred, 0xffffffff, 0, 0, 0},
  Case{"setp.hi.u64 %dp, %a64, %b64", Out::Pred, ~0ull, 1, 0, 1},
  Case{"setp.ge.s16 %dp, %a16, %b16", Out::Pred, 0x8000, 0, 0, 0},
  Case{"setp.eq.and.s32 %dp, %a32, %b32, %cp", Out::Pred, 5, 5, 0, 0},
  Case{"setp.eq.or.s32 %dp, %a32, %b32, %cp", Out::Pred, 5, 6, 1, 1},
  Case{"setp.eq.xor.s32 %dp, %a32, %b32, %cp", Out::Pred, 5, 5, 1, 0},
  Case{"setp.eq.and.s32 %dp, %a32, %b32, !%cp", Out::Pred, 5, 5, 0, 1},
  Case{"setp.lt.s32 %dp|%dq, %a32, %b32", Out::Pred2, 1, 2, 0, 0},
  Case{"setp.lt.and.s32 %dp|%dq, %a32, %b32, %cp", Out::Pred2, 3, 2, 1, 1},
  Case{"set.eq.u32.s32 %d32, %a32, %b32", Out::R32, 4, 4, 0, 0xffffffff},
  Case{"selp.b32 %d32, %a32, %b32, %cp", Out::R32, 1, 2, 1, 1},
  Case{"selp.b32 %d32, %a32, %b32, %cp", Out::R32, 1, 2, 0, 2},
  Case{"slct.s32.s32 %d32, %a32, %b32, %c32", Out::R32, 1, 2, 0, 1},
  Case{"slct.s32.s32 %d32, %a32, %b32, %c32", Out::R32, 1, 2, 0x80000000, 2},
  // moves: pack / unpack
  Case{"mov.b64 %d64, {%a32, %b32}", Out::R64, 0x11111111, 0x22222222, 0, 0x2222222211111111ull},
  Case{"mov.u32 %d32, WARP_SZ", Out::R32, 0, 0, 0, 32},  // PTX's predefined warp-size constant
  Case{"add.u64 %d64, %a64, WARP_SZ", Out::R64, 10, 0, 0, 42},
  Case{"or.b32 %d32, %a32, %envreg31", Out::R32, 5, 0, 0, 5},  // no driver environment: 0
  Case{"mov.b64 {%t32, %d32}, %a64", Out::R32, 0x2222222211111111ull, 0, 0, 0x22222222},
  Case{"mov.b32 %d32, {%a16, %b16}", Out::R32, 0xaaaa, 0xbbbb, 0, 0xbbbbaaaa},
  Case{"mov.b32 {%d16, _}, %a32", Out::R16, 0xbbbbaaaa, 0, 0, 0xaaaa},
  Case{"mov.b32 %d32, %af", Out::R32, 0x3f800000, 0, 0, 0x3f800000}
));

}  // namespace
}  // namespace scwarp::test

namespace scwarp::test {
namespace {

// bmsk: a mask of b bits starting at bit a; .clamp limits a and b to 32,
// .wrap takes them modulo 32.
INSTANTIATE_TEST_SUITE_P(BitMask, InstrSemantics, ::testing::Values(
  Case{"bmsk.clamp.b32 %d32, %a32, %b32", Out::R32, 4, 4, 0, 0xf0},
  Case{"bmsk.clamp.b32 %d32, %a32, %b32", Out::R32, 30, 8, 0, 0xc0000000},
  Case{"bmsk.clamp.b32 %d32, %a32, %b32", Out::R32, 0, 40, 0, 0xffffffff},
  Case{"bmsk.clamp.b32 %d32, %a32, %b32", Out::R32, 40, 4, 0, 0},
  Case{"bmsk.wrap.b32 %d32, %a32, %b32", Out::R32, 36, 33, 0, 0x10}));

}  // namespace
}  // namespace scwarp::test

namespace scwarp::test {
namespace {

// %envreg<N> reads what the Device was given (the config's -scwarp_envreg).
TEST(EnvironmentRegisters, ReadTheDevicesValues) {
  const char* ptx = R"(.version 7.0
.target sm_75
.address_size 64
.visible .entry env(.param .u64 out)
{
  .reg .b32 %r<3>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %envreg3;
  mov.u32 %r2, %envreg31;
  st.global.u32 [%rd1], %r1;
  st.global.u32 [%rd1+4], %r2;
  ret;
}
)";
  runtime::Device dev;
  const runtime::LoadedModule& m = dev.load_module(ptx, "env.ptx");
  uint64_t out = dev.malloc(8);
  std::array<uint32_t, func::kEnvRegisters> values{};
  values[3] = 7;
  values[31] = 0xfffffffe;
  dev.set_envregs(values);
  dev.launch(m, "env", {1, 1, 1}, {1, 1, 1}, 0, runtime::KernelArgs().add(out));
  EXPECT_EQ(dev.download<uint32_t>(out, 2), (std::vector<uint32_t>{7, 0xfffffffe}));
}

}  // namespace
}  // namespace scwarp::test
