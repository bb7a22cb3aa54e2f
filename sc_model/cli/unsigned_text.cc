#include "sc_model/cli/unsigned_text.h"

#include <charconv>
#include <cstdint>
#include <string>

namespace scwarp::cli {
namespace {

// Decimal without leading zeros, or 0x hexadecimal, within 64 bits.
bool is_unsigned_text(const std::string& text) {
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  const char* first = text.data() + (hex ? 2 : 0);
  const char* last = text.data() + text.size();
  if (first == last || (!hex && *first == '0' && text.size() > 1)) return false;
  uint64_t value = 0;
  const auto [end, ec] = std::from_chars(first, last, value, hex ? 16 : 10);
  return ec == std::errc() && end == last;
}

}  // namespace

CLI::Validator unsigned_text() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (is_unsigned_text(text)) return {};
        return "'" + text + "' is not an unsigned 64-bit integer (decimal, or hexadecimal after 0x)";
      },
      "");
}

}  // namespace scwarp::cli
