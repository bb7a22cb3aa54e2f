// IEEE half (f16) and bfloat16 as two parameter sets of one encoder and
// decoder: cvt converts through them and the half-precision arithmetic
// computes in double and rounds once into them.
#pragma once

#include <cstdint>

#include "sc_model/ptx/ir.h"

namespace scwarp::func {

struct SmallFloat {
  int mantissa_bits, bias;
  int max_exponent() const { return bias; }
};
inline constexpr SmallFloat kHalf{10, 15};
inline constexpr SmallFloat kBfloat{7, 127};

double decode_small(const SmallFloat& f, uint16_t bits);
// Rounds v to the format in mode r (None = to nearest even) and encodes it;
// NaN becomes the canonical 0x7fff.
uint16_t encode_small(const SmallFloat& f, double v, ptx::Round r);

// .f16/.f16x2 -> kHalf, .bf16/.bf16x2 -> kBfloat; false for other types.
bool small_format_of(ptx::Type t, const SmallFloat** format, bool* packed_pair = nullptr);

}  // namespace scwarp::func
