// Directed printer cases: tricky syntax prints as PTX that reads back to the
// same IR, and module_difference() notices a real change.
#include <gtest/gtest.h>

#include "sc_model/ptx/printer.h"
#include "tests/ptx/ptx_test_util.h"

namespace scwarp::ptx {
namespace {

using test::parse_text;
using test::wrap_kernel;

// Prints `text`'s module, checks the round trip, returns the printed text.
std::string round_trip(const std::string& text) {
  Module original = parse_text(text);
  std::string printed = print_module(original);
  Module reparsed = parse_text(printed);
  EXPECT_EQ(module_difference(original, reparsed), "") << printed;
  EXPECT_EQ(print_module(reparsed), printed);
  return printed;
}

std::string first_instruction(const std::string& body) {
  Module m = parse_text(wrap_kernel(body));
  const Function& k = *m.find_function("k");
  return print_instruction(m, k, k.code.at(0));
}

TEST(Printer, PredicatesGuardsAndSecondDestinations) {
  EXPECT_EQ(first_instruction("@!%p1 add.s32 %r1, %r2, -4;"), "@!%p1 add.s32 %r1, %r2, -4;");
  EXPECT_EQ(first_instruction("setp.lt.and.s32 %p1|%p2, %r1, %r2, !%p3;"),
            "setp.lt.and.s32 %p1|%p2, %r1, %r2, !%p3;");
  EXPECT_EQ(first_instruction("shfl.sync.bfly.b32 %r1|%p1, %r2, 16, 31, -1;"),
            "shfl.sync.bfly.b32 %r1|%p1, %r2, 16, 31, 4294967295;");
  round_trip(wrap_kernel("@%p1 bra L1;\nL1:\n@!%p2 selp.b32 %r1, %r2, 7, %p3;\nret;"));
}

TEST(Printer, ImmediatesKeepTheirExactBits) {
  // Floats print as hex bits so no decimal rounding can change them.
  EXPECT_EQ(first_instruction("mov.f32 %f1, 0.1;"), "mov.f32 %f1, 0f3DCCCCCD;");
  EXPECT_EQ(first_instruction("mov.f64 %fd1, -2.5;"), "mov.f64 %fd1, 0dC004000000000000;");
  EXPECT_EQ(first_instruction("add.s64 %rd1, %rd2, -0x10;"), "add.s64 %rd1, %rd2, -16;");
  EXPECT_EQ(first_instruction("mov.b32 %r1, 0fBF800000;"), "mov.b32 %r1, 3212836864;");
  EXPECT_EQ(first_instruction("shl.b64 %rd1, %rd2, WARP_SZ;"), "shl.b64 %rd1, %rd2, 32;");
  round_trip(wrap_kernel("mov.s16 %h1, -32768;\nmov.u64 %rd1, 0xffffffffffffffff;\n"
                         "mul.f32 %f1, %f2, 0f7F800000;\nret;"));
}

TEST(Printer, VectorsAndAddressesWithOffsets) {
  EXPECT_EQ(first_instruction("ld.global.nc.v4.f32 {%f1, %f2, _, %f4}, [%rd1+-16];"),
            "ld.global.nc.v4.f32 {%f1, %f2, _, %f4}, [%rd1+-16];");
  EXPECT_EQ(first_instruction("st.shared.v2.u32 [%rd1-8], {%r1, %r2};"), "st.shared.v2.u32 [%rd1+-8], {%r1, %r2};");
  EXPECT_EQ(first_instruction("ld.param.u64 %rd1, [p0+0];"), "ld.param.u64 %rd1, [p0];");
  EXPECT_EQ(first_instruction("atom.relaxed.gpu.global.cas.b32 %r1, [%rd1+4], %r2, %r3;"),
            "atom.relaxed.gpu.global.cas.b32 %r1, [%rd1+4], %r2, %r3;");
  EXPECT_EQ(first_instruction("ld.u32 %r1, [64];"), "ld.u32 %r1, [64];");
}

TEST(Printer, OpcodeSuffixOrderFollowsPtx) {
  EXPECT_EQ(first_instruction("cvt.rni.sat.s32.f32 %r1, %f1;"), "cvt.rni.sat.s32.f32 %r1, %f1;");
  EXPECT_EQ(first_instruction("mad.lo.cc.u32 %r1, %r2, %r3, %r4;"), "mad.lo.cc.u32 %r1, %r2, %r3, %r4;");
  EXPECT_EQ(first_instruction("rcp.approx.ftz.f64 %fd1, %fd2;"), "rcp.approx.ftz.f64 %fd1, %fd2;");
  EXPECT_EQ(first_instruction("cvta.to.global.u64 %rd1, %rd2;"), "cvta.to.global.u64 %rd1, %rd2;");
  EXPECT_EQ(first_instruction("membar.gl;"), "membar.gl;");
  EXPECT_EQ(first_instruction("vote.sync.ballot.b32 %r1, %p1, -1;"), "vote.sync.ballot.b32 %r1, %p1, 4294967295;");
  EXPECT_EQ(first_instruction("match.any.sync.b32 %r1, %r2, -1;"), "match.any.sync.b32 %r1, %r2, 4294967295;");
  EXPECT_EQ(first_instruction("shf.l.wrap.b32 %r1, %r2, %r3, %r4;"), "shf.l.wrap.b32 %r1, %r2, %r3, %r4;");
  EXPECT_EQ(first_instruction("prmt.b32.f4e %r1, %r2, %r3, %r4;"), "prmt.b32.f4e %r1, %r2, %r3, %r4;");
  EXPECT_EQ(first_instruction("bar.red.popc.u32 %r1, 0, %p1;"), "bar.red.popc.u32 %r1, 0, %p1;");
  EXPECT_EQ(first_instruction("mov.u32 %r1, %ctaid.y;"), "mov.u32 %r1, %ctaid.y;");
}

TEST(Printer, CallsWithParamsInTheirOwnBlocks) {
  std::string printed = round_trip(
      ".version 8.0\n.target sm_75\n.address_size 64\n"
      ".func (.param .b32 r) f(.param .b32 a);\n"
      ".visible .entry k(.param .u64 p0)\n{\n.reg .b32 %r<3>;\n.reg .b64 %rd<2>;\n"
      "{\n.reg .b32 temp_param_reg;\n.param .b32 param0;\nst.param.b32 [param0], %r1;\n"
      ".param .b32 retval0;\ncall.uni (retval0), f, (param0);\nld.param.b32 %r2, [retval0];\n}\n"
      "mov.u64 %rd1, f;\n"
      "{\n.param .b32 param0;\nst.param.b32 [param0], %r2;\n.param .b32 retval0;\n"
      "proto: .callprototype (.param .b32 _) _ (.param .b32 _);\n"
      "call (retval0), %rd1, (param0), proto;\nld.param.b32 %r1, [retval0];\n}\nret;\n}\n"
      ".func (.param .b32 r) f(.param .b32 a)\n{\n.reg .b32 %r<2>;\nld.param.b32 %r1, [a];\n"
      "st.param.b32 [r], %r1;\nret;\n}\n");
  EXPECT_NE(printed.find("call.uni (retval0), f, (param0);"), std::string::npos);
  EXPECT_NE(printed.find("call (retval0), %rd1, (param0), proto;"), std::string::npos);
  EXPECT_NE(printed.find("\t{\n\t\t.reg .b32 temp_param_reg;"), std::string::npos);
}

TEST(Printer, SharedArraysAndInitialisedGlobals) {
  std::string printed = round_trip(
      ".version 8.0\n.target sm_75\n.address_size 64\n"
      ".global .align 4 .b8 bytes[5] = {1, 2, 255};\n"
      ".const .f32 coeff[2] = {0.5, -1.0};\n"
      ".global .s32 minus_one = -1;\n"
      ".global .u64 ptrs[2] = {generic(bytes)+4, 0};\n"
      ".extern .shared .align 16 .b8 dyn[];\n"
      ".visible .entry k(.param .align 8 .b8 blob[24])\n.maxntid 128, 1, 1\n{\n"
      ".shared .align 8 .f64 tile[2][32];\n.local .align 4 .b8 depot[16];\n.reg .b64 %rd<2>;\n"
      "mov.u64 %rd1, tile+8;\nret;\n}\n");
  EXPECT_NE(printed.find(".global .align 4 .b8 bytes[5] = {1, 2, 255, 0, 0};"), std::string::npos);
  EXPECT_NE(printed.find(".const .f32 coeff[2] = {0f3F000000, 0fBF800000};"), std::string::npos);
  EXPECT_NE(printed.find(".global .s32 minus_one = -1;"), std::string::npos);
  EXPECT_NE(printed.find("{generic(bytes)+4, 0}"), std::string::npos);
  EXPECT_NE(printed.find(".extern .shared .align 16 .b8 dyn[];"), std::string::npos);
  EXPECT_NE(printed.find(".shared .f64 tile[64];"), std::string::npos);
  EXPECT_NE(printed.find(".maxntid 128, 1, 1"), std::string::npos);
}

TEST(Printer, LabelsAtTheEndAndSharedByOneInstruction) {
  round_trip(wrap_kernel("A:\nB:\n@%p1 bra B;\nbra.uni End;\n{\n.reg .b32 %t;\nmov.b32 %t, 1;\n}\nEnd:"));
}

TEST(Printer, RefusesUnsupportedInstructions) {
  Module m = parse_text(wrap_kernel("sured.b.add.1d.u32.trap [%rd1, {%r1}], %r1;\nret;"));
  EXPECT_THROW(print_module(m), Error);
}

TEST(ModuleDifference, NamesWhatChanged) {
  Module a = parse_text(wrap_kernel("add.s32 %r1, %r2, 3;\nret;"));
  Module b = parse_text(wrap_kernel("add.s32 %r1, %r2, 4;\nret;"));
  EXPECT_EQ(module_difference(a, a), "");
  EXPECT_EQ(module_difference(a, b), "function 'k' instruction 0 ('add.s32'): operand 2: immediate differs");
  Module c = parse_text(wrap_kernel("sub.s32 %r1, %r2, 3;\nret;"));
  EXPECT_EQ(module_difference(a, c), "function 'k' instruction 0 ('add.s32'): opcode differs");
}

}  // namespace
}  // namespace scwarp::ptx
