// check_kernel: unsupported instructions and undefined callees are reported
// for the kernel that can reach them, and only for that kernel.
#include <gtest/gtest.h>

#include "tests/ptx/ptx_test_util.h"

namespace scwarp::ptx::test {
namespace {

std::string check_error(const Module& m, const std::string& kernel) {
  try {
    check_kernel(m, *m.find_function(kernel));
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

const char* kModule = R"(.version 9.0
.target sm_75
.address_size 64
.extern .func ext();
.func uses_tensor()
{
  .reg .b32 %r<4>;
  ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r1}, [%r2];
  ret;
}
.func plain() { ret; }
.func via_pointer() { tex.1d.v4.f32.s32 {%f1,%f2,%f3,%f4}, [t, {%r1}]; ret; }
.visible .entry good()
{
  call.uni plain, ();
  ret;
}
.visible .entry direct_bad()
{
  wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {%f1}, {%r1}, {%r2}, {%f1};
  ret;
}
.visible .entry callee_bad()
{
  call.uni plain, ();
  call.uni uses_tensor, ();
  ret;
}
.visible .entry calls_extern()
{
  call.uni ext, ();
  ret;
}
.visible .entry indirect()
{
  .reg .b64 %rd<2>;
  proto : .callprototype _ ();
  mov.u64 %rd1, via_pointer;
  call %rd1, (), proto;
  ret;
}
)";

TEST(KernelCheck, OtherKernelsOfTheModuleStillPass) {
  Module m = parse_text(kModule);
  EXPECT_EQ(check_error(m, "good"), "");
  EXPECT_EQ(check_error(m, "direct_bad"),
            "t.ptx:20:3: unsupported instruction 'wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32'");
}

TEST(KernelCheck, UnsupportedInstructionInACallee) {
  Module m = parse_text(kModule);
  EXPECT_EQ(check_error(m, "callee_bad"),
            "t.ptx:8:3: unsupported instruction 'ldmatrix.sync.aligned.m8n8.x1.shared.b16'");
}

TEST(KernelCheck, CallToDeclaredOnlyFunction) {
  Module m = parse_text(kModule);
  EXPECT_EQ(check_error(m, "calls_extern"),
            "t.ptx:31:3: call to 'ext', which is declared but not defined in this module");
}

TEST(KernelCheck, IndirectCallsReachAddressTakenFunctions) {
  Module m = parse_text(kModule);
  EXPECT_EQ(check_error(m, "indirect"),
            "t.ptx:12:23: unsupported instruction 'tex.1d.v4.f32.s32'");
}

}  // namespace
}  // namespace scwarp::ptx::test
