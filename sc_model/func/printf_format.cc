#include "sc_model/func/printf_format.h"

#include <fmt/format.h>

#include <bit>
#include <cstdio>

namespace scwarp::func {
namespace {

// One %... conversion, split into its parts.
struct Spec {
  std::string flags, width, precision, length;
  char conversion = 0;
};

bool is_digit(char ch) { return ch >= '0' && ch <= '9'; }

// Parses the conversion starting after '%' at format[at]; advances `at` past it.
Spec parse_spec(std::string_view format, size_t& at) {
  Spec s;
  auto take_while = [&](auto pred, std::string& into) {
    while (at < format.size() && pred(format[at])) into += format[at++];
  };
  take_while([](char ch) { return std::string_view("-+ #0").find(ch) != std::string_view::npos; }, s.flags);
  auto refuse_star = [&] {
    if (at < format.size() && format[at] == '*')
      throw PrintfError("'*' widths and precisions are not supported by scwarp's printf");
  };
  refuse_star();
  take_while(is_digit, s.width);
  if (at < format.size() && format[at] == '.') {
    s.precision += '.';
    ++at;
    refuse_star();
    take_while(is_digit, s.precision);
  }
  take_while([](char ch) { return std::string_view("hlzjtL").find(ch) != std::string_view::npos; }, s.length);
  if (at >= format.size()) throw PrintfError("the format string ends inside a conversion");
  s.conversion = format[at++];
  return s;
}

// The host printf's output for one already-typed value.
template <typename T>
std::string host_format(const std::string& spec, T value) {
  int n = std::snprintf(nullptr, 0, spec.c_str(), value);
  std::string out(size_t(n), '\0');
  std::snprintf(out.data(), out.size() + 1, spec.c_str(), value);
  return out;
}

// 8-byte integers on a 64-bit device: long, long long, size_t, intmax_t, ptrdiff_t.
bool is_long(const Spec& s) {
  return s.length == "l" || s.length == "ll" || s.length == "z" || s.length == "j" || s.length == "t";
}

// Reads arguments from the buffer, each aligned to its own size.
class ArgumentCursor {
 public:
  explicit ArgumentCursor(const PrintfSource& source) : source_(source) {}
  uint64_t next(unsigned bytes) {
    offset_ = (offset_ + bytes - 1) / bytes * bytes;
    uint64_t value = source_.argument(offset_, bytes);
    offset_ += bytes;
    ++count_;
    return value;
  }
  int count() const { return count_; }

 private:
  const PrintfSource& source_;
  uint64_t offset_ = 0;
  int count_ = 0;
};

std::string format_integer(const Spec& s, ArgumentCursor& args) {
  const bool wide = is_long(s);
  const uint64_t bits = args.next(wide ? 8 : 4);
  const bool is_signed = s.conversion == 'd' || s.conversion == 'i';
  // A 4-byte value keeps its h/hh modifier (the host narrows it the same way).
  std::string spec = "%" + s.flags + s.width + s.precision + (wide ? "ll" : s.length) + s.conversion;
  if (wide) return is_signed ? host_format(spec, (long long)bits) : host_format(spec, (unsigned long long)bits);
  return is_signed ? host_format(spec, int32_t(uint32_t(bits))) : host_format(spec, uint32_t(bits));
}

std::string format_conversion(const Spec& s, ArgumentCursor& args, const PrintfSource& source) {
  const std::string text_spec = "%" + s.flags + s.width + s.precision;
  switch (s.conversion) {
    case 'd': case 'i': case 'u': case 'x': case 'X': case 'o':
      return format_integer(s, args);
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
      if (s.length == "L") throw PrintfError("'%L' (long double) has no device form");
      return host_format(text_spec + s.conversion, std::bit_cast<double>(args.next(8)));
    case 'c':
      return host_format(text_spec + 'c', int(uint8_t(args.next(4))));
    case 's': {
      const uint64_t address = args.next(8);
      return host_format(text_spec + 's', (address ? source.string(address) : std::string("(null)")).c_str());
    }
    case 'p':
      return host_format(text_spec + 's', fmt::format("0x{:x}", args.next(8)).c_str());
    default:
      throw PrintfError(fmt::format("conversion '%{}' is not supported by scwarp's printf", s.conversion));
  }
}

}  // namespace

PrintfResult format_device_printf(std::string_view format, const PrintfSource& source) {
  PrintfResult result;
  ArgumentCursor args(source);
  for (size_t at = 0; at < format.size();) {
    if (format[at] != '%') {
      result.text += format[at++];
      continue;
    }
    ++at;
    if (at < format.size() && format[at] == '%') {
      result.text += '%';
      ++at;
      continue;
    }
    result.text += format_conversion(parse_spec(format, at), args, source);
  }
  result.arguments = args.count();
  return result;
}

}  // namespace scwarp::func
