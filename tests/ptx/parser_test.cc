// Directives, declarations, operands and register use.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>

#include "tests/ptx/ptx_test_util.h"

namespace scwarp::ptx::test {
namespace {

const Symbol& symbol(const Module& m, const std::string& name) {
  for (const Symbol& s : m.symbols)
    if (s.name == name) return s;
  throw Error("no symbol " + name);
}

uint32_t symbol_index(const Module& m, const std::string& name) {
  return static_cast<uint32_t>(&symbol(m, name) - m.symbols.data());
}

TEST(Parser, ModuleDirectives) {
  Module m = parse_text(".version 9.0\n.target sm_80, debug\n.address_size 64\n");
  EXPECT_EQ(m.version, "9.0");
  EXPECT_EQ(m.target, "sm_80");
  EXPECT_EQ(m.address_size, 64u);
  EXPECT_EQ(m.file, "t.ptx");
  Module linkage = parse_text(".weak .global .align 4 .u32 w;\n.common .global .u32 c;\n"
                              ".visible .global .u32 v;\n.weak .func wf() { ret; }\n");
  EXPECT_EQ(linkage.global_bytes, 12u);
  EXPECT_FALSE(linkage.find_function("wf")->is_decl_only);
  EXPECT_EQ(parse_error(".version 9.0\n.address_size 32\n"),
            "t.ptx:2:1: only .address_size 64 is supported");
}

TEST(Parser, RegisterRangesAndTypes) {
  Module m = parse_text(wrap_kernel("mov.u32 %r15, %r0;"));
  const Function& k = *m.find_function("k");
  EXPECT_EQ(k.regs.size(), 8u + 8 + 16 + 16 + 16 + 16);
  uint32_t r15 = reg_index(k, "%r15");
  ASSERT_NE(r15, kNoReg);
  EXPECT_EQ(k.regs[r15].type, Type::B32);
  EXPECT_EQ(k.regs[reg_index(k, "%p7")].type, Type::Pred);
  EXPECT_EQ(reg_index(k, "%r16"), kNoReg);
  EXPECT_EQ(k.code[0].ops[0].reg, r15);
  EXPECT_EQ(k.code[0].ops[1].reg, reg_index(k, "%r0"));
}

TEST(Parser, NestedScopesDeclareNewRegistersOnlyWhenRedeclared) {
  Module m = parse_text(wrap_kernel(
      "{ .reg .b32 %t; mov.b32 %t, 1; mov.b32 %r1, %t; }\n"
      "{ .reg .b32 %t; mov.b32 %t, 2; mov.b32 %r1, %t; }\n"
      "{ mov.b32 %r1, 3; }"));
  const Function& k = *m.find_function("k");
  ASSERT_EQ(k.code.size(), 5u);
  EXPECT_NE(k.code[0].ops[0].reg, k.code[2].ops[0].reg);  // two different %t
  EXPECT_EQ(k.code[1].ops[0].reg, k.code[4].ops[0].reg);  // the outer %r1 each time
  EXPECT_EQ(parse_error(wrap_kernel("{ .reg .b32 %t; }\nmov.b32 %t, 1;")),
            "t.ptx:13:9: unknown register '%t'");
  EXPECT_EQ(parse_error(wrap_kernel(".reg .b32 %r3;")),
            "t.ptx:12:11: '%r3' is already declared in this scope");
}

const char* kCallModule = R"(.version 9.0
.target sm_75
.address_size 64
.func (.param .b32 ret) add1(.param .b32 a);
.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<3>;
  { // callseq 0
  .param .b32 param0;
  st.param.b32 [param0+0], %r1;
  .param .b32 retval0;
  call.uni (retval0), add1, (param0);
  ld.param.b32 %r2, [retval0+0];
  }
  { // callseq 1: the same names again
  .param .b32 param0;
  st.param.b32 [param0+0], %r2;
  .param .b32 retval0;
  prototype_1 : .callprototype (.param .b32 _) _ (.param .b32 _);
  mov.u64 %rd1, add1;
  call (retval0), %rd1, (param0), prototype_1;
  ld.param.b32 %r3, [retval0+0];
  }
  ret;
}
.func (.param .b32 ret) add1(.param .b32 a)
{
  .reg .b32 %r<3>;
  ld.param.b32 %r1, [a];
  add.s32 %r2, %r1, 1;
  st.param.b32 [ret], %r2;
  ret;
}
)";

TEST(Parser, CallSequencesGiveEachScopedParamItsOwnSymbol) {
  Module m = parse_text(kCallModule);
  const Function& k = *m.find_function("k");
  const Function& add1 = *m.find_function("add1");
  EXPECT_FALSE(add1.is_decl_only);
  ASSERT_EQ(add1.params.size(), 1u);
  ASSERT_EQ(add1.rets.size(), 1u);
  const Instr& direct = k.code[1];
  ASSERT_EQ(direct.op, Opcode::Call);
  EXPECT_TRUE(direct.uni);
  EXPECT_EQ(direct.callee, m.function_index.at("add1"));
  EXPECT_EQ(direct.callee_reg, kNoReg);
  ASSERT_EQ(direct.call_args.size(), 1u);
  ASSERT_EQ(direct.call_rets.size(), 1u);
  EXPECT_EQ(k.code[0].ops[0].sym, direct.call_args[0]);  // st.param targets the argument
  EXPECT_EQ(k.code[2].ops[1].sym, direct.call_rets[0]);
  const Instr& indirect = k.code[5];
  ASSERT_EQ(indirect.op, Opcode::Call);
  EXPECT_NE(indirect.call_args[0], direct.call_args[0]);  // sibling scope: new symbol
  EXPECT_NE(indirect.call_rets[0], direct.call_rets[0]);
  EXPECT_EQ(indirect.callee, kNoSym);
  EXPECT_EQ(indirect.callee_reg, reg_index(k, "%rd1"));
  ASSERT_NE(indirect.prototype, kNoSym);
  const Function& proto = m.functions[indirect.prototype];
  EXPECT_TRUE(proto.is_prototype);
  EXPECT_TRUE(proto.is_decl_only);
  EXPECT_EQ(proto.params.size(), 1u);
  EXPECT_EQ(m.find_function("prototype_1"), nullptr);  // not a callable name
  EXPECT_EQ(indirect.reads, std::vector<uint32_t>{reg_index(k, "%rd1")});
  const Operand& fn_addr = k.code[4].ops[1];
  EXPECT_EQ(fn_addr.kind, Operand::Kind::Symbol);
  EXPECT_TRUE(m.symbols[fn_addr.sym].is_function);
  EXPECT_EQ(m.symbols[fn_addr.sym].function, m.function_index.at("add1"));
}

TEST(Parser, CallArgumentCountMustMatch) {
  std::string text = kCallModule;
  text.replace(text.find("(param0);"), 9, "();");
  EXPECT_EQ(parse_error(text),
            "t.ptx:13:23: call to 'add1' passes 0 argument(s) and 1 return value(s), it takes 1 and 1");
}

TEST(Parser, OperandKinds) {
  Module m = parse_text(
      ".version 9.0\n.target sm_75\n.address_size 64\n"
      ".global .align 4 .b8 gbuf[64];\n"
      ".visible .entry k()\n{\n"
      ".reg .b32 %r<8>;\n.reg .b64 %rd<4>;\n.reg .f32 %f<4>;\n.shared .align 4 .b8 sm[32];\n"
      "mov.u32 %r1, %tid.x;\n"                    // 0
      "mov.u32 %r1, %ctaid.z;\n"                  // 1
      "mov.u32 %r1, %laneid;\n"                   // 2
      "mov.u32 %r1, %lanemask_lt;\n"              // 3
      "mov.u64 %rd1, %clock64;\n"                 // 4
      "mov.u32 %r1, %dynamic_smem_size;\n"        // 5
      "ld.global.u32 %r1, [%rd1];\n"              // 6
      "ld.global.u32 %r1, [%rd1+8];\n"            // 7
      "ld.global.u32 %r1, [%rd1+-4];\n"           // 8
      "ld.global.u32 %r1, [%rd1-4];\n"            // 9
      "ld.global.u32 %r1, [gbuf+12];\n"           // 10
      "ld.shared.u32 %r1, [128];\n"               // 11
      "mov.u64 %rd2, gbuf;\n"                     // 12
      "mov.u32 %r2, sm+4;\n"                      // 13
      "ld.shared.v4.u32 {%r1, _, %r3, %r4}, [sm];\n"  // 14
      "L1: bra.uni L1;\n"                         // 15
      "}\n");
  const Function& k = *m.find_function("k");
  auto src = [&](size_t i) { return k.code[i].ops[1]; };
  EXPECT_EQ(src(0).kind, Operand::Kind::Sreg);
  EXPECT_EQ(src(0).sreg, Sreg::Tid);
  EXPECT_EQ(src(0).comp, 0);
  EXPECT_EQ(src(1).sreg, Sreg::Ctaid);
  EXPECT_EQ(src(1).comp, 2);
  EXPECT_EQ(src(2).sreg, Sreg::Laneid);
  EXPECT_EQ(src(3).sreg, Sreg::LanemaskLt);
  EXPECT_EQ(src(4).sreg, Sreg::Clock64);
  EXPECT_EQ(src(5).sreg, Sreg::DynamicSmemSize);
  EXPECT_EQ(src(6).kind, Operand::Kind::Addr);
  EXPECT_EQ(src(6).reg, reg_index(k, "%rd1"));
  EXPECT_EQ(src(6).sym, kNoSym);
  EXPECT_EQ(src(6).imm, 0u);
  EXPECT_EQ(src(7).imm, 8u);
  EXPECT_EQ(static_cast<int64_t>(src(8).imm), -4);
  EXPECT_EQ(static_cast<int64_t>(src(9).imm), -4);
  EXPECT_EQ(src(10).reg, kNoReg);
  EXPECT_EQ(src(10).sym, symbol_index(m, "gbuf"));
  EXPECT_EQ(src(10).imm, 12u);
  EXPECT_EQ(src(11).reg, kNoReg);
  EXPECT_EQ(src(11).sym, kNoSym);
  EXPECT_EQ(src(11).imm, 128u);
  EXPECT_EQ(src(12).kind, Operand::Kind::Symbol);
  EXPECT_EQ(src(12).sym, symbol_index(m, "gbuf"));
  EXPECT_EQ(src(13).sym, symbol_index(m, "sm"));
  EXPECT_EQ(src(13).imm, 4u);
  const Operand& vec = k.code[14].ops[0];
  EXPECT_EQ(vec.kind, Operand::Kind::Vec);
  EXPECT_EQ(vec.vec_count, 4);
  EXPECT_EQ(vec.vec[0], reg_index(k, "%r1"));
  EXPECT_EQ(vec.vec[1], kNoReg);
  EXPECT_EQ(k.code[14].writes.size(), 3u);
  EXPECT_EQ(k.code[15].ops[0].kind, Operand::Kind::Label);
  EXPECT_EQ(k.code[15].ops[0].target, 15u);
  EXPECT_EQ(k.labels.at("L1"), 15u);
}

uint64_t imm_of(const std::string& line, size_t operand) {
  return parse_one(line).ops.at(operand).imm;
}

TEST(Parser, ImmediatesAreRawBitsOfTheOperandType) {
  EXPECT_EQ(imm_of("mov.f32 %f1, 0f3F800000;", 1), 0x3f800000u);
  EXPECT_EQ(imm_of("add.f32 %f1, %f2, 1;", 2), 0x3f800000u);  // integer in an f32 op
  EXPECT_EQ(imm_of("add.f32 %f1, %f2, -0f40000000;", 2), 0xc0000000u);
  EXPECT_EQ(imm_of("mov.f64 %fd1, 0d3FF0000000000000;", 1), 0x3ff0000000000000u);
  EXPECT_EQ(imm_of("mul.f64 %fd1, %fd2, 2;", 2), std::bit_cast<uint64_t>(2.0));
  EXPECT_EQ(imm_of("mov.b32 %r1, 0f3F800000;", 1), 0x3f800000u);
  EXPECT_EQ(imm_of("mov.u32 %r1, 0x7fffffff;", 1), 0x7fffffffu);
  EXPECT_EQ(imm_of("mov.u32 %r1, 017;", 1), 15u);
  EXPECT_EQ(imm_of("mul.wide.s32 %rd1, %r1, -4;", 2), 0xfffffffcu);
  EXPECT_EQ(imm_of("mad.wide.u32 %rd1, %r1, %r2, -1;", 3), 0xffffffffffffffffull);
  EXPECT_EQ(imm_of("cvt.rn.f32.s32 %f1, -1;", 1), 0xffffffffu);  // source type s32
  EXPECT_EQ(imm_of("setp.lt.f32 %p1, %f1, 2;", 2), 0x40000000u);  // comparison type f32
  EXPECT_EQ(imm_of("selp.f32 %f1, 1, 0, %p1;", 1), 0x3f800000u);
  EXPECT_EQ(imm_of("shl.b64 %rd1, %rd2, 3;", 2), 3u);
  EXPECT_EQ(imm_of("add.s64 %rd1, %rd2, -1;", 2), 0xffffffffffffffffull);
  EXPECT_EQ(imm_of("mov.pred %p1, 1;", 1), 1u);
  EXPECT_EQ(imm_of("vote.sync.all.pred %p1, %p2, -1;", 2), 0xffffffffu);
  EXPECT_EQ(imm_of("st.global.f32 [%rd1], 0f00000000;", 1), 0u);
  EXPECT_EQ(imm_of("mov.f32 %f1, 1.5;", 1), std::bit_cast<uint32_t>(1.5f));
}

TEST(Parser, RegisterReadsAndWrites) {
  Module m = parse_text(wrap_kernel(
      "@%p1 add.s32 %r1, %r2, %r3;\n"
      "st.global.v2.f32 [%rd1], {%f1, %f2};\n"
      "setp.lt.and.s32 %p2|%p3, %r1, %r2, %p4;\n"
      "atom.global.cas.b32 %r4, [%rd2+4], %r5, %r6;\n"
      "shfl.sync.bfly.b32 %r7|%p5, %r8, 1, 31, -1;\n"
      "add.s32 %r9, %r9, %r9;"));
  const Function& k = *m.find_function("k");
  auto R = [&](const char* n) { return reg_index(k, n); };
  using V = std::vector<uint32_t>;
  EXPECT_EQ(k.code[0].reads, (V{R("%p1"), R("%r2"), R("%r3")}));
  EXPECT_EQ(k.code[0].writes, (V{R("%r1")}));
  EXPECT_EQ(k.code[1].reads, (V{R("%rd1"), R("%f1"), R("%f2")}));
  EXPECT_TRUE(k.code[1].writes.empty());
  EXPECT_EQ(k.code[2].writes, (V{R("%p2"), R("%p3")}));
  EXPECT_EQ(k.code[2].dst_pred, R("%p3"));
  EXPECT_EQ(k.code[2].ops.size(), 4u);  // the |p destination is not an operand
  EXPECT_EQ(k.code[2].reads, (V{R("%r1"), R("%r2"), R("%p4")}));
  EXPECT_EQ(k.code[3].reads, (V{R("%rd2"), R("%r5"), R("%r6")}));
  EXPECT_EQ(k.code[3].writes, (V{R("%r4")}));
  EXPECT_EQ(k.code[4].writes, (V{R("%r7"), R("%p5")}));
  EXPECT_EQ(k.code[5].reads, (V{R("%r9")}));
}

TEST(Parser, VariablesWithInitialisers) {
  Module m = parse_text(R"(.version 9.0
.target sm_75
.address_size 64
.global .align 4 .u32 tab[4] = {1, 2, -3};
.const .align 4 .f32 cf[2] = {0f3F800000, 1.5};
.global .align 1 .b8 bytes[] = {1, 2, 3};
.global .f64 dd = 0d4000000000000000;
.global .align 8 .u64 ptrs[2] = {generic(tab)+4, tab};
.const .align 4 .b32 grid[2][2] = {{1, 2}, {3, 4}};
.func f() { ret; }
.global .align 8 .u64 fptr[1] = {f};
)");
  const Symbol& tab = symbol(m, "tab");
  EXPECT_EQ(tab.space, Space::Global);
  EXPECT_EQ(tab.size, 16u);
  ASSERT_EQ(tab.init.size(), 16u);
  uint32_t words[4];
  std::memcpy(words, tab.init.data(), 16);
  EXPECT_EQ(words[0], 1u);
  EXPECT_EQ(words[2], 0xfffffffdu);
  EXPECT_EQ(words[3], 0u);  // missing initialisers are zero
  const Symbol& cf = symbol(m, "cf");
  EXPECT_EQ(cf.space, Space::Const);
  float floats[2];
  std::memcpy(floats, cf.init.data(), 8);
  EXPECT_EQ(floats[0], 1.0f);
  EXPECT_EQ(floats[1], 1.5f);
  EXPECT_EQ(symbol(m, "bytes").size, 3u);
  EXPECT_EQ(symbol(m, "bytes").init, (std::vector<uint8_t>{1, 2, 3}));
  double dd;
  std::memcpy(&dd, symbol(m, "dd").init.data(), 8);
  EXPECT_EQ(dd, 2.0);
  const Symbol& ptrs = symbol(m, "ptrs");
  ASSERT_EQ(ptrs.init_addrs.size(), 2u);
  EXPECT_EQ(ptrs.init_addrs[0], (std::pair<uint64_t, uint32_t>{0, symbol_index(m, "tab")}));
  EXPECT_EQ(ptrs.init_addrs[1], (std::pair<uint64_t, uint32_t>{8, symbol_index(m, "tab")}));
  EXPECT_EQ(ptrs.init[0], 4);  // the addend
  EXPECT_EQ(ptrs.init[8], 0);
  EXPECT_EQ(symbol(m, "grid").size, 16u);
  EXPECT_EQ(symbol(m, "grid").init[12], 4);
  const Symbol& fptr = symbol(m, "fptr");
  ASSERT_EQ(fptr.init_addrs.size(), 1u);
  EXPECT_TRUE(m.symbols[fptr.init_addrs[0].second].is_function);
}

TEST(Parser, FunctionDeclarationThenDefinitionShareOneSlot) {
  Module m = parse_text(kCallModule);
  size_t named = 0;
  for (const Function& f : m.functions)
    if (f.name == "add1") ++named;
  EXPECT_EQ(named, 1u);
  uint32_t add1 = m.function_index.at("add1");
  size_t owned_params = 0;
  for (const Symbol& s : m.symbols)
    if (s.owner == add1 && s.space == Space::Param) ++owned_params;
  EXPECT_EQ(owned_params, 2u);  // the definition's symbols replaced the declaration's
  EXPECT_EQ(m.symbols[m.functions[add1].params[0]].name, "a");
  std::string mismatch = kCallModule;
  mismatch.replace(mismatch.rfind("(.param .b32 a)"), 15, "(.param .b32 a, .param .b32 b)");
  EXPECT_EQ(parse_error(mismatch),
            "t.ptx:27:25: 'add1' was declared with 1 return value(s) and 1 parameter(s)");
  Module ext = parse_text(".version 9.0\n.target sm_75\n.address_size 64\n"
                          ".extern .func (.param .b32 r) ext(.param .b32 a);\n");
  ASSERT_NE(ext.find_function("ext"), nullptr);
  EXPECT_TRUE(ext.find_function("ext")->is_decl_only);
  EXPECT_EQ(ext.find_function("ext")->line, 4u);
  EXPECT_EQ(ext.find_function("ext")->col, 9u);  // the .func keyword
  EXPECT_EQ(m.find_function("add1")->line, 27u);  // the definition's position
  EXPECT_EQ(parse_error(std::string(kCallModule) + ".func (.param .b32 ret) add1(.param .b32 a) { ret; }\n"),
            "t.ptx:35:25: redefinition of function 'add1'");
}

TEST(Parser, PerformanceDirectivesPragmasAndDebugInfo) {
  Module m = parse_text(R"(//
// Generated by NVIDIA NVVM Compiler
.version 9.0
.target sm_75
.address_size 64
.file 1 "/tmp/x.cu", 1700000000, 1234
.pragma "nounroll";
.visible .entry k(.param .u32 n) .maxntid 256, 1, 1 .minnctapersm 2
{
  .reg .b32 %r<3>;
  .loc 1 5 3
  ld.param.u32 %r1, [n];
  .loc 1 6 7, function_name $L__info_string0, inlined_at 1 9 2
$L__BB0_1:
  .pragma "nounroll";
  add.s32 %r1, %r1, -1;
  /* block */ ret;
}
.entry r() .reqntid 64, 2 .maxnreg 32 { ret; }
.func f() .noreturn { trap; }
.section .debug_info
{
  .b32 152
  .b8 2, 0
  .b64 $L__func_begin0
}
)");
  const Function& k = *m.find_function("k");
  EXPECT_TRUE(k.is_entry);
  EXPECT_EQ(k.maxntid[0], 256u);
  EXPECT_EQ(k.maxntid[1], 1u);
  EXPECT_EQ(k.minnctapersm, 2u);
  ASSERT_EQ(k.code.size(), 3u);
  EXPECT_EQ(k.code[1].line, 16u);
  EXPECT_EQ(k.labels.at("$L__BB0_1"), 1u);
  const Function& r = *m.find_function("r");
  EXPECT_EQ(r.reqntid[0], 64u);
  EXPECT_EQ(r.reqntid[1], 2u);
  EXPECT_EQ(r.reqntid[2], 1u);
  EXPECT_EQ(r.maxnreg, 32u);
  EXPECT_FALSE(m.find_function("f")->is_entry);
}

}  // namespace
}  // namespace scwarp::ptx::test
