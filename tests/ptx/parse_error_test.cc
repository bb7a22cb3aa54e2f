// Malformed input: the exact file:line:col and message.
#include <gtest/gtest.h>

#include "tests/ptx/ptx_test_util.h"

namespace scwarp::ptx::test {
namespace {

struct ErrorCase {
  const char* body;
  const char* expected;  // message after "t.ptx:"
};

TEST(ParseError, MalformedKernelBodies) {
  const ErrorCase cases[] = {
      {"add.s32 %r1, %r2, ];", "12:19: expected an operand, got ']'"},
      {"add.s32 %r1, %r99, 1;", "12:14: unknown register '%r99'"},
      {"bra $L_nowhere;", "12:5: undefined label '$L_nowhere'"},
      {"add.s32 %r1, %r2, 1\nret;", "13:1: expected ',' or ';', got 'ret'"},
      {"mov.b32 %r1, 1.5;", "12:14: '1.5' is not a valid .b32 immediate"},
      {"mov.f32 %f1, 0f3F80;", "12:14: expected a number, got '0f3F80'"},
      {"ld.global.u32 %r1, [%rd1+];", "12:26: expected an offset, got ']'"},
      {"ld.global.u32 %r1, [%rd1;", "12:25: expected ']', got ';'"},
      {"mov.u64 %rd1, nosuch;", "12:15: unknown symbol 'nosuch'"},
      {"mov.u32 %r1, %tid.w;", "12:14: unknown register '%tid.w'"},
      {"mov.u32 %r1, %envreg32;", "12:14: unknown register '%envreg32'"},
      {"mov.u32 %r1, %envreg01;", "12:14: unknown register '%envreg01'"},
      {"ld.global.v4.u32 {%r1,%r2,%r3,%r4,%r5}, [%rd1];",
       "12:35: a vector operand has at most 4 elements"},
      {"L: ret;\nL: ret;", "13:1: duplicate label 'L'"},
      {"@%q1 ret;", "12:2: unknown register '%q1'"},
      {"@!%r1 ret;", "12:3: guard '%r1' is not a .pred register"},
      {"%r1 = 3;", "12:1: expected an instruction, got '%r1'"},
      {".reg .b33 %x;", "12:6: expected a type, .align or variable name, got '.b33'"},
      {".reg .b32 %x<>;", "12:14: expected a register count, got '>'"},
      {"call.uni nosuch, ();", "12:10: unknown function 'nosuch'"},
      {"call.uni (%r1), k;", "12:11: '%r1' is not a .param variable"},
      {"call %rd1, ();", "12:6: an indirect call needs a .callprototype"},
      {"setp.lt.s32 %p1|, %r1, %r2;", "12:17: expected a predicate register, got ','"},
      {".shared .b8 s[];", "12:13: array 's' has no size"},
  };
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.body);
    EXPECT_EQ(parse_error(wrap_kernel(c.body)), std::string("t.ptx:") + c.expected);
  }
}

// fuzz_functional's first finding: %x<4000000000> made every register one by
// one. Now the count is refused where it stands; wrap_kernel declares 80.
TEST(ParseError, RegisterCountPerFunctionIsBounded) {
  EXPECT_EQ(parse_error(wrap_kernel(".reg .b64 %x<4000000000>;")),
            "t.ptx:12:14: too many registers: a function may declare at most 65536, this declaration brings it to "
            "4000000080");
  // The limit counts every declaration of the function: 80 + 65456 fit...
  const Module m = parse_text(wrap_kernel(".reg .b32 %x<65456>;"));
  EXPECT_EQ(m.functions[0].regs.size(), 65536u);
  // ...and one more, range or single, does not.
  EXPECT_EQ(parse_error(wrap_kernel(".reg .b32 %x<65456>;\n.reg .pred %y;")),
            "t.ptx:13:12: too many registers: a function may declare at most 65536, this declaration brings it to 65537");
}

// fuzz_functional's second finding: 15 169 nested braces in an initialiser
// recursed until the stack overflowed. Now 32 levels is the most.
TEST(ParseError, InitializerBraceDepthIsBounded) {
  const std::string head = ".version 7.0\n.target sm_52\n.address_size 64\n.global .b8 g[1] = ";
  const auto nested = [&](unsigned depth) {
    return head + std::string(depth, '{') + "7" + std::string(depth, '}') + ";\n";
  };
  EXPECT_EQ(parse_text(nested(32)).symbols.at(0).init, std::vector<uint8_t>{7});
  EXPECT_EQ(parse_error(nested(33)), "t.ptx:4:52: initialiser braces nested deeper than 32");
  EXPECT_EQ(parse_error(nested(100000)), "t.ptx:4:52: initialiser braces nested deeper than 32");
}

TEST(ParseError, OperandShapesPerOpcode) {
  const ErrorCase cases[] = {
      {"add.s32 %r1, %r2;", "12:1: 'add.s32' takes 3 operand(s), got 2"},
      {"ret %r1;", "12:1: 'ret' takes 0 operand(s), got 1"},
      {"shfl.sync.up.b32 %r1, %r2, 1;", "12:1: 'shfl.sync.up.b32' takes 4 or 5 operand(s), got 3"},
      {"setp.lt.s32 %p1, %r1, %r2, %p2;", "12:1: 'setp.lt.s32' takes 3 operand(s), got 4"},
      {"setp.lt.or.s32 %p1, %r1, %r2;", "12:1: 'setp.lt.or.s32' takes 4 operand(s), got 3"},
      {"atom.global.cas.b32 %r1, [%rd1], %r2;", "12:1: 'atom.global.cas.b32' takes 4 operand(s), got 3"},
      {"ld.global.u32 %r1, %rd1;", "12:1: operand 2 of 'ld.global.u32' must be an [address]"},
      {"st.global.u32 %rd1, %r1;", "12:1: operand 1 of 'st.global.u32' must be an [address]"},
      {"add.s32 1, %r2, %r3;", "12:1: operand 1 of 'add.s32' must be a register"},
      {"mov.u32 %tid.x, %r1;", "12:1: operand 1 of 'mov.u32' must be a register"},
      {"add.s32 %r1, [%rd1], 1;", "12:1: operand 2 of 'add.s32' must be a register or value"},
      {"ld.global.v2.u32 %r1, [%rd1];", "12:1: 'ld.global.v2.u32' needs a vector of 2 registers"},
      {"st.global.v4.f32 [%rd1], {%f1, %f2};", "12:1: 'st.global.v4.f32' needs a vector of 4 registers"},
      {"ld.global.u32 {%r1, %r2}, [%rd1];", "12:1: 'ld.global.u32' takes a scalar operand, not a vector"},
      {"tex.2d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [%rd1, {%f5}];", "12:1: 'tex.2d.v4.f32.f32' needs 2 coordinate(s), got 1"},
      {"tex.2d.v4.f32.f32 {%f1,%f2}, [%rd1, {%f5,%f6}];", "12:1: 'tex.2d.v4.f32.f32' loads a vector of 4 register(s)"},
      {"tex.level.2d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [%rd1, {%f5,%f6}];",
       "12:1: 'tex.level.2d.v4.f32.f32' needs its level operand(s)"},
      {"sust.b.2d.v2.b32.trap [%rd1, {%r1,%r2}], %r3;", "12:1: 'sust.b.2d.v2.b32.trap' stores a vector of 2 register(s)"},
      {"tex.2d.v4.f32.f32 {%f1,%f2,%f3,%f4}, [%rd1 {%f5,%f6}];",
       "12:44: expected ',' after the texture or surface handle, got '{'"},
      {"txq.width.b32 %r1, %rd1;", "12:1: operand 2 of 'txq.width.b32' must be an [address]"},
      {"sust.b.1d.b32.trap [%rd1, {%r1}], 7;", "12:1: 'sust.b.1d.b32.trap' stores registers"},
  };
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.body);
    EXPECT_EQ(parse_error(wrap_kernel(c.body)), std::string("t.ptx:") + c.expected);
  }
}

TEST(ParseError, ModuleLevel) {
  EXPECT_EQ(parse_error(".version 9.0\n.bogus 1;\n"),
            "t.ptx:2:1: expected a module directive, got '.bogus'");
  EXPECT_EQ(parse_error(".version 9.0\nret;\n"), "t.ptx:2:1: expected a directive, got 'ret'");
  EXPECT_EQ(parse_error(".version\n"), "t.ptx:2:1: expected a version number, got 'end of file'");
  EXPECT_EQ(parse_error(".entry k()\n{\n ret;\n"), "t.ptx:4:1: expected '}', got 'end of file'");
  EXPECT_EQ(parse_error(".entry k(.param .u32)\n{ ret; }"),
            "t.ptx:1:21: expected a parameter name, got ')'");
  EXPECT_EQ(parse_error(".entry k(.reg .u32 a)\n{ ret; }"), "t.ptx:1:10: expected '.param', got '.reg'");
  EXPECT_EQ(parse_error(".entry k() .maxntid { ret; }"),
            "t.ptx:1:21: expected a thread count, got '{'");
  EXPECT_EQ(parse_error(".global .u32 x = {1, 2};"), "t.ptx:1:14: too many initialisers for 'x'");
  EXPECT_EQ(parse_error(".global .u32 x = {1 2};"), "t.ptx:1:21: expected ',' or '}', got '2'");
  EXPECT_EQ(parse_error(".global .u32 x = 0f3F800000;\n.global .u32 y = 1.5;"),
            "t.ptx:2:18: '1.5' is not a valid .u32 value");
  EXPECT_EQ(parse_error(".global .u32 p = {nothing};"), "t.ptx:1:19: unknown symbol 'nothing'");
  EXPECT_EQ(parse_error(".global .u32 a;\n.global .u32 p = {a};"),
            "t.ptx:2:19: a symbol address needs a 64-bit initialiser element");
  EXPECT_EQ(parse_error(".global .u32 a;\n.global .u32 a;"),
            "t.ptx:2:14: 'a' is already declared in this scope");
  EXPECT_EQ(parse_error(".extern .global .u32 a;"),
            "t.ptx:1:17: extern .global/.const variables (defined in another module) are not supported");
  EXPECT_EQ(parse_error(".func f() { .shared .u32 s; ret; }"),
            "t.ptx:1:13: a .shared variable inside a non-kernel function is not supported");
  EXPECT_EQ(parse_error(".version 9.0\n.global .u32 x; /* open"), "t.ptx:2:17: unterminated comment");
  EXPECT_EQ(parse_error(".local .u32 x;"), "t.ptx:1:1: module-scope .local variables are not supported");
  EXPECT_EQ(parse_error(".visible .version 9.0"),
            "t.ptx:1:10: expected a function or variable declaration, got '.version'");
}

TEST(ParseError, FileThatCannotBeOpenedIsNamed) {
  try {
    parse_module_file("/nonexistent/dir/x.ptx");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "/nonexistent/dir/x.ptx: cannot open PTX file");
  }
}

}  // namespace
}  // namespace scwarp::ptx::test

namespace scwarp::ptx::test {
namespace {

TEST(ParseModuleFile, RefusesAFolderAndADevice) {
  for (const char* path : {"/tmp", "/dev/zero"}) {
    try {
      parse_module_file(path);
      FAIL() << path << " was accepted";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("not a regular file"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace scwarp::ptx::test
