// libFuzzer harness: a GPGPU-Sim-style config file and `--set` overrides.
// The input is the file's text, then optionally a NUL byte and one
// NAME=VALUE per line, each applied to the built-in GTX480 as `--set` applies
// it once split at '='. Bad input must end in a scwarp::Error. Policies'
// own options (-scwarp_pro_threshold, ...) are not linked in: to this
// harness they are unknown options.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "sc_model/common/error.h"
#include "sc_model/config/gpu_config.h"

namespace {

void apply_sets(const std::string& lines) {
  scwarp::config::LoadedConfig cfg = scwarp::config::builtin_gtx480();
  std::istringstream in(lines);
  for (std::string line; std::getline(in, line);) {
    const size_t eq = line.find('=');
    if (eq == std::string::npos) continue;
    try {
      scwarp::config::apply_override(cfg, line.substr(0, eq), line.substr(eq + 1), "--set");
    } catch (const scwarp::Error&) {
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const size_t nul = input.find('\0');
  try {
    scwarp::config::load_config_text(input.substr(0, nul), "fuzz.config");
  } catch (const scwarp::Error&) {
  }
  if (nul != std::string::npos) apply_sets(input.substr(nul + 1));
  return 0;
}
