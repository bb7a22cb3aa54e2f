// A CLI11 check for unsigned integer options. CLI11 converts with strtoull,
// which takes "-1" as 2^64-1 and "010" as octal 8; scwarp's numbers are
// decimal, or hexadecimal after 0x, and never negative.
#pragma once

#include <CLI/CLI.hpp>

namespace scwarp::cli {

CLI::Validator unsigned_text();

}  // namespace scwarp::cli
