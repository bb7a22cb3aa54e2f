// libFuzzer harness: a GPGPU-Sim-style config file and `--set` overrides,
// then the scheduling policies the result selects. The input is the file's
// text, then optionally a NUL byte and one NAME=VALUE per line, each applied
// as `--set` applies it once split at '=' (to the loaded file, or to the
// built-in GTX480 when the file was refused). Every policy is linked in, so
// their own options (-scwarp_pro_threshold, ...) are known here, and the
// selected issue and fetch policies are built as `scwarp run` builds them
// before elaboration: that is where a policy reads its options. Bad input
// must end in a scwarp::Error.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "sc_model/common/error.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/sched/registry.h"

namespace {

using scwarp::config::LoadedConfig;

LoadedConfig load_or_builtin(const std::string& text) {
  try {
    return scwarp::config::load_config_text(text, "fuzz.config");
  } catch (const scwarp::Error&) {
    return scwarp::config::builtin_gtx480();
  }
}

void apply_sets(LoadedConfig& cfg, const std::string& lines) {
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

// The context gpu/timing_executor.cc's check_policies gives SM 0.
void build_policies(const scwarp::config::GpuConfig& cfg) {
  const scwarp::sched::PolicyContext ctx{cfg, 0, cfg.scheduled_warps_per_sm(), cfg.max_tbs_per_sm,
                                         cfg.schedulers_per_sm};
  try {
    scwarp::sched::make_issue_policy(cfg.scheduler, ctx);
    scwarp::sched::make_fetch_policy(cfg.fetch_policy, ctx);
  } catch (const scwarp::Error&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const size_t nul = input.find('\0');
  LoadedConfig cfg = load_or_builtin(input.substr(0, nul));
  if (nul != std::string::npos) apply_sets(cfg, input.substr(nul + 1));
  build_policies(cfg.gpu);
  return 0;
}
