#include "sc_model/cli/run_config.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdio>
#include <filesystem>

#include "sc_model/cli/unsigned_text.h"
#include "sc_model/cli/usage_error.h"
#include "sc_model/common/error.h"
#include "sc_model/func/engine.h"
#include "sc_model/runtime/device.h"
#include "sc_model/sched/registry.h"
#include "sc_model/sm/subwarp_former.h"

namespace scwarp::cli {
namespace {

namespace fs = std::filesystem;

// A path, or a bare name of a file in the configs folder ("tiny").
std::string resolve_config_path(const std::string& value, const std::string& configs_dir) {
  std::error_code ec;
  if (fs::exists(value, ec)) return value;
  const std::string named = configs_dir + "/" + value + ".config";
  if (value.find('/') == std::string::npos && fs::exists(named, ec)) return named;
  throw UsageError(fmt::format("--config: '{}' is neither a file nor a config in {}", value,
                               configs_dir));
}

void apply_set(config::LoadedConfig& cfg, const std::string& set) {
  const size_t eq = set.find('=');
  if (eq == std::string::npos || eq == 0)
    throw UsageError(fmt::format("--set '{}': expected NAME=VALUE", set));
  config::apply_override(cfg, set.substr(0, eq), set.substr(eq + 1), "--set");
}

// A trace needs a Verilated block to trace, on an SM that exists.
void check_trace_rtl(const config::GpuConfig& g) {
  if (g.trace_rtl.empty()) return;
  if (g.sched_impl == "cpp")
    throw UsageError("--trace-rtl / -scwarp_trace_rtl '" + g.trace_rtl +
                     "': only the RTL can be traced; add --sched-impl rtl or lockstep");
  if (g.trace_rtl_sm >= g.sm_count())
    throw UsageError(fmt::format("--trace-rtl-sm / -scwarp_trace_rtl_sm {}: the GPU has SMs 0..{}", g.trace_rtl_sm,
                                 g.sm_count() - 1));
}

// Cycle timing changes the decisions on purpose: only the RTL alone runs it.
void check_rtl_timing(const config::GpuConfig& g) {
  if (g.rtl_timing == "cycle" && g.sched_impl != "rtl")
    throw UsageError("-scwarp_rtl_timing cycle: needs --sched-impl rtl (the C++ model has no clock, and lockstep "
                     "compares the transaction-level RTL, which decides as the C++ model does); this run has " +
                     g.sched_impl);
}

}  // namespace

config::LoadedConfig load_run_config(const ConfigChoice& choice, const std::string& configs_dir) {
  config::LoadedConfig cfg = choice.config.empty()
                                 ? config::builtin_gtx480()
                                 : config::load_config_file(resolve_config_path(choice.config, configs_dir));
  if (!cfg.unknown_options.empty())
    fmt::print(stderr, "scwarp: warning: {}: options not modelled, ignored: {}\n", cfg.source,
               fmt::join(cfg.unknown_options, ", "));
  for (const std::string& set : choice.sets) apply_set(cfg, set);
  if (!choice.scheduler.empty()) config::apply_override(cfg, "gpgpu_scheduler", choice.scheduler, "--sched");
  if (!choice.fetch_policy.empty())
    config::apply_override(cfg, "scwarp_fetch_policy", choice.fetch_policy, "--fetch");
  if (!choice.sched_impl.empty())
    config::apply_override(cfg, "scwarp_sched_impl", choice.sched_impl, "--sched-impl");
  if (!choice.trace_rtl.empty()) config::apply_override(cfg, "scwarp_trace_rtl", choice.trace_rtl, "--trace-rtl");
  if (!choice.trace_rtl_sm.empty())
    config::apply_override(cfg, "scwarp_trace_rtl_sm", choice.trace_rtl_sm, "--trace-rtl-sm");
  if (!choice.max_cycles.empty()) config::apply_override(cfg, "gpgpu_max_cycle", choice.max_cycles, "--max-cycles");
  if (!choice.max_instructions.empty())
    config::apply_override(cfg, "gpgpu_max_insn", choice.max_instructions, "--max-instructions");
  check_trace_rtl(cfg.gpu);
  check_rtl_timing(cfg.gpu);
  return cfg;
}

void add_limit_options(CLI::App* cmd, ConfigChoice& choice, CLI::Option* functional) {
  cmd->add_option("--max-cycles", choice.max_cycles,
                  "Fail a kernel launch past this many cycles, saying where its warps are; 0 = no limit "
                  "(overrides -gpgpu_max_cycle, default 50000000)")
      ->check(unsigned_text())
      ->excludes(functional);
  cmd->add_option("--max-instructions", choice.max_instructions,
                  "Fail a kernel launch past this many thread instructions, saying where its warps are; 0 = no "
                  "limit (overrides -gpgpu_max_insn, default 0; with --functional default 10000000000)")
      ->check(unsigned_text());
}

uint64_t functional_instruction_limit(const ConfigChoice& choice) {
  if (choice.max_instructions.empty()) return runtime::kDefaultMaxThreadInstructions;
  const uint64_t limit = parse_unsigned_text(choice.max_instructions).value();  // checked by unsigned_text()
  return limit == 0 ? func::Engine::kNoLimit : limit;
}

nlohmann::json storage_json(const std::optional<sched::StorageCount>& count) {
  if (!count) return nullptr;
  return {{"bits", count->bits},
          {"formula", count->formula},
          {"paper_bits", count->paper_bits},
          {"paper", count->paper},
          {"not_counted", count->not_counted}};
}

nlohmann::json policy_storage_json(const config::GpuConfig& gpu) {
  config::GpuConfig golden = gpu;
  golden.sched_impl = "cpp";  // the count is the policy's, whoever runs it
  const sched::PolicyContext ctx{golden, 0, golden.scheduled_warps_per_sm(), golden.max_tbs_per_sm, golden.schedulers_per_sm};
  return storage_json(sched::make_issue_policy(golden.scheduler, ctx)->storage());
}

nlohmann::json to_json(const config::LoadedConfig& cfg) {
  nlohmann::json options = nlohmann::json::object();
  for (const auto& [name, value] : cfg.values()) options[name] = value;
  return {{"source", cfg.source},
          {"scheduler", cfg.gpu.scheduler},
          {"fetch_policy", cfg.gpu.fetch_policy},
          {"scheduler_impl", sched::issue_policy_impl(cfg.gpu.scheduler, cfg.gpu)},
          {"fetch_impl", sched::fetch_policy_impl(cfg.gpu.fetch_policy, cfg.gpu)},
          {"sms", cfg.gpu.sm_count()},
          {"policy_storage", policy_storage_json(cfg.gpu)},
          {"lwm_storage", storage_json(sm::large_warp_storage(cfg.gpu))},
          {"options", options}};
}

}  // namespace scwarp::cli
