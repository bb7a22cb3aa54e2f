// f32/f64 arithmetic, comparisons and conversions, one instruction per case.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "tests/func/kernel_harness.h"

namespace scwarp::test {
namespace {

const uint64_t NaN = f32_bits(std::numeric_limits<float>::quiet_NaN());
const uint64_t CANON = 0x7fffffff;  // the NaN the GPU produces
const uint64_t INF = f32_bits(INFINITY);
const uint64_t NINF = f32_bits(-INFINITY);
const uint64_t DENORM = 0x00000001;  // smallest f32 subnormal
const uint64_t ONE = f32_bits(1.0f);
uint64_t F(float f) { return f32_bits(f); }
uint64_t D(double d) { return f64_bits(d); }

INSTANTIATE_TEST_SUITE_P(Arith, InstrSemantics, ::testing::Values(
  Case{"add.f32 %df, %af, %bf", Out::F32, F(1.5f), F(2.25f), 0, F(3.75f)},
  Case{"add.f32 %df, %af, %bf", Out::F32, INF, NINF, 0, CANON},
  Case{"mul.f32 %df, %af, %bf", Out::F32, F(3.0f), F(-0.5f), 0, F(-1.5f)},
  Case{"sub.f64 %dd, %ad, %bd", Out::F64, D(1.0), D(0.25), 0, D(0.75)},
  Case{"div.rn.f32 %df, %af, %bf", Out::F32, F(1.0f), F(0.0f), 0, INF},
  Case{"div.rn.f64 %dd, %ad, %bd", Out::F64, D(1.0), D(3.0), 0, D(1.0 / 3.0)},
  Case{"fma.rn.f32 %df, %af, %bf, %cf", Out::F32, F(2.0f), F(3.0f), F(1.0f), F(7.0f)},
  // rounding modes: 1 + 2^-24 is exactly between 1 and the next float
  Case{"add.rn.f32 %df, %af, %bf", Out::F32, ONE, F(0x1p-24f), 0, ONE},
  Case{"add.rp.f32 %df, %af, %bf", Out::F32, ONE, F(0x1p-24f), 0, F(1.0f + 0x1p-23f)},
  Case{"add.rz.f32 %df, %af, %bf", Out::F32, ONE, F(0x1p-24f), 0, ONE},
  Case{"add.rm.f32 %df, %af, %bf", Out::F32, F(-1.0f), F(-0x1p-24f), 0, F(-1.0f - 0x1p-23f)},
  Case{"add.rz.f32 %df, %af, %bf", Out::F32, F(-1.0f), F(-0x1p-24f), 0, F(-1.0f)},
  Case{"mul.rz.f32 %df, %af, %bf", Out::F32, F(3.4e38f), F(10.0f), 0, F(std::numeric_limits<float>::max())},
  Case{"div.rz.f32 %df, %af, %bf", Out::F32, F(1.0f), F(3.0f), 0, 0x3eaaaaaa},
  Case{"div.rp.f32 %df, %af, %bf", Out::F32, F(1.0f), F(3.0f), 0, 0x3eaaaaab},
  Case{"fma.rz.f32 %df, %af, %bf, %cf", Out::F32, ONE, ONE, F(0x1p-30f), ONE},
  Case{"fma.rp.f32 %df, %af, %bf, %cf", Out::F32, ONE, ONE, F(0x1p-30f), F(1.0f + 0x1p-23f)},
  Case{"fma.rm.f32 %df, %af, %bf, %cf", Out::F32, F(1.0f + 0x1p-23f), F(1.0f - 0x1p-24f), 0, ONE},
  Case{"fma.rp.f32 %df, %af, %bf, %cf", Out::F32, F(1.0f + 0x1p-23f), F(1.0f - 0x1p-24f), 0, F(1.0f + 0x1p-23f)},
  Case{"fma.rz.f64 %dd, %ad, %bd, %cd", Out::F64, D(1.0), D(1.0), D(0x1p-60), D(1.0)},
  Case{"fma.rp.f64 %dd, %ad, %bd, %cd", Out::F64, D(1.0), D(1.0), D(0x1p-60), D(1.0 + 0x1p-52)},
  Case{"fma.rm.f64 %dd, %ad, %bd, %cd", Out::F64, D(1.0), D(1.0), D(-0x1p-60), D(1.0 - 0x1p-53)},
  Case{"fma.rn.f64 %dd, %ad, %bd, %cd", Out::F64, D(1.0), D(1.0), D(-0x1p-60), D(1.0)},
  Case{"fma.rz.f64 %dd, %ad, %bd, %cd", Out::F64, D(-1.0), D(1.0), D(-0x1p-60), D(-1.0)},
  Case{"fma.rm.f64 %dd, %ad, %bd, %cd", Out::F64, D(-1.0), D(1.0), D(-0x1p-60), D(-1.0 - 0x1p-52)},
  Case{"fma.rp.f64 %dd, %ad, %bd, %cd", Out::F64, D(1.0 + 0x1p-52), D(1.0 - 0x1p-53), D(0.0), D(1.0 + 0x1p-52)},
  Case{"fma.rz.f64 %dd, %ad, %bd, %cd", Out::F64, D(1e300), D(1e10), D(0.0), D(1.7976931348623157e308)},
  // ftz and sat
  Case{"add.f32 %df, %af, %bf", Out::F32, DENORM, 0, 0, DENORM},
  Case{"add.ftz.f32 %df, %af, %bf", Out::F32, DENORM, 0, 0, 0},
  Case{"mul.ftz.f32 %df, %af, %bf", Out::F32, 0x80000001, ONE, 0, 0x80000000},
  Case{"add.sat.f32 %df, %af, %bf", Out::F32, F(0.75f), F(0.5f), 0, ONE},
  Case{"add.sat.f32 %df, %af, %bf", Out::F32, F(-0.75f), F(0.5f), 0, 0},
  Case{"add.sat.f32 %df, %af, %bf", Out::F32, NaN, ONE, 0, 0},
  // min/max: NaN yields the other operand
  Case{"min.f32 %df, %af, %bf", Out::F32, NaN, F(2.0f), 0, F(2.0f)},
  Case{"max.f32 %df, %af, %bf", Out::F32, F(2.0f), NaN, 0, F(2.0f)},
  Case{"max.f32 %df, %af, %bf", Out::F32, NaN, NaN, 0, CANON},
  Case{"min.f32 %df, %af, %bf", Out::F32, F(0.0f), F(-0.0f), 0, F(-0.0f)},
  Case{"max.f64 %dd, %ad, %bd", Out::F64, D(-1.0), D(-2.0), 0, D(-1.0)},
  Case{"abs.f32 %df, %af", Out::F32, F(-0.0f), 0, 0, F(0.0f)},
  Case{"neg.f32 %df, %af", Out::F32, F(2.0f), 0, 0, F(-2.0f)},
  Case{"copysign.f32 %df, %af, %bf", Out::F32, F(-1.0f), F(3.0f), 0, F(-3.0f)},
  Case{"copysign.f64 %dd, %ad, %bd", Out::F64, D(1.0), D(-3.0), 0, D(3.0)},
  // special functions
  Case{"sqrt.rn.f32 %df, %af", Out::F32, F(2.0f), 0, 0, F(std::sqrt(2.0f))},
  Case{"sqrt.rn.f32 %df, %af", Out::F32, F(-1.0f), 0, 0, CANON},
  Case{"rcp.rn.f64 %dd, %ad", Out::F64, D(4.0), 0, 0, D(0.25)},
  Case{"rsqrt.approx.f32 %df, %af", Out::F32, F(4.0f), 0, 0, F(0.5f)},
  Case{"ex2.approx.f32 %df, %af", Out::F32, F(3.0f), 0, 0, F(8.0f)},
  Case{"lg2.approx.f32 %df, %af", Out::F32, F(8.0f), 0, 0, F(3.0f)},
  Case{"sin.approx.f32 %df, %af", Out::F32, F(0.0f), 0, 0, F(0.0f)},
  Case{"cos.approx.f32 %df, %af", Out::F32, F(0.0f), 0, 0, ONE},
  Case{"tanh.approx.f32 %df, %af", Out::F32, F(0.0f), 0, 0, F(0.0f)}
));

INSTANTIATE_TEST_SUITE_P(Compare, InstrSemantics, ::testing::Values(
  Case{"setp.lt.f32 %dp, %af, %bf", Out::Pred, F(1.0f), F(2.0f), 0, 1},
  Case{"setp.lt.f32 %dp, %af, %bf", Out::Pred, NaN, F(2.0f), 0, 0},
  Case{"setp.ltu.f32 %dp, %af, %bf", Out::Pred, NaN, F(2.0f), 0, 1},
  Case{"setp.ne.f32 %dp, %af, %bf", Out::Pred, NaN, NaN, 0, 0},
  Case{"setp.neu.f32 %dp, %af, %bf", Out::Pred, NaN, NaN, 0, 1},
  Case{"setp.equ.f64 %dp, %ad, %bd", Out::Pred, D(NAN), D(1.0), 0, 1},
  Case{"setp.eq.f32 %dp, %af, %bf", Out::Pred, F(0.0f), F(-0.0f), 0, 1},
  Case{"setp.num.f32 %dp, %af, %bf", Out::Pred, ONE, NaN, 0, 0},
  Case{"setp.nan.f32 %dp, %af, %bf", Out::Pred, ONE, NaN, 0, 1},
  Case{"setp.geu.f32 %dp, %af, %bf", Out::Pred, INF, INF, 0, 1},
  Case{"setp.gt.ftz.f32 %dp, %af, %bf", Out::Pred, DENORM, 0, 0, 0},
  Case{"setp.gt.f32 %dp, %af, %bf", Out::Pred, DENORM, 0, 0, 1},
  Case{"set.lt.f32.f32 %df, %af, %bf", Out::F32, F(1.0f), F(2.0f), 0, ONE},
  Case{"set.gt.u32.f32 %d32, %af, %bf", Out::R32, F(1.0f), F(2.0f), 0, 0},
  Case{"set.lt.u32.f32 %d32, %af, %bf", Out::R32, F(1.0f), F(2.0f), 0, 0xffffffff},
  Case{"slct.f32.f32 %df, %af, %bf, %cf", Out::F32, F(1.0f), F(2.0f), F(-0.0f), F(1.0f)},
  Case{"slct.f32.f32 %df, %af, %bf, %cf", Out::F32, F(1.0f), F(2.0f), F(-1.0f), F(2.0f)},
  Case{"testp.finite.f32 %dp, %af", Out::Pred, INF, 0, 0, 0},
  Case{"testp.infinite.f32 %dp, %af", Out::Pred, NINF, 0, 0, 1},
  Case{"testp.notanumber.f64 %dp, %ad", Out::Pred, D(NAN), 0, 0, 1},
  Case{"testp.number.f32 %dp, %af", Out::Pred, NaN, 0, 0, 0},
  Case{"testp.subnormal.f32 %dp, %af", Out::Pred, DENORM, 0, 0, 1},
  Case{"testp.normal.f32 %dp, %af", Out::Pred, DENORM, 0, 0, 0}
));

INSTANTIATE_TEST_SUITE_P(Convert, InstrSemantics, ::testing::Values(
  // float -> int: rounding, saturation, NaN -> 0
  Case{"cvt.rzi.s32.f32 %d32, %af", Out::R32, F(-2.7f), 0, 0, uint64_t(uint32_t(-2))},
  Case{"cvt.rmi.s32.f32 %d32, %af", Out::R32, F(-2.2f), 0, 0, uint64_t(uint32_t(-3))},
  Case{"cvt.rpi.s32.f32 %d32, %af", Out::R32, F(2.2f), 0, 0, 3},
  Case{"cvt.rni.s32.f32 %d32, %af", Out::R32, F(2.5f), 0, 0, 2},
  Case{"cvt.rni.s32.f32 %d32, %af", Out::R32, F(3.5f), 0, 0, 4},
  Case{"cvt.rzi.s32.f32 %d32, %af", Out::R32, F(3e9f), 0, 0, 0x7fffffff},
  Case{"cvt.rzi.s32.f32 %d32, %af", Out::R32, F(-3e9f), 0, 0, 0x80000000},
  Case{"cvt.rzi.s32.f32 %d32, %af", Out::R32, NaN, 0, 0, 0},
  Case{"cvt.rzi.u32.f32 %d32, %af", Out::R32, F(-5.0f), 0, 0, 0},
  Case{"cvt.rzi.u32.f32 %d32, %af", Out::R32, INF, 0, 0, 0xffffffff},
  Case{"cvt.rzi.s64.f64 %d64, %ad", Out::R64, D(1e30), 0, 0, 0x7fffffffffffffffull},
  Case{"cvt.rzi.u64.f64 %d64, %ad", Out::R64, D(1e30), 0, 0, ~0ull},
  Case{"cvt.rzi.u16.f32 %d16, %af", Out::R16, F(70000.0f), 0, 0, 0xffff},
  // int -> float with rounding: 2^24 + 1 is not representable in f32
  Case{"cvt.rn.f32.u32 %df, %a32", Out::F32, 16777217, 0, 0, F(16777216.0f)},
  Case{"cvt.rp.f32.u32 %df, %a32", Out::F32, 16777217, 0, 0, F(16777218.0f)},
  Case{"cvt.rz.f32.s32 %df, %a32", Out::F32, uint64_t(uint32_t(-16777217)), 0, 0, F(-16777216.0f)},
  Case{"cvt.rm.f32.s32 %df, %a32", Out::F32, uint64_t(uint32_t(-16777217)), 0, 0, F(-16777218.0f)},
  Case{"cvt.rn.f64.s64 %dd, %a64", Out::F64, uint64_t(-3), 0, 0, D(-3.0)},
  Case{"cvt.rn.f32.u64 %df, %a64", Out::F32, ~0ull, 0, 0, F(18446744073709551616.0f)},
  Case{"cvt.rn.f32.s32 %df, %a32", Out::F32, uint64_t(uint32_t(-16777219)), 0, 0, F(-16777220.0f)},
  // 2^63 + 2^39 + 1: above the halfway point between two floats by its last bit
  Case{"cvt.rn.f32.u64 %df, %a64", Out::F32, 0x8000008000000001ull, 0, 0, F(9223373136366403584.0f)},
  // float <-> float
  Case{"cvt.rn.f32.f64 %df, %ad", Out::F32, D(1.0 + 0x1p-30), 0, 0, ONE},
  Case{"cvt.rp.f32.f64 %df, %ad", Out::F32, D(1.0 + 0x1p-30), 0, 0, F(1.0f + 0x1p-23f)},
  Case{"cvt.rn.f32.f64 %df, %ad", Out::F32, D(1e300), 0, 0, INF},
  Case{"cvt.rz.f32.f64 %df, %ad", Out::F32, D(1e300), 0, 0, F(std::numeric_limits<float>::max())},
  Case{"cvt.f64.f32 %dd, %af", Out::F64, F(0.1f), 0, 0, D(double(0.1f))},
  Case{"cvt.rni.f32.f32 %df, %af", Out::F32, F(2.5f), 0, 0, F(2.0f)},
  Case{"cvt.rmi.f64.f64 %dd, %ad", Out::F64, D(-0.5), 0, 0, D(-1.0)},
  Case{"cvt.ftz.f32.f32 %df, %af", Out::F32, DENORM, 0, 0, 0},
  Case{"cvt.sat.f32.f32 %df, %af", Out::F32, F(7.0f), 0, 0, ONE},
  // half precision
  Case{"cvt.rn.f16.f32 %d16, %af", Out::R16, F(1.0f), 0, 0, 0x3c00},
  Case{"cvt.rn.f16.f32 %d16, %af", Out::R16, F(65520.0f), 0, 0, 0x7c00},
  Case{"cvt.rz.f16.f32 %d16, %af", Out::R16, F(65520.0f), 0, 0, 0x7bff},
  Case{"cvt.rn.f16.f32 %d16, %af", Out::R16, F(0x1p-24f), 0, 0, 0x0001},
  Case{"cvt.rn.f16.f32 %d16, %af", Out::R16, F(-2.0f / 3.0f), 0, 0, 0xb955},
  Case{"cvt.f32.f16 %df, %a16", Out::F32, 0xc000, 0, 0, F(-2.0f)},
  Case{"cvt.f32.f16 %df, %a16", Out::F32, 0x0001, 0, 0, F(0x1p-24f)},
  Case{"cvt.rn.bf16.f32 %d16, %af", Out::R16, F(1.0f), 0, 0, 0x3f80},
  Case{"cvt.f32.bf16 %df, %a16", Out::F32, 0x4049, 0, 0, F(3.140625f)}
));

// Half precision: 0x3c00 = 1.0, 0x4000 = 2.0, 0x3555 ~ 1/3, 0x7bff = 65504.
INSTANTIATE_TEST_SUITE_P(Half, InstrSemantics, ::testing::Values(
  Case{"add.f16 %d16, %a16, %b16", Out::R16, 0x3c00, 0x3c00, 0, 0x4000},
  Case{"add.f16 %d16, %a16, %b16", Out::R16, 0x7bff, 0x7bff, 0, 0x7c00},
  Case{"add.rn.sat.f16 %d16, %a16, %b16", Out::R16, 0x3c00, 0x3c00, 0, 0x3c00},
  Case{"sub.f16 %d16, %a16, %b16", Out::R16, 0x3c00, 0x4000, 0, 0xbc00},
  Case{"mul.f16 %d16, %a16, %b16", Out::R16, 0x3555, 0x4200, 0, 0x3c00},
  Case{"fma.rn.f16 %d16, %a16, %b16, %c16", Out::R16, 0x4000, 0x4000, 0x3c00, 0x4500},
  Case{"neg.f16 %d16, %a16", Out::R16, 0x3c00, 0, 0, 0xbc00},
  Case{"abs.bf16 %d16, %a16", Out::R16, 0xbf80, 0, 0, 0x3f80},
  Case{"max.f16 %d16, %a16, %b16", Out::R16, 0x7e00, 0x3c00, 0, 0x3c00},
  Case{"mul.ftz.f16 %d16, %a16, %b16", Out::R16, 0x0001, 0x3c00, 0, 0x0000},
  Case{"mul.f16 %d16, %a16, %b16", Out::R16, 0x0001, 0x3c00, 0, 0x0001},
  Case{"add.f16x2 %d32, %a32, %b32", Out::R32, 0x3c004000, 0x3c003c00, 0, 0x40004200},
  Case{"fma.rn.bf16x2 %d32, %a32, %b32, %c32", Out::R32, 0x3f804000, 0x40004000, 0x3f803f80, 0x404040a0},
  Case{"setp.lt.f16 %dp, %a16, %b16", Out::Pred, 0x3c00, 0x4000, 0, 1},
  Case{"setp.gtu.f16 %dp, %a16, %b16", Out::Pred, 0x7e00, 0x4000, 0, 1}
));

INSTANTIATE_TEST_SUITE_P(IntConvert, InstrSemantics, ::testing::Values(
  Case{"cvt.s32.s8 %d32, %a32", Out::R32, 0x80, 0, 0, 0xffffff80},
  Case{"cvt.u32.u8 %d32, %a32", Out::R32, 0x180, 0, 0, 0x80},
  Case{"cvt.s64.s32 %d64, %a32", Out::R64, 0xfffffffe, 0, 0, uint64_t(-2)},
  Case{"cvt.u64.u32 %d64, %a32", Out::R64, 0xfffffffe, 0, 0, 0xfffffffe},
  Case{"cvt.u16.u32 %d16, %a32", Out::R16, 0x12345, 0, 0, 0x2345},
  Case{"cvt.s16.u32 %d16, %a32", Out::R16, 0x18000, 0, 0, 0x8000},
  Case{"cvt.u64.s32 %d64, %a32", Out::R64, 0xfffffffe, 0, 0, uint64_t(-2)},
  Case{"cvt.s32.u16 %d32, %a32", Out::R32, 0xfff8000, 0, 0, 0x8000},
  Case{"cvt.sat.u16.u32 %d16, %a32", Out::R16, 0x12345, 0, 0, 0xffff},
  Case{"cvt.sat.s8.s32 %d16, %a32", Out::R16, uint64_t(uint32_t(-300)), 0, 0, 0xff80},
  Case{"cvt.sat.u32.s32 %d32, %a32", Out::R32, uint64_t(uint32_t(-1)), 0, 0, 0},
  Case{"cvt.sat.s32.u32 %d32, %a32", Out::R32, 0xffffffff, 0, 0, 0x7fffffff}
));

}  // namespace
}  // namespace scwarp::test
