// The GPU configuration a command runs on: a file (or the name of one in
// configs/), or the built-in GTX480, then the command line's overrides.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sc_model/config/gpu_config.h"

namespace scwarp::cli {

struct ConfigChoice {
  std::string config;               // --config: path, configs/<name>.config, or empty (built-in gtx480)
  std::string scheduler;            // --sched (overrides -gpgpu_scheduler)
  std::string fetch_policy;         // --fetch (overrides -scwarp_fetch_policy)
  std::vector<std::string> sets;    // --set NAME=VALUE, in order
  std::string sched_impl;           // --sched-impl (overrides -scwarp_sched_impl; applied last)
  std::string trace_rtl;            // --trace-rtl FILE (overrides -scwarp_trace_rtl)
  std::string trace_rtl_sm;         // --trace-rtl-sm N (overrides -scwarp_trace_rtl_sm)
  std::string max_cycles;           // --max-cycles N (overrides -gpgpu_max_cycle)
  std::string max_instructions;     // --max-instructions N (overrides -gpgpu_max_insn, or the functional limit)
};

// --max-cycles and --max-instructions, shared by run and launch so both read
// the same: the timing model's -gpgpu_max_cycle and -gpgpu_max_insn; with
// `functional` given, --max-instructions is the functional engine's limit
// and --max-cycles is refused.
void add_limit_options(CLI::App* cmd, ConfigChoice& choice, CLI::Option* functional);

// The functional engine's thread instructions per launch: --max-instructions
// (0 = no limit), else runtime::kDefaultMaxThreadInstructions.
uint64_t functional_instruction_limit(const ConfigChoice& choice);

// Throws scwarp::Error naming the option (--config, --set, ...) on bad input;
// prints a warning on stderr listing options of the file this model ignores.
config::LoadedConfig load_run_config(const ConfigChoice& choice, const std::string& configs_dir);

// {"source", "scheduler", "fetch_policy", "scheduler_impl", "fetch_impl",
// "sms", "policy_storage", "options": {name: value}} for reports; the two
// _impl fields say who ran the policy: "cpp", "rtl" or "lockstep"
// (-scwarp_sched_impl); "policy_storage" is the issue policy's paper storage
// count on this configuration (sched::StorageCount) or null.
nlohmann::json to_json(const config::LoadedConfig& cfg);

}  // namespace scwarp::cli
