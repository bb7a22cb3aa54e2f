#include "sc_model/ptx/literal.h"

#include <gtest/gtest.h>

#include <bit>

namespace scwarp::ptx {
namespace {

uint64_t bits(const char* text, bool negative, Type t) {
  auto lit = parse_literal(text);
  EXPECT_TRUE(lit.has_value()) << text;
  if (!lit) return 0xdeadbeef;
  auto b = literal_bits(*lit, negative, t);
  EXPECT_TRUE(b.has_value()) << text;
  return b.value_or(0xdeadbeef);
}

TEST(Literal, IntegerBases) {
  EXPECT_EQ(bits("42", false, Type::U32), 42u);
  EXPECT_EQ(bits("0x2A", false, Type::U32), 42u);
  EXPECT_EQ(bits("052", false, Type::U32), 42u);
  EXPECT_EQ(bits("0b101010", false, Type::U32), 42u);
  EXPECT_EQ(bits("0", false, Type::U32), 0u);
  EXPECT_EQ(bits("4294967295U", false, Type::U32), 0xffffffffu);
}

TEST(Literal, NegativeIntegersAreTruncatedTwosComplement) {
  EXPECT_EQ(bits("3", true, Type::S32), 0xfffffffdu);
  EXPECT_EQ(bits("1", true, Type::B64), 0xffffffffffffffffull);
  EXPECT_EQ(bits("1", true, Type::S16), 0xffffu);
  EXPECT_EQ(bits("0x1ff", false, Type::U8), 0xffu);
}

TEST(Literal, FloatBitPatterns) {
  EXPECT_EQ(bits("0f3F800000", false, Type::F32), 0x3f800000u);
  EXPECT_EQ(bits("0f3F800000", true, Type::F32), 0xbf800000u);
  EXPECT_EQ(bits("0d4000000000000000", false, Type::F64), 0x4000000000000000ull);
  // Other precision: converted by value.
  EXPECT_EQ(bits("0f3F800000", false, Type::F64), std::bit_cast<uint64_t>(1.0));
  EXPECT_EQ(bits("0d4000000000000000", false, Type::F32), std::bit_cast<uint32_t>(2.0f));
  // Raw bits into an integer type (mov.b32 %r1, 0f3F800000).
  EXPECT_EQ(bits("0f3F800000", false, Type::B32), 0x3f800000u);
}

TEST(Literal, IntegersAndDecimalsInFloatTypesConvertByValue) {
  EXPECT_EQ(bits("1", false, Type::F32), 0x3f800000u);
  EXPECT_EQ(bits("2", true, Type::F32), std::bit_cast<uint32_t>(-2.0f));
  EXPECT_EQ(bits("1.5", false, Type::F32), std::bit_cast<uint32_t>(1.5f));
  EXPECT_EQ(bits("2.5e-1", false, Type::F64), std::bit_cast<uint64_t>(0.25));
}

TEST(Literal, PredicateIsZeroOrOne) {
  EXPECT_EQ(bits("0", false, Type::Pred), 0u);
  EXPECT_EQ(bits("7", false, Type::Pred), 1u);
}

TEST(Literal, RejectsMalformedAndInexpressible) {
  EXPECT_FALSE(parse_literal("0f3F80").has_value());        // 0f needs 8 hex digits
  EXPECT_FALSE(parse_literal("0d3FF0").has_value());        // 0d needs 16
  EXPECT_FALSE(parse_literal("12abc").has_value());
  EXPECT_FALSE(parse_literal("09").has_value());            // not octal
  EXPECT_FALSE(parse_literal("99999999999999999999999").has_value());
  auto half = parse_literal("1.5");
  ASSERT_TRUE(half.has_value());
  EXPECT_FALSE(literal_bits(*half, false, Type::S32).has_value());
  EXPECT_FALSE(literal_bits(*half, false, Type::F16).has_value());
  auto single = parse_literal("0f3F800000");
  EXPECT_FALSE(literal_bits(*single, false, Type::B64).has_value());  // width mismatch
  EXPECT_FALSE(literal_bits(*parse_literal("0d3FF0000000000000"), false, Type::U32).has_value());
  EXPECT_EQ(literal_bits(*parse_literal("0x3C00"), false, Type::F16), 0x3C00u);  // raw half bits
}

}  // namespace
}  // namespace scwarp::ptx
