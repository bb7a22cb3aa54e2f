// Every fault kind ends in a scwarp::Error naming kernel, block, thread,
// function, PC with the PTX file:line of the instruction, and the address.
#include <gtest/gtest.h>

#include "sc_model/common/error.h"
#include "tests/func/kernel_harness.h"

namespace scwarp::test {
namespace {

using runtime::KernelArgs;

// A kernel in which thread 3 of block 1 executes `body` (with %rd1 = the
// pointer argument, %r1 = tid.x); everybody else returns. Line 12 is `body`'s
// first line.
std::string faulting_kernel(const std::string& body) {
  return R"(.version 7.5
.target sm_80
.address_size 64
.visible .entry faulty(.param .u64 ptr) {
  .reg .b32 %r<10>; .reg .b64 %rd<10>; .reg .pred %p<4>;
  .shared .align 4 .b8 s[16];
  .local .align 4 .b8 l[8];
  ld.param.u64 %rd1, [ptr];
  mov.u32 %r1, %tid.x; mov.u32 %r2, %ctaid.x;
  setp.ne.u32 %p1, %r1, 3; setp.ne.or.u32 %p1, %r2, 1, %p1;
  @%p1 ret;
)" + body + "\n  ret;\n}\n";
}

std::string fault_message(const std::string& body, uint64_t ptr_offset = 0, bool null_ptr = false) {
  runtime::Device dev;
  const auto& m = dev.load_module(faulting_kernel(body), "faults.ptx");
  uint64_t buf = dev.malloc(64);
  uint64_t ptr = null_ptr ? 0 : buf + ptr_offset;
  try {
    dev.launch(m, "faulty", {2, 1, 1}, {8, 1, 1}, 0, KernelArgs().add(ptr));
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

void expect_contains(const std::string& msg, const std::string& part) {
  EXPECT_NE(msg.find(part), std::string::npos) << "missing '" << part << "' in: " << msg;
}

void expect_located(const std::string& msg, unsigned pc, const std::string& text) {
  expect_contains(msg, "kernel faulty block (1,0,0) thread (3,0,0) function faulty pc " +
                           std::to_string(pc) + " (faults.ptx:12: " + text + ")");
}

TEST(Fault, OutOfBoundsGlobal) {
  std::string msg = fault_message("ld.global.u32 %r3, [%rd1+64];");
  expect_located(msg, 6, "ld.global.u32");
  expect_contains(msg, "4-byte global access at address 0x");
  expect_contains(msg, "outside any allocation");
}

TEST(Fault, NullPointer) {
  std::string msg = fault_message("st.global.u32 [%rd1+8], %r1;", 0, true);
  expect_located(msg, 6, "st.global.u32");
  expect_contains(msg, "address 0x8 (null pointer)");
}

TEST(Fault, Misaligned) {
  std::string msg = fault_message("ld.global.u32 %r3, [%rd1+2];");
  expect_contains(msg, "misaligned (not a multiple of 4)");
  std::string vec = fault_message("ld.global.v4.u32 {%r3, %r4, %r5, %r6}, [%rd1+4];");
  expect_contains(vec, "16-byte global access");
  expect_contains(vec, "misaligned (not a multiple of 16)");
}

TEST(Fault, GenericPointerOutsideAnyAllocation) {
  std::string msg = fault_message("add.s64 %rd2, %rd1, 4096;\n  ld.u32 %r3, [%rd2];");
  expect_contains(msg, "pc 7 (faults.ptx:13: ld.u32)");
  expect_contains(msg, "outside any allocation");
}

TEST(Fault, SharedBeyondTheBlocksSharedMemory) {
  std::string msg = fault_message("ld.shared.u32 %r3, [s+16];");
  expect_contains(msg, "4-byte shared access at address 0x10 is beyond the block's shared memory (16 bytes)");
  std::string generic = fault_message("mov.u64 %rd2, s;\n  cvta.shared.u64 %rd3, %rd2;\n  st.u32 [%rd3+20], %r1;");
  expect_contains(generic, "shared access at address 0x14 (generic 0x700000000014) is beyond");
}

TEST(Fault, LocalBeyondTheFrame) {
  std::string msg = fault_message("mov.u64 %rd2, l;\n  ld.local.u32 %r3, [%rd2+8];");
  expect_contains(msg, "local access at address 0x8 is beyond the thread's local frames (8 bytes)");
}

TEST(Fault, ParamBeyondTheParameters) {
  std::string msg = fault_message("ld.param.u32 %r3, [ptr+8];");
  expect_located(msg, 6, "ld.param.u32");
  expect_contains(msg, "4-byte param access at address 0x8 is beyond the function's parameters (8 bytes)");
}

TEST(Fault, ConstSpaceSharesTheGlobalAddressMap) {
  // Not a fault: .const addresses are device addresses, as cvta.const says.
  std::string msg = fault_message("ld.const.u32 %r3, [%rd1];");
  EXPECT_EQ(msg, "no error");
}

TEST(Fault, WriteToConstVariableThroughGenericPointer) {
  std::string ptx = R"(.version 7.5
.target sm_80
.address_size 64
.const .align 4 .u32 table[4] = {1, 2, 3, 4};
.visible .entry k() {
  .reg .b64 %rd<3>;
  mov.u64 %rd1, table;
  cvta.const.u64 %rd2, %rd1;
  st.u32 [%rd2+8], 7;
  ret;
}
)";
  runtime::Device dev;
  const auto& m = dev.load_module(ptx, "const.ptx");
  try {
    dev.launch(m, "k", {1, 1, 1}, {1, 1, 1}, 0, KernelArgs());
    FAIL();
  } catch (const Error& e) {
    expect_contains(e.what(), "pc 2 (const.ptx:9: st.u32): write to .const memory at address 0x");
  }
}

TEST(Fault, Trap) {
  std::string msg = fault_message("trap;");
  expect_located(msg, 6, "trap");
  expect_contains(msg, "trap executed");
}

TEST(Fault, IndirectCallThroughDataPointer) {
  std::string ptx = R"(.version 7.5
.target sm_80
.address_size 64
.func (.param .b32 r) f(.param .b32 a) { ret; }
.visible .entry k(.param .u64 ptr) {
  .reg .b64 %rd<3>; .reg .b32 %r<3>;
  ld.param.u64 %rd1, [ptr];
  {
  .param .b32 a0; .param .b32 r0;
  st.param.b32 [a0], 1;
  proto : .callprototype (.param .b32 _) _ (.param .b32 _);
  call (r0), %rd1, (a0), proto;
  }
  ret;
}
)";
  runtime::Device dev;
  const auto& m = dev.load_module(ptx, "icall.ptx");
  uint64_t data = dev.malloc(8);
  try {
    dev.launch(m, "k", {1, 1, 1}, {1, 1, 1}, 0, KernelArgs().add(data));
    FAIL();
  } catch (const Error& e) {
    expect_contains(e.what(), "which is not the address of a function");
    expect_contains(e.what(), "thread (0,0,0) function k");
  }
}

TEST(Fault, RunawayRecursionIsBounded) {
  std::string ptx = R"(.version 7.5
.target sm_80
.address_size 64
.func f() { call.uni f, (); ret; }
.visible .entry k() { call.uni f, (); ret; }
)";
  runtime::Device dev;
  const auto& m = dev.load_module(ptx, "deep.ptx");
  try {
    dev.launch(m, "k", {1, 1, 1}, {32, 1, 1}, 0, KernelArgs());
    FAIL();
  } catch (const Error& e) {
    expect_contains(e.what(), "call depth exceeds 1024 frames");
  }
}

TEST(Fault, RecursionWithLargeLocalFramesIsBounded) {
  std::string ptx = R"(.version 7.5
.target sm_80
.address_size 64
.func f() {
  .local .align 8 .b8 big[65536];
  call.uni f, ();
  ret;
}
.visible .entry k() { call.uni f, (); ret; }
)";
  runtime::Device dev;
  const auto& m = dev.load_module(ptx, "bigframes.ptx");
  try {
    dev.launch(m, "k", {1, 1, 1}, {32, 1, 1}, 0, KernelArgs());
    FAIL();
  } catch (const Error& e) {
    expect_contains(e.what(), "call to f would take the thread's local memory past 1048576 bytes");
    expect_contains(e.what(), "function f pc 0");
  }
}

}  // namespace
}  // namespace scwarp::test
