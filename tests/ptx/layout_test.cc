// Symbol offsets and segment sizes.
#include <gtest/gtest.h>

#include "tests/ptx/ptx_test_util.h"

namespace scwarp::ptx::test {
namespace {

const Symbol& symbol(const Module& m, const std::string& name, uint32_t owner = kNoSym) {
  for (const Symbol& s : m.symbols)
    if (s.name == name && (owner == kNoSym || s.owner == owner)) return s;
  throw Error("no symbol " + name);
}

const char* kModule = R"(.version 9.0
.target sm_75
.address_size 64
.global .align 1 .b8 g1[3];
.global .align 8 .u64 g2;
.global .f32 g3[3];
.const .align 16 .b8 c1[20];
.const .u16 c2;
.shared .align 8 .b8 ms[12];
.extern .shared .align 32 .b8 dyn[];
.visible .entry k1(.param .u64 .ptr .global .align 8 p0, .param .align 4 .b8 s[12],
                   .param .u32 n, .param .f64 d)
{
  .reg .b64 %SP, %SPL;
  .local .align 16 .b8 __local_depot0[80];
  .local .u32 extra;
  .shared .align 4 .f32 ks[4];
  mov.u64 %SPL, __local_depot0;
  ret;
}
.visible .entry k2()
{
  .shared .align 16 .b8 other[100];
  ret;
}
.func (.param .b64 r0, .param .b32 r1) f(.param .b8 a, .param .b32 b)
{
  ret;
}
)";

TEST(Layout, GlobalAndConstSegments) {
  Module m = parse_text(kModule);
  EXPECT_EQ(symbol(m, "g1").offset, 0u);
  EXPECT_EQ(symbol(m, "g2").offset, 8u);
  EXPECT_EQ(symbol(m, "g3").offset, 16u);
  EXPECT_EQ(m.global_bytes, 28u);
  EXPECT_EQ(symbol(m, "c1").offset, 0u);
  EXPECT_EQ(symbol(m, "c2").offset, 20u);
  EXPECT_EQ(m.const_bytes, 22u);
}

TEST(Layout, KernelParametersAreAligned) {
  Module m = parse_text(kModule);
  const Function& k1 = *m.find_function("k1");
  ASSERT_EQ(k1.params.size(), 4u);
  EXPECT_EQ(m.symbols[k1.params[0]].offset, 0u);
  EXPECT_EQ(m.symbols[k1.params[1]].offset, 8u);
  EXPECT_EQ(m.symbols[k1.params[1]].size, 12u);
  EXPECT_EQ(m.symbols[k1.params[2]].offset, 20u);
  EXPECT_EQ(m.symbols[k1.params[3]].offset, 24u);
  EXPECT_EQ(k1.param_bytes, 32u);
  const Function& f = *m.find_function("f");
  EXPECT_EQ(m.symbols[f.params[1]].offset, 4u);
  EXPECT_EQ(f.param_bytes, 8u);
  EXPECT_EQ(m.symbols[f.rets[0]].offset, 0u);  // return area starts at 0 too
  EXPECT_EQ(m.symbols[f.rets[1]].offset, 8u);
}

TEST(Layout, SharedModuleScopeFirstThenKernelOwn) {
  Module m = parse_text(kModule);
  const Function& k1 = *m.find_function("k1");
  const Function& k2 = *m.find_function("k2");
  EXPECT_EQ(symbol(m, "ms").offset, 0u);
  EXPECT_EQ(symbol(m, "ks").offset, 12u);
  EXPECT_EQ(k1.static_shared_bytes, 28u);
  EXPECT_EQ(symbol(m, "other").offset, 16u);
  EXPECT_EQ(k2.static_shared_bytes, 116u);
  const Symbol& dyn = symbol(m, "dyn");
  EXPECT_TRUE(dyn.is_extern);
  EXPECT_EQ(dyn.size, 0u);
  EXPECT_EQ(k1.dynamic_shared_offset, 32u);   // rounded up to dyn's .align 32
  EXPECT_EQ(k2.dynamic_shared_offset, 128u);
}

TEST(Layout, LocalFramePerFunction) {
  Module m = parse_text(kModule);
  const Function& k1 = *m.find_function("k1");
  EXPECT_EQ(symbol(m, "__local_depot0").offset, 0u);
  EXPECT_EQ(symbol(m, "extra").offset, 80u);
  EXPECT_EQ(k1.local_bytes, 84u);
  EXPECT_EQ(m.find_function("k2")->local_bytes, 0u);
}

}  // namespace
}  // namespace scwarp::ptx::test
