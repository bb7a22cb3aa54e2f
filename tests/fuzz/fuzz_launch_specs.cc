// libFuzzer harness: the option texts of `scwarp launch` (--grid/--block,
// --buffer, --arg, --out, --texture, --surface). Each input line is one
// option's text; its first byte picks the parser ('0' to '5' in that order).
// Malformed text must end in a UsageError.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "sc_model/cli/launch_specs.h"
#include "sc_model/cli/usage_error.h"

namespace {

void parse_one(char kind, const std::string& text) {
  switch (kind % 6) {
    case 0: scwarp::cli::parse_dim3("--grid", text); break;
    case 1: scwarp::cli::parse_buffer_spec(text); break;
    case 2: scwarp::cli::parse_arg_spec(text); break;
    case 3: scwarp::cli::parse_out_spec(text); break;
    case 4: scwarp::cli::parse_texture_spec(text); break;
    default: scwarp::cli::parse_surface_spec(text); break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    try {
      parse_one(line[0], line.substr(1));
    } catch (const scwarp::cli::UsageError&) {
    }
  }
  return 0;
}
