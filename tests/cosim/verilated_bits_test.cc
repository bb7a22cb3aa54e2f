// put_field / get_field on Verilated port types: a field read back is the
// field written, at every offset and width a wide port (VlWide) can hold,
// including fields that straddle two or three 32-bit words, and every other
// bit is left alone; FieldPacker's consecutive fields.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "tb/cosim/verilated_bits.h"
#include "verilated.h"

namespace scwarp::cosim {
namespace {

// The field bit by bit: what get_field must equal.
template <typename P>
uint64_t reference_field(const P& port, unsigned lsb, unsigned width) {
  uint64_t out = 0;
  for (unsigned i = 0; i < width; ++i) out |= uint64_t((port[(lsb + i) / 32] >> ((lsb + i) % 32)) & 1u) << i;
  return out;
}

TEST(VerilatedBits, WidePortFieldsAtEveryOffsetAndWidth) {
  std::mt19937_64 rng(7);
  VlWide<9> port;  // 288 bits, as pro_top's warp_order_o
  for (unsigned w = 0; w < 9; ++w) port[w] = uint32_t(rng());
  for (unsigned width = 1; width <= 64; ++width) {
    for (unsigned lsb = 0; lsb + width <= 288; ++lsb) {
      ASSERT_EQ(get_field(port, lsb, width), reference_field(port, lsb, width)) << lsb << " " << width;
      VlWide<9> written = port;
      const uint64_t value = rng() & (width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1);
      put_field(written, lsb, width, value);
      ASSERT_EQ(get_field(written, lsb, width), value) << lsb << " " << width;
      bool rest_kept = true;  // every bit outside the field as it was
      for (unsigned b = 0; b < 288; ++b)
        if ((b < lsb || b >= lsb + width) && reference_field(written, b, 1) != reference_field(port, b, 1))
          rest_kept = false;
      ASSERT_TRUE(rest_kept) << lsb << " " << width;
    }
  }
}

// FieldPacker: field i lands at bit i * width, every bit past the last field
// reads 0 (whatever the port held before), for every width up to 32.
TEST(VerilatedBits, FieldPackerFillsConsecutiveFieldsAndClearsTheRest) {
  std::mt19937_64 rng(11);
  for (unsigned width = 1; width <= 32; ++width) {
    for (unsigned fields : {0u, 1u, 7u, 288u / width}) {
      VlWide<9> port;
      for (unsigned w = 0; w < 9; ++w) port[w] = ~0u;
      std::vector<uint64_t> values;
      FieldPacker packer(port, width);
      for (unsigned i = 0; i < fields; ++i) {
        values.push_back(rng() & ((uint64_t(1) << width) - 1));
        packer.push(values.back() | (uint64_t(1) << width));  // a bit above the field is dropped
      }
      packer.finish();
      for (unsigned i = 0; i < fields; ++i) ASSERT_EQ(get_field(port, i * width, width), values[i]) << width << " " << i;
      for (unsigned b = fields * width; b < 288; ++b) ASSERT_EQ(get_field(port, b, 1), 0u) << width << " " << b;
    }
  }
  uint64_t q = ~uint64_t(0);
  FieldPacker small(q, 6);
  for (uint64_t v : {5u, 63u, 0u, 17u}) small.push(v);
  small.finish();
  EXPECT_EQ(q, 5u | (63u << 6) | (0u << 12) | (17u << 18));
}

TEST(VerilatedBits, IntegralPortsIncludingFullWidth) {
  uint64_t q = 0;
  put_field(q, 0, 64, 0x0123456789abcdefull);
  EXPECT_EQ(get_field(q, 0, 64), 0x0123456789abcdefull);
  put_field(q, 60, 4, 0xf);
  EXPECT_EQ(q, 0xf123456789abcdefull);
  uint8_t c = 0;
  put_field(c, 3, 3, 5);
  EXPECT_EQ(c, 5u << 3);
  EXPECT_EQ(get_field(c, 3, 3), 5u);
}

}  // namespace
}  // namespace scwarp::cosim
