// Integer arithmetic semantics, one instruction per case.
#include <gtest/gtest.h>

#include "tests/func/kernel_harness.h"

namespace scwarp::test {
namespace {

constexpr uint64_t M32 = 0xffffffffull;
constexpr uint64_t INT32_MIN_BITS = 0x80000000ull;

INSTANTIATE_TEST_SUITE_P(Cases, InstrSemantics, ::testing::Values(
  // wrap-around and saturation
  Case{"add.s32 %d32, %a32, %b32", Out::R32, 0x7fffffff, 1, 0, 0x80000000},
  Case{"add.sat.s32 %d32, %a32, %b32", Out::R32, 0x7fffffff, 1, 0, 0x7fffffff},
  Case{"add.sat.s32 %d32, %a32, %b32", Out::R32, INT32_MIN_BITS, M32, 0, INT32_MIN_BITS},
  Case{"sub.sat.s32 %d32, %a32, %b32", Out::R32, INT32_MIN_BITS, 1, 0, INT32_MIN_BITS},
  Case{"sub.u32 %d32, %a32, %b32", Out::R32, 0, 1, 0, M32},
  Case{"add.u64 %d64, %a64, %b64", Out::R64, ~0ull, 2, 0, 1},
  Case{"add.u16 %d16, %a16, %b16", Out::R16, 0xffff, 2, 0, 1},
  // multiplication halves
  Case{"mul.lo.u32 %d32, %a32, %b32", Out::R32, 0x10000, 0x10001, 0, 0x10000},
  Case{"mul.hi.u32 %d32, %a32, %b32", Out::R32, M32, M32, 0, 0xfffffffe},
  Case{"mul.hi.s32 %d32, %a32, %b32", Out::R32, M32, M32, 0, 0},
  Case{"mul.hi.s32 %d32, %a32, %b32", Out::R32, INT32_MIN_BITS, 2, 0, M32},
  Case{"mul.wide.u32 %d64, %a32, %b32", Out::R64, M32, M32, 0, 0xfffffffe00000001ull},
  Case{"mul.wide.s32 %d64, %a32, %b32", Out::R64, M32, 5, 0, uint64_t(-5)},
  Case{"mul.hi.u64 %d64, %a64, %b64", Out::R64, ~0ull, ~0ull, 0, ~0ull - 1},
  Case{"mul.hi.s64 %d64, %a64, %b64", Out::R64, uint64_t(-3), 1ull << 62, 0, ~0ull},
  Case{"mad.lo.s32 %d32, %a32, %b32, %c32", Out::R32, 7, M32, 10, 3},
  Case{"mad.hi.u32 %d32, %a32, %b32, %c32", Out::R32, M32, M32, 2, 0},
  Case{"mad.wide.s32 %d64, %a32, %b32, %c64", Out::R64, M32, 3, 10, 7},
  Case{"mul24.lo.u32 %d32, %a32, %b32", Out::R32, 0xff000002, 3, 0, 6},
  Case{"mul24.lo.s32 %d32, %a32, %b32", Out::R32, 0x00ffffff, 2, 0, uint64_t(uint32_t(-2))},
  Case{"mul24.hi.u32 %d32, %a32, %b32", Out::R32, 0xffffff, 0xffffff, 0, 0xfffffe00},
  Case{"mad24.lo.u32 %d32, %a32, %b32, %c32", Out::R32, 4, 5, 6, 26},
  Case{"sad.u32 %d32, %a32, %b32, %c32", Out::R32, 3, 10, 100, 107},
  Case{"sad.s32 %d32, %a32, %b32, %c32", Out::R32, M32, 1, 0, 2},
  // division by zero and overflow, as the hardware gives them
  Case{"div.u32 %d32, %a32, %b32", Out::R32, 7, 0, 0, M32},
  Case{"div.s32 %d32, %a32, %b32", Out::R32, 7, 0, 0, M32},
  Case{"rem.u32 %d32, %a32, %b32", Out::R32, 7, 0, 0, 7},
  Case{"div.s32 %d32, %a32, %b32", Out::R32, INT32_MIN_BITS, M32, 0, INT32_MIN_BITS},
  Case{"rem.s32 %d32, %a32, %b32", Out::R32, INT32_MIN_BITS, M32, 0, 0},
  Case{"div.s32 %d32, %a32, %b32", Out::R32, uint64_t(uint32_t(-7)), 2, 0, uint64_t(uint32_t(-3))},
  Case{"rem.s32 %d32, %a32, %b32", Out::R32, uint64_t(uint32_t(-7)), 2, 0, M32},
  Case{"div.u64 %d64, %a64, %b64", Out::R64, 100, 0, 0, ~0ull},
  Case{"abs.s32 %d32, %a32", Out::R32, INT32_MIN_BITS, 0, 0, INT32_MIN_BITS},
  Case{"abs.s32 %d32, %a32", Out::R32, uint64_t(uint32_t(-9)), 0, 0, 9},
  Case{"neg.s32 %d32, %a32", Out::R32, 5, 0, 0, uint64_t(uint32_t(-5))},
  Case{"min.s32 %d32, %a32, %b32", Out::R32, M32, 1, 0, M32},
  Case{"min.u32 %d32, %a32, %b32", Out::R32, M32, 1, 0, 1},
  Case{"max.s64 %d64, %a64, %b64", Out::R64, ~0ull, 1, 0, 1},
  Case{"max.u16 %d16, %a16, %b16", Out::R16, 0x8000, 1, 0, 0x8000},
  // carry chains: 64-bit add from 32-bit halves
  Case{"add.cc.u32 %t32, %a32, %b32; addc.u32 %d32, 0, 0", Out::R32, M32, 1, 0, 1},
  Case{"add.cc.u32 %t32, %a32, %b32; addc.u32 %d32, 0, 0", Out::R32, 5, 1, 0, 0},
  Case{"sub.cc.u32 %t32, %a32, %b32; subc.u32 %d32, 0, 0", Out::R32, 0, 1, 0, M32},
  Case{"mad.lo.cc.u32 %t32, %a32, %b32, %c32; addc.u32 %d32, 0, 0", Out::R32, 0x10000, 0xffff, 0x10000, 1},
  Case{"mad.lo.cc.u32 %t32, %a32, %b32, %c32; addc.u32 %d32, 0, 0", Out::R32, 0x10000, 0x10000, 0, 0},
  Case{"add.cc.u32 %t32, %a32, %b32; madc.lo.u32 %d32, 2, 3, %c32", Out::R32, M32, 1, 10, 17}
));

// Atomics on the input word a (at [%in]) by one thread: the value left in
// memory, or the old value returned.
INSTANTIATE_TEST_SUITE_P(Atomic, InstrSemantics, ::testing::Values(
  Case{"red.global.add.u32 [%in], %b32; ld.global.u32 %d32, [%in]", Out::R32, 5, 7, 0, 12},
  Case{"atom.global.add.u32 %d32, [%in], %b32", Out::R32, 5, 7, 0, 5},
  Case{"atom.global.cas.b32 %t32, [%in], %b32, %c32; ld.global.u32 %d32, [%in]", Out::R32, 5, 5, 9, 9},
  Case{"atom.global.cas.b32 %t32, [%in], %b32, %c32; ld.global.u32 %d32, [%in]", Out::R32, 5, 6, 9, 5},
  Case{"atom.global.inc.u32 %t32, [%in], %b32; ld.global.u32 %d32, [%in]", Out::R32, 10, 10, 0, 0},
  Case{"atom.global.inc.u32 %t32, [%in], %b32; ld.global.u32 %d32, [%in]", Out::R32, 3, 10, 0, 4},
  Case{"atom.global.inc.u32 %t32, [%in], %b32; ld.global.u32 %d32, [%in]", Out::R32, 50, 10, 0, 0},
  Case{"atom.global.dec.u32 %t32, [%in], %b32; ld.global.u32 %d32, [%in]", Out::R32, 0, 10, 0, 10},
  Case{"atom.global.dec.u32 %t32, [%in], %b32; ld.global.u32 %d32, [%in]", Out::R32, 50, 10, 0, 10},
  Case{"atom.global.dec.u32 %t32, [%in], %b32; ld.global.u32 %d32, [%in]", Out::R32, 4, 10, 0, 3},
  Case{"atom.global.min.s32 %t32, [%in], %b32; ld.global.u32 %d32, [%in]", Out::R32, 5, M32, 0, M32},
  Case{"atom.global.min.u32 %t32, [%in], %b32; ld.global.u32 %d32, [%in]", Out::R32, 5, M32, 0, 5},
  Case{"atom.global.max.s64 %t64, [%in], %b64; ld.global.u64 %d64, [%in]", Out::R64, ~0ull, 3, 0, 3},
  Case{"atom.global.exch.b64 %d64, [%in], %b64", Out::R64, 42, 3, 0, 42},
  Case{"atom.global.xor.b32 %t32, [%in], %b32; ld.global.u32 %d32, [%in]", Out::R32, 0xff, 0x0f, 0, 0xf0},
  Case{"atom.add.u32 %t32, [%in], %b32; ldu.global.u32 %d32, [%in]", Out::R32, 1, 2, 0, 3}
));

}  // namespace
}  // namespace scwarp::test
