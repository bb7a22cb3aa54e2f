#include "sc_model/ptx/lexer.h"

#include <gtest/gtest.h>

#include "sc_model/common/error.h"

namespace scwarp::ptx {
namespace {

TEST(Lexer, TokensCarryLineAndColumn) {
  auto toks = tokenize("ld.global.f32 %f1, [%rd2+-4];\n  @!%p1 bra $L__BB0_2;", "a.ptx");
  ASSERT_EQ(toks.size(), 17u);
  EXPECT_EQ(toks[0].text, "ld.global.f32");
  EXPECT_EQ(toks[0].kind, TokenKind::Word);
  EXPECT_EQ(toks[1].text, "%f1");
  EXPECT_EQ(toks[1].col, 15u);
  EXPECT_TRUE(toks[3].is('['));
  EXPECT_TRUE(toks[5].is('+'));
  EXPECT_TRUE(toks[6].is('-'));
  EXPECT_EQ(toks[7].kind, TokenKind::Number);
  EXPECT_EQ(toks[10].line, 2u);
  EXPECT_EQ(toks[10].col, 3u);
  EXPECT_TRUE(toks[10].is('@'));
  EXPECT_EQ(toks[13].text, "bra");
  EXPECT_EQ(toks[14].text, "$L__BB0_2");
  EXPECT_EQ(toks.back().kind, TokenKind::End);
}

TEST(Lexer, SkipsBothCommentStylesAndKeepsPositions) {
  auto toks = tokenize("// line comment\n/* block\n comment */ ret; // tail", "a.ptx");
  ASSERT_EQ(toks.size(), 3u);
  EXPECT_EQ(toks[0].text, "ret");
  EXPECT_EQ(toks[0].line, 3u);
  EXPECT_EQ(toks[0].col, 13u);
}

TEST(Lexer, NumbersAndQualifiedSuffixes) {
  auto toks = tokenize("0f3F800000 0d4000000000000000 1.5e-3 0x1E ld.global.L2::128B.b32", "a");
  ASSERT_EQ(toks.size(), 6u);
  EXPECT_EQ(toks[0].text, "0f3F800000");
  EXPECT_EQ(toks[2].text, "1.5e-3");
  EXPECT_EQ(toks[3].text, "0x1E");
  EXPECT_EQ(toks[4].text, "ld.global.L2::128B.b32");
}

TEST(Lexer, StringsAndHexWithExponentLetters) {
  auto toks = tokenize(".pragma \"nounroll\"; 0x1e-1", "a");
  EXPECT_EQ(toks[1].kind, TokenKind::String);
  EXPECT_EQ(toks[1].text, "nounroll");
  // In hex, 'e' is a digit: "-1" is a separate subtraction.
  EXPECT_EQ(toks[3].text, "0x1e");
  EXPECT_TRUE(toks[4].is('-'));
}

TEST(Lexer, RejectsStrayCharactersWithPosition) {
  try {
    tokenize("ret;\n  add # x", "bad.ptx");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "bad.ptx:2:7: unexpected character '#'");
  }
}

TEST(Lexer, RejectsUnterminatedComment) {
  EXPECT_THROW(tokenize("ret; /* never closed", "a"), Error);
}

}  // namespace
}  // namespace scwarp::ptx
