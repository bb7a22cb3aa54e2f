// `scwarp run`: one workload, one size, one seed. Only the functional engine
// exists in this build; without --functional the command refuses rather than
// pretending to model time.
#include "sc_model/cli/run_command.h"

#include <fmt/core.h>

#include <memory>
#include <string>

#include "sc_model/cli/exit_status.h"
#include "sc_model/cli/json_file.h"
#include "sc_model/cli/unsigned_text.h"
#include "sc_model/cli/usage_error.h"
#include "sc_model/cli/workload_run.h"
#include "tb/workloads/workload.h"

namespace scwarp::cli {
namespace {

// What a bare `scwarp run --functional` runs: the README's first command.
constexpr const char* kDefaultWorkload = "matmul";
constexpr const char* kDefaultSize = "small";

struct RunOptions {
  std::string workload = kDefaultWorkload;
  std::string size = kDefaultSize;
  uint64_t seed = 1;
  bool functional = false;
  std::string json_path;
};

void print_summary(const WorkloadRun& run) {
  fmt::print("workload             {}\n", run.workload);
  fmt::print("size                 {}\n", workloads::size_name(run.size));
  fmt::print("seed                 {}\n", run.seed);
  fmt::print("mode                 functional\n");
  fmt::print("verified             {}{}\n", run.verification.ok ? "yes" : "NO",
             run.verification.message.empty() ? "" : " (" + run.verification.message + ")");
  fmt::print("launches             {}\n", run.launches);
  fmt::print("blocks               {}\n", run.totals.blocks);
  fmt::print("warp instructions    {}\n", run.totals.warp_instructions);
  fmt::print("thread instructions  {}\n", run.totals.thread_instructions);
  fmt::print("host seconds         {:.3f} ({:.3f} in launches)\n", run.host_seconds,
             run.launch_seconds);
  fmt::print("thread instr/s       {:.4g}\n", run.thread_instructions_per_second());
}

int run(const RunOptions& opts) {
  if (!opts.functional)
    throw UsageError("the cycle-level timing model is not built yet; run with --functional");
  const WorkloadRun result =
      run_workload_functional(opts.workload, workloads::parse_size(opts.size), opts.seed);
  print_summary(result);
  if (!opts.json_path.empty()) write_json_file(opts.json_path, to_json(result));
  return result.verification.ok ? kExitOk : kExitVerificationFailed;
}

}  // namespace

void add_run_command(CLI::App& app, int& exit_status) {
  auto opts = std::make_shared<RunOptions>();
  CLI::App* cmd = app.add_subcommand(
      "run", "Run one workload and verify it against its CPU reference (needs --functional: "
             "the cycle-level timing model is not built yet)");
  cmd->add_option("--workload", opts->workload, "Workload name (see `scwarp list workloads`)")
      ->check(CLI::IsMember(workloads::workload_names()))
      ->capture_default_str();
  cmd->add_option("--size", opts->size, "Problem size")
      ->check(CLI::IsMember(size_names()))
      ->capture_default_str();
  cmd->add_option("--seed", opts->seed, "Seed of the workload's input generator")
      ->check(unsigned_text())
      ->capture_default_str();
  cmd->add_flag("--functional", opts->functional,
                "Run on the functional engine (instruction counts, no cycles)");
  cmd->add_option("--json", opts->json_path, "Also write the report to this JSON file");
  cmd->callback([opts, &exit_status] { exit_status = run(*opts); });
}

}  // namespace scwarp::cli
