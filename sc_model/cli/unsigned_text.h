// How scwarp reads unsigned integers on its command line: decimal without
// leading zeros, or hexadecimal after 0x, within 64 bits. CLI11 alone
// converts with strtoull, which takes "-1" as 2^64-1 and "010" as octal 8.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string_view>

namespace scwarp::cli {

// nullopt unless the whole text is such a number.
std::optional<uint64_t> parse_unsigned_text(std::string_view text);

// A CLI11 check that an option's text is such a number.
CLI::Validator unsigned_text();

}  // namespace scwarp::cli
