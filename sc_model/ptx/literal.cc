#include "sc_model/ptx/literal.h"

#include <bit>
#include <charconv>
#include <string>

namespace scwarp::ptx {
namespace {

std::optional<uint64_t> parse_digits(std::string_view digits, int base) {
  if (digits.empty()) return std::nullopt;
  uint64_t value = 0;
  auto [end, err] = std::from_chars(digits.data(), digits.data() + digits.size(), value, base);
  if (err != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  return value;
}

std::optional<Literal> parse_hex_float(std::string_view digits, Literal::Kind kind,
                                       size_t width) {
  if (digits.size() != width) return std::nullopt;
  auto bits = parse_digits(digits, 16);
  if (!bits) return std::nullopt;
  return Literal{kind, *bits, 0};
}

std::optional<Literal> parse_integer(std::string_view text) {
  if (!text.empty() && (text.back() == 'U' || text.back() == 'u')) text.remove_suffix(1);
  std::optional<uint64_t> v;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    v = parse_digits(text.substr(2), 16);
  } else if (text.size() > 2 && text[0] == '0' && (text[1] == 'b' || text[1] == 'B')) {
    v = parse_digits(text.substr(2), 2);
  } else if (text.size() > 1 && text[0] == '0') {
    v = parse_digits(text.substr(1), 8);
  } else {
    v = parse_digits(text, 10);
  }
  if (!v) return std::nullopt;
  return Literal{Literal::Kind::Int, *v, 0};
}

std::optional<Literal> parse_decimal(std::string_view text) {
  double value = 0;
  auto [end, err] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (err != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return Literal{Literal::Kind::Decimal, 0, value};
}

double as_double(const Literal& lit) {
  switch (lit.kind) {
    case Literal::Kind::Int: return static_cast<double>(lit.bits);
    case Literal::Kind::F32Bits: return std::bit_cast<float>(static_cast<uint32_t>(lit.bits));
    case Literal::Kind::F64Bits: return std::bit_cast<double>(lit.bits);
    case Literal::Kind::Decimal: return lit.value;
  }
  return 0;
}

uint64_t truncate(uint64_t bits, Type t) {
  unsigned width = type_bits(t);
  return width == 0 || width >= 64 ? bits : bits & ((uint64_t{1} << width) - 1);
}

}  // namespace

std::optional<Literal> parse_literal(std::string_view text) {
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'f' || text[1] == 'F'))
    return parse_hex_float(text.substr(2), Literal::Kind::F32Bits, 8);
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'd' || text[1] == 'D'))
    return parse_hex_float(text.substr(2), Literal::Kind::F64Bits, 16);
  bool hex = text.size() > 1 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  if (!hex && text.find_first_of(".eE") != std::string_view::npos) return parse_decimal(text);
  return parse_integer(text);
}

std::optional<uint64_t> literal_bits(const Literal& lit, bool negative, Type t) {
  if (t == Type::F32) {
    if (lit.kind == Literal::Kind::F32Bits)
      return negative ? lit.bits ^ 0x80000000u : lit.bits;
    double v = negative ? -as_double(lit) : as_double(lit);
    return std::bit_cast<uint32_t>(static_cast<float>(v));
  }
  if (t == Type::F64) {
    if (lit.kind == Literal::Kind::F64Bits)
      return negative ? lit.bits ^ 0x8000000000000000ull : lit.bits;
    double v = negative ? -as_double(lit) : as_double(lit);
    return std::bit_cast<uint64_t>(v);
  }
  if (lit.kind == Literal::Kind::Decimal) return std::nullopt;
  if (is_float(t) && lit.kind != Literal::Kind::Int) return std::nullopt;
  // A float bit pattern only fits an integer type of exactly its width.
  if (lit.kind == Literal::Kind::F32Bits && type_bits(t) != 32) return std::nullopt;
  if (lit.kind == Literal::Kind::F64Bits && type_bits(t) != 64) return std::nullopt;
  if (t == Type::Pred) return lit.bits != 0 ? 1 : 0;
  uint64_t bits = negative ? ~lit.bits + 1 : lit.bits;
  return truncate(bits, t);
}

}  // namespace scwarp::ptx
