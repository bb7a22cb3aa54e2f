// Numeric literals of PTX and their raw bits in an operand type.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "sc_model/ptx/ir.h"

namespace scwarp::ptx {

struct Literal {
  enum class Kind : uint8_t {
    Int,      // 42, 0x2a, 052, 0b101 (optional U suffix): `bits` is the value
    F32Bits,  // 0f3F800000: `bits` holds the IEEE single bits
    F64Bits,  // 0d3FF0000000000000: `bits` holds the IEEE double bits
    Decimal,  // 1.5, 2e-3: `value`
  };
  Kind kind = Kind::Int;
  uint64_t bits = 0;
  double value = 0;
};

// Parses an unsigned literal (a leading '-' is a separate token). nullopt if
// `text` is not a well-formed literal.
std::optional<Literal> parse_literal(std::string_view text);

// The literal (negated if `negative`) as raw bits of type `t`: integers are
// two's complement truncated to the type's width, floats are IEEE bits
// (integers and other-precision floats are converted by value, 0f/0d bits
// for a 32/64-bit integer type are taken as they are; an integer for an f16/bf16 type
// is its raw bit pattern, PTX having no half-precision literal). nullopt when
// the literal cannot be expressed in `t` (a decimal fraction for an integer
// type, a float literal for f16/bf16 types).
std::optional<uint64_t> literal_bits(const Literal& lit, bool negative, Type t);

}  // namespace scwarp::ptx
