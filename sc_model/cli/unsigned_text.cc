#include "sc_model/cli/unsigned_text.h"

#include <charconv>
#include <string>

namespace scwarp::cli {

std::optional<uint64_t> parse_unsigned_text(std::string_view text) {
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  if (hex) text.remove_prefix(2);
  if (text.empty() || (!hex && text[0] == '0' && text.size() > 1)) return std::nullopt;
  uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, hex ? 16 : 10);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

CLI::Validator unsigned_text() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (parse_unsigned_text(text)) return {};
        return "'" + text + "' is not an unsigned 64-bit integer (decimal, or hexadecimal after 0x)";
      },
      "");
}

}  // namespace scwarp::cli
