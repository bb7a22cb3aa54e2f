// Bit-field access to Verilated ports: narrow ports are plain integers,
// ports wider than 64 bits are VlWide<N> (32-bit words, word 0 = bits 31:0).
#pragma once

#include <cstdint>
#include <type_traits>

#include "verilated.h"

namespace baws_rtl {

template <typename P>
void set_bits(P& port, unsigned lsb, unsigned width, uint64_t value) {
  for (unsigned i = 0; i < width; ++i) {
    const unsigned b = lsb + i;
    const bool v = (value >> i) & 1u;
    if constexpr (std::is_integral_v<P>) {
      using U = std::make_unsigned_t<P>;
      const U mask = U(U(1) << b);
      port = P(v ? (U(port) | mask) : (U(port) & U(~mask)));
    } else {
      const uint32_t mask = 1u << (b % 32);
      port[b / 32] = v ? (port[b / 32] | mask) : (port[b / 32] & ~mask);
    }
  }
}

template <typename P>
uint64_t get_bits(const P& port, unsigned lsb, unsigned width) {
  uint64_t out = 0;
  for (unsigned i = 0; i < width; ++i) {
    const unsigned b = lsb + i;
    bool v;
    if constexpr (std::is_integral_v<P>) {
      v = (uint64_t(port) >> b) & 1u;
    } else {
      v = (port[b / 32] >> (b % 32)) & 1u;
    }
    out |= uint64_t(v) << i;
  }
  return out;
}

template <typename P>
void set_bit(P& port, unsigned bit, bool value) { set_bits(port, bit, 1, value); }

}  // namespace baws_rtl
