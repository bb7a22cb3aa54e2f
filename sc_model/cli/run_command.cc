// `scwarp run`: one workload, one size, one seed, on the cycle-level timing
// model (a GPU configuration and a scheduler) or, with --functional, on the
// functional engine alone (instruction counts, no cycles).
#include "sc_model/cli/run_command.h"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <memory>
#include <string>

#include "sc_model/cli/exit_status.h"
#include "sc_model/cli/json_file.h"
#include "sc_model/cli/peak_memory.h"
#include "sc_model/cli/run_config.h"
#include "sc_model/cli/trace_options.h"
#include "sc_model/cli/unsigned_text.h"
#include "sc_model/cli/usage_error.h"
#include "sc_model/cli/workload_run.h"
#include "sc_model/gpu/timing_executor.h"
#include "sc_model/ptx/transform_spec.h"
#include "sc_model/sched/registry.h"
#include "tb/workloads/workload.h"

namespace scwarp::cli {
namespace {

// What a bare `scwarp run` runs: the README's first command.
constexpr const char* kDefaultWorkload = "matmul";
constexpr const char* kDefaultSize = "small";

struct RunOptions {
  std::string workload = kDefaultWorkload;
  std::string size = kDefaultSize;
  uint64_t seed = 1;
  bool functional = false;
  std::string transform;
  ConfigChoice config;
  TraceChoice trace;
  std::string configs_dir = SCWARP_SOURCE_DIR "/configs";
  std::string json_path;
};

void print_run_summary(const WorkloadRun& run, const char* mode) {
  fmt::print("workload             {}\n", run.workload);
  if (!run.transform.empty()) fmt::print("transform            {}\n", run.transform);
  if (!run.totals.placement.empty()) fmt::print("virtual TBs          {}\n", run.totals.placement);
  fmt::print("size                 {}\n", workloads::size_name(run.size));
  fmt::print("seed                 {}\n", run.seed);
  fmt::print("mode                 {}\n", mode);
  fmt::print("verified             {}{}\n", run.verification.ok ? "yes" : "NO",
             run.verification.message.empty() ? "" : " (" + run.verification.message + ")");
  fmt::print("launches             {}\n", run.launches);
  fmt::print("blocks               {}\n", run.totals.blocks);
  fmt::print("warp instructions    {}\n", run.totals.warp_instructions);
  fmt::print("thread instructions  {}\n", run.totals.thread_instructions);
}

void print_host_summary(const WorkloadRun& run) {
  fmt::print("host seconds         {:.3f} ({:.3f} in launches)\n", run.host_seconds,
             run.launch_seconds);
  fmt::print("thread instr/s       {:.4g}\n", run.thread_instructions_per_second());
}

void print_timing_summary(const config::LoadedConfig& cfg, const nlohmann::json& stats) {
  const auto& g = stats["stalls"]["gpgpu"];
  const auto& h = stats["stalls"]["hazards"];
  fmt::print("config               {} ({} SMs)\n", cfg.source, cfg.gpu.sm_count());
  fmt::print("scheduler            {} (fetch {})\n", cfg.gpu.scheduler, cfg.gpu.fetch_policy);
  fmt::print("policy impl          issue {}, fetch {}\n", sched::issue_policy_impl(cfg.gpu.scheduler, cfg.gpu),
             sched::fetch_policy_impl(cfg.gpu.fetch_policy, cfg.gpu));
  fmt::print("cycles               {}\n", stats["cycles"].get<uint64_t>());
  fmt::print("ipc                  {:.2f} thread instr/cycle\n", stats["ipc"].get<double>());
  fmt::print("stalls (gpgpu-sim)   idle {} scoreboard {} pipeline {}\n", g["idle"].get<uint64_t>(),
             g["scoreboard"].get<uint64_t>(), g["pipeline"].get<uint64_t>());
  fmt::print("stalls (hazards)     control {} data {} structural {} barrier {} exit {} fetch {}\n",
             h["control"].get<uint64_t>(), h["data"].get<uint64_t>(),
             h["structural"].get<uint64_t>(), h["barrier"].get<uint64_t>(),
             h["exit"].get<uint64_t>(), h["fetch"].get<uint64_t>());
  fmt::print("l1d hit rate         {:.3f}\n", stats["l1d"]["hit_rate"].get<double>());
  if (const auto& l1t = stats["l1t"]; l1t["accesses"].get<uint64_t>() > 0)  // only kernels that sample textures
    fmt::print("l1t hit rate         {:.3f} ({} accesses, {} texture stall cycles)\n", l1t["hit_rate"].get<double>(),
               l1t["accesses"].get<uint64_t>(), stats["tex_stall_cycles"].get<uint64_t>());
  fmt::print("l2 hit rate          {:.3f}\n", stats["l2"]["hit_rate"].get<double>());
  fmt::print("dram row hit rate    {:.3f}\n", stats["dram"]["row_hit_rate"].get<double>());
  fmt::print("simd utilisation     {:.3f} of the lanes per scheduler-cycle\n", stats["simd"]["utilisation"].get<double>());
  const auto& compared = stats["lockstep_compared"];
  if (cfg.gpu.sched_impl == "lockstep")
    fmt::print("lockstep compared    {} issue decisions, {} fetch picks, {} sub-warps\n",
               compared["issue_orders"].get<uint64_t>(), compared["fetch_picks"].get<uint64_t>(),
               compared["subwarps"].get<uint64_t>());
}

// A paper's storage count, if the configuration has one: the policy's (seed
// 003's N(A+1)+4 registers) as "policy storage", large warps' as "lwm storage".
void print_storage(const nlohmann::json& config, const char* key, const char* label) {
  const nlohmann::json& s = config[key];
  if (s.is_null()) return;
  fmt::print("{:<21}{} bits per SM: {}\n", label, s["bits"].get<uint64_t>(), s["formula"].get<std::string>());
  if (s["paper_bits"].get<uint64_t>() > 0)
    fmt::print("  paper              {} bits: {}\n", s["paper_bits"].get<uint64_t>(), s["paper"].get<std::string>());
}

nlohmann::json host_json(const WorkloadRun& run) {
  return {{"seconds", run.host_seconds},
          {"launch_seconds", run.launch_seconds},
          {"launch_cpu_seconds", run.launch_cpu_seconds},
          {"thread_instructions_per_second", run.thread_instructions_per_second()},
          {"peak_resident_bytes", peak_resident_bytes()}};
}

int finish(const WorkloadRun& run, nlohmann::json report, const std::string& json_path) {
  print_host_summary(run);
  if (!json_path.empty()) write_json_file(json_path, report);
  return run.verification.ok ? kExitOk : kExitVerificationFailed;
}

int run_functional(const RunOptions& opts) {
  const WorkloadRun run =
      run_workload_functional(opts.workload, workloads::parse_size(opts.size), opts.seed, opts.transform,
                              functional_instruction_limit(opts.config));
  print_run_summary(run, "functional");
  nlohmann::json report = to_json(run);
  report["mode"] = "functional";
  return finish(run, report, opts.json_path);
}

int run_timing(const RunOptions& opts) {
  const config::LoadedConfig cfg = load_run_config(opts.config, opts.configs_dir);
  const std::unique_ptr<stats::TraceWriter> trace = open_trace(opts.trace, cfg.gpu);
  gpu::TimingExecutor timing(cfg.gpu, trace.get());
  const WorkloadRun run =
      run_workload(opts.workload, workloads::parse_size(opts.size), opts.seed, timing, opts.transform);
  nlohmann::json stats = stats::to_json(timing.report());
  print_run_summary(run, "timing");
  print_timing_summary(cfg, stats);
  nlohmann::json report = to_json(run);
  report["mode"] = "timing";
  report["config"] = to_json(cfg);
  print_storage(report["config"], "policy_storage", "policy storage");
  print_storage(report["config"], "lwm_storage", "lwm storage");
  report.update(stats);
  report["host"] = host_json(run);
  finish_trace(trace.get(), opts.trace);
  return finish(run, report, opts.json_path);
}

}  // namespace

void add_run_command(CLI::App& app, int& exit_status) {
  auto opts = std::make_shared<RunOptions>();
  CLI::App* cmd = app.add_subcommand(
      "run", "Run one workload on the cycle-level GPU model (or, with --functional, the "
             "functional engine) and verify it against its CPU reference");
  cmd->add_option("--workload", opts->workload, "Workload name (see `scwarp list workloads`)")
      ->check(CLI::IsMember(workloads::workload_names()))
      ->capture_default_str();
  cmd->add_option("--size", opts->size, "Problem size")
      ->check(CLI::IsMember(size_names()))
      ->capture_default_str();
  cmd->add_option("--transform", opts->transform,
                  std::string("Transform every kernel before it runs: ") + ptx::transforms_help());
  cmd->add_option("--seed", opts->seed, "Seed of the workload's input generator")
      ->check(unsigned_text())
      ->capture_default_str();
  CLI::Option* config = cmd->add_option("--config", opts->config.config,
                  "GPU config file, or the name of one in configs/ (default: built-in gtx480)");
  CLI::Option* sched = cmd->add_option("--sched", opts->config.scheduler,
                  "Issue scheduler policy (see `scwarp list schedulers`; overrides the config)");
  CLI::Option* fetch = cmd->add_option("--fetch", opts->config.fetch_policy,
                  "Fetch policy (see `scwarp list fetch-policies`; overrides the config)");
  CLI::Option* impl = cmd->add_option("--sched-impl", opts->config.sched_impl,
                  fmt::format("Who runs the issue policy (and CFF fetch): cpp (C++ model), rtl (the "
                              "Verilated RTL, of: {}; fetch: {}), lockstep (both, compared every "
                              "decision; overrides -scwarp_sched_impl)",
                              fmt::join(sched::rtl_issue_policies(), ", "),
                              fmt::join(sched::rtl_fetch_policies(), ", ")));
  CLI::Option* trace = cmd->add_option("--trace-rtl", opts->config.trace_rtl,
                  "Write a VCD trace of the scheduler RTL of one SM to this file (needs --sched-impl "
                  "rtl or lockstep; overrides -scwarp_trace_rtl)");
  CLI::Option* trace_sm = cmd->add_option("--trace-rtl-sm", opts->config.trace_rtl_sm,
                  "The SM --trace-rtl traces (default 0; overrides -scwarp_trace_rtl_sm)");
  CLI::Option* set = cmd->add_option("--set", opts->config.sets,
                  "Override one config option, NAME=VALUE (GPGPU-Sim name, leading '-' "
                  "optional); repeatable");
  cmd->add_option("--configs-dir", opts->configs_dir, "Folder holding the <name>.config files")
      ->capture_default_str();
  CLI::Option* functional =
      cmd->add_flag("--functional", opts->functional,
                    "Run on the functional engine only (instruction counts, no cycles)")
          ->excludes(config)
          ->excludes(sched)
          ->excludes(fetch)
          ->excludes(impl)
          ->excludes(trace)
          ->excludes(trace_sm)
          ->excludes(set);
  add_limit_options(cmd, opts->config, functional);
  add_trace_options(cmd, opts->trace, functional);
  cmd->add_option("--json", opts->json_path, "Also write the report to this JSON file");
  cmd->callback([opts, &exit_status] {
    exit_status = opts->functional ? run_functional(*opts) : run_timing(*opts);
  });
}

}  // namespace scwarp::cli
