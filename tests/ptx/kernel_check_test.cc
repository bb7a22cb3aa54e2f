// check_kernel: unsupported instructions and undefined callees are reported
// for the kernel that can reach them, and only for that kernel.
#include <fmt/format.h>
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
.func via_pointer() { cp.async.ca.shared.global [%r1], [%rd1], 4; ret; }
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
            "t.ptx:20:3: tensor-core instruction 'wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32' is not "
            "supported: the GTX480 has no tensor cores and scwarp does not model them");
}

TEST(KernelCheck, UnsupportedInstructionInACallee) {
  Module m = parse_text(kModule);
  EXPECT_EQ(check_error(m, "callee_bad"),
            "t.ptx:8:3: tensor-core instruction 'ldmatrix.sync.aligned.m8n8.x1.shared.b16' is not supported: "
            "the GTX480 has no tensor cores and scwarp does not model them");
}

TEST(KernelCheck, CallToDeclaredOnlyFunction) {
  Module m = parse_text(kModule);
  EXPECT_EQ(check_error(m, "calls_extern"),
            "t.ptx:31:3: call to 'ext', which is declared but not defined in this module");
}

TEST(KernelCheck, IndirectCallsReachAddressTakenFunctions) {
  Module m = parse_text(kModule);
  EXPECT_EQ(check_error(m, "indirect"),
            "t.ptx:12:23: unsupported instruction 'cp.async.ca.shared.global'");
}

// A kernel calling `callee`, declared with `declaration` (a whole .extern line).
Module calling(const std::string& declaration, const std::string& call) {
  return parse_text(".version 9.0\n.target sm_75\n.address_size 64\n" + declaration +
                    "\n.visible .entry k()\n{\n  .reg .b64 %rd<2>;\n  {\n  .param .b64 param0;\n"
                    "  .param .b64 param1;\n  .param .b32 retval0;\n  " + call + "\n  }\n  ret;\n}\n");
}

TEST(KernelCheck, DynamicParallelismIsRefusedByName) {
  for (const char* name : {"__cudaCDP2LaunchDeviceV2", "cudaLaunchDevice", "cudaGetParameterBuffer"}) {
    Module m = calling(fmt::format(".extern .func (.param .b32 r) {}(.param .b64 a, .param .b64 b);", name),
                       fmt::format("call.uni (retval0), {}, (param0, param1);", name));
    EXPECT_EQ(check_error(m, "k"),
              fmt::format("t.ptx:12:3: dynamic parallelism is not supported: call to the device runtime's '{}' "
                          "(scwarp has no device runtime for launches, streams or graphs from the device)",
                          name));
  }
}

TEST(KernelCheck, DeviceGraphLaunchIsRefusedByName) {
  Module m = calling(".extern .func (.param .b32 r) cudaGraphLaunch(.param .b64 a, .param .b64 b);",
                     "call.uni (retval0), cudaGraphLaunch, (param0, param1);");
  EXPECT_EQ(check_error(m, "k"),
            "t.ptx:12:3: the device-side graph API is not supported: call to the device runtime's 'cudaGraphLaunch' "
            "(scwarp has no device runtime for launches, streams or graphs from the device)");
}

TEST(KernelCheck, DeviceRuntimeFunctionsScwarpProvidesPass) {
  Module m = calling(".extern .func (.param .b32 r) vprintf(.param .b64 a, .param .b64 b);",
                     "call.uni (retval0), vprintf, (param0, param1);");
  EXPECT_EQ(check_error(m, "k"), "");
}

TEST(KernelCheck, DeviceRuntimeFunctionWithAnotherSignatureIsRefused) {
  Module m = calling(".extern .func (.param .b32 r) malloc(.param .b64 a, .param .b64 b);",
                     "call.uni (retval0), malloc, (param0, param1);");
  EXPECT_EQ(check_error(m, "k"),
            "t.ptx:12:3: 'malloc' is declared with parameters of 8, 8 bytes and return values of 4 bytes; "
            "CUDA's takes 8 bytes and returns 8 bytes");
}

}  // namespace
}  // namespace scwarp::ptx::test
