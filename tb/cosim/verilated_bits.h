// Bit-field access to Verilated ports, shared by the co-simulation adapters
// and the RTL testbenches: a port up to 64 bits is a plain integer, a wider
// one is VlWide<N> (32-bit words, word 0 = bits 31:0).
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

namespace scwarp::cosim {

// The 32-bit words of a wide port (VlWide<N> is N words and nothing else).
template <typename P>
inline constexpr unsigned kPortWords = sizeof(P) / sizeof(uint32_t);

// Writes the `width`-bit field at bit `lsb` of `port` (width <= 64).
template <typename P>
void put_field(P& port, unsigned lsb, unsigned width, uint64_t value) {
  if constexpr (std::is_integral_v<P>) {
    using U = std::make_unsigned_t<P>;
    const uint64_t ones = width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
    const U mask = U(ones << lsb);
    port = P((U(port) & U(~mask)) | (U(value << lsb) & mask));
  } else {
    // Word by word: the field spans at most three 32-bit words.
    unsigned word = lsb / 32, shift = lsb % 32, done = 0;
    while (done < width && word < kPortWords<P>) {
      const unsigned n = std::min(32 - shift, width - done);  // this word's share of the field
      const uint32_t mask = uint32_t(((uint64_t(1) << n) - 1) << shift);
      port[word] = (port[word] & ~mask) | (uint32_t((value >> done) << shift) & mask);
      done += n;
      ++word;
      shift = 0;
    }
  }
}

// Fills a port with consecutive `width`-bit fields (width <= 32), the i-th
// push at bit i * width, in one pass over its words: a put_field per field
// would rewrite each word once per field it holds. The port is cleared
// first, so fields never pushed read 0; the last word is written by finish().
template <typename P>
class FieldPacker {
 public:
  FieldPacker(P& port, unsigned width) : port_(port), width_(width), ones_((uint64_t(1) << width) - 1) {
    if constexpr (std::is_integral_v<P>) {
      port_ = 0;
    } else {
      for (unsigned i = 0; i < kPortWords<P>; ++i) port_[i] = 0;
    }
  }
  void push(uint64_t value) {
    acc_ |= (value & ones_) << fill_;
    fill_ += width_;
    if constexpr (!std::is_integral_v<P>) {
      if (fill_ >= 32) {  // fill_ < 32 before the push and width_ <= 32: one word at most
        if (word_ < kPortWords<P>) port_[word_++] = uint32_t(acc_);
        acc_ >>= 32;
        fill_ -= 32;
      }
    }
  }
  void finish() {
    if constexpr (std::is_integral_v<P>) {
      port_ = P(acc_);
    } else if (fill_ > 0 && word_ < kPortWords<P>) {
      port_[word_] = uint32_t(acc_);
    }
  }

 private:
  P& port_;
  unsigned width_;
  uint64_t ones_;
  uint64_t acc_ = 0;  // bits not yet written, from bit `fill_` of the current word down
  unsigned fill_ = 0, word_ = 0;
};

// Reads the `width`-bit field at bit `lsb` of `port` (width <= 64).
template <typename P>
uint64_t get_field(const P& port, unsigned lsb, unsigned width) {
  const uint64_t ones = width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  if constexpr (std::is_integral_v<P>) {
    return (uint64_t(port) >> lsb) & ones;
  } else {
    // The field spans at most three 32-bit words: gather them, then shift.
    const unsigned word = lsb / 32, shift = lsb % 32;
    uint64_t low = port[word];
    if (word + 1 < kPortWords<P>) low |= uint64_t(port[word + 1]) << 32;
    uint64_t out = low >> shift;
    if (shift != 0 && width > 64 - shift && word + 2 < kPortWords<P>) out |= uint64_t(port[word + 2]) << (64 - shift);
    return out & ones;
  }
}

}  // namespace scwarp::cosim
