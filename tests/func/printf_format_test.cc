// CUDA printf's conversions over an argument buffer laid out as nvcc lays it.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <vector>

#include "sc_model/func/printf_format.h"

namespace scwarp::func {
namespace {

// An argument buffer built as nvcc builds one: each value at the next
// multiple of its size.
class Buffer {
 public:
  template <typename T>
  Buffer& add(T value) {
    size_t at = (bytes_.size() + sizeof(T) - 1) / sizeof(T) * sizeof(T);
    bytes_.resize(at + sizeof(T));
    std::memcpy(bytes_.data() + at, &value, sizeof(T));
    return *this;
  }
  PrintfSource source() const {
    return {[this](uint64_t offset, unsigned bytes) {
              uint64_t v = 0;
              std::memcpy(&v, bytes_.data() + offset, bytes);
              return v;
            },
            [](uint64_t address) { return address == 0x1000 ? std::string("text") : std::string("?"); }};
  }

 private:
  std::vector<uint8_t> bytes_;
};

std::string format(const char* f, const Buffer& b) { return format_device_printf(f, b.source()).text; }

TEST(PrintfFormat, IntegersWithLengthsFlagsAndWidths) {
  EXPECT_EQ(format("%d|%i|%u|%x|%X|%o", Buffer().add(-3).add(4).add(5u).add(255u).add(255u).add(8u)),
            "-3|4|5|ff|FF|10");
  EXPECT_EQ(format("%ld|%lld|%lu|%llu|%llx", Buffer().add(int64_t(-1) << 40).add(int64_t(-2)).add(uint64_t(1) << 63)
                                                .add(~uint64_t(0)).add(uint64_t(0xabcdef012345))),
            "-1099511627776|-2|9223372036854775808|18446744073709551615|abcdef012345");
  EXPECT_EQ(format("[%5d][%-5d][%05d][%+d][% d][%#x][%#o][%.3d]", Buffer().add(42).add(42).add(42).add(42).add(42)
                                                                      .add(42u).add(8u).add(7)),
            "[   42][42   ][00042][+42][ 42][0x2a][010][007]");
  EXPECT_EQ(format("%hd|%hhu", Buffer().add(70000).add(300)), "4464|44");
}

TEST(PrintfFormat, FloatsArePromotedToDouble) {
  EXPECT_EQ(format("%f|%.2f|%e|%E|%g|%G|%8.3f|%-8.1e|", Buffer().add(1.5).add(2.346).add(1234.5).add(1e-9)
                                                         .add(1e-5).add(1e20).add(3.14159).add(-2.0)),
            "1.500000|2.35|1.234500e+03|1.000000E-09|1e-05|1E+20|   3.142|-2.0e+00|");
  EXPECT_EQ(format("%a", Buffer().add(1.0)), "0x1p+0");
}

TEST(PrintfFormat, CharactersStringsPointersAndPercent) {
  EXPECT_EQ(format("%c%c|%s|%-6s|%.2s|%s|%p|100%%",
                   Buffer().add(int('o')).add(int('k')).add(uint64_t(0x1000)).add(uint64_t(0x1000))
                       .add(uint64_t(0x1000)).add(uint64_t(0)).add(uint64_t(0x7100deadbeef))),
            "ok|text|text  |te|(null)|0x7100deadbeef|100%");
}

TEST(PrintfFormat, ReturnsTheArgumentsConsumed) {
  EXPECT_EQ(format_device_printf("none", Buffer().source()).arguments, 0);
  EXPECT_EQ(format_device_printf("%d %s %f", Buffer().add(1).add(uint64_t(0x1000)).add(2.0).source()).arguments, 3);
}

TEST(PrintfFormat, UnsupportedConversionsAreNamed) {
  auto error = [](const char* f) {
    try {
      format_device_printf(f, Buffer().add(1).source());
    } catch (const PrintfError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(error("%n"), "conversion '%n' is not supported by scwarp's printf");
  EXPECT_EQ(error("%*d"), "'*' widths and precisions are not supported by scwarp's printf");
  EXPECT_EQ(error("%.*f"), "'*' widths and precisions are not supported by scwarp's printf");
  EXPECT_EQ(error("%Lf"), "'%L' (long double) has no device form");
  EXPECT_EQ(error("tail %"), "the format string ends inside a conversion");
}

}  // namespace
}  // namespace scwarp::func
