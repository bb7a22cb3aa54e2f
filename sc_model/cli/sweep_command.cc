// `scwarp sweep`: plans the runs (sweep_plan), carries them out several at a
// time (sweep_runner) and writes the summary, <out>/sweep.json, in plan order.
#include "sc_model/cli/sweep_command.h"

#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "sc_model/cli/exit_status.h"
#include "sc_model/cli/json_file.h"
#include "sc_model/cli/slurm_backend.h"
#include "sc_model/cli/sweep_local_backend.h"
#include "sc_model/cli/sweep_plan.h"
#include "sc_model/cli/sweep_runner.h"
#include "sc_model/cli/unsigned_text.h"
#include "sc_model/cli/usage_error.h"
#include "sc_model/cli/workload_run.h"
#include "tb/workloads/workload.h"

namespace scwarp::cli {
namespace {

struct SweepOptions {
  SweepRequest request;
  unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
  bool jobs_given = false;
  std::string out_dir;
  std::string backend = "local";
  SlurmOptions slurm;
};

const char* status_name(RunStatus s) {
  switch (s) {
    case RunStatus::Verified: return "verified";
    case RunStatus::Unverified: return "unverified";
    case RunStatus::Failed: break;
  }
  return "failed";
}

nlohmann::json run_json(const SweepRun& run, const RunOutcome& o) {
  nlohmann::json j = {{"workload", run.workload},
                      {"barrier_intensive", run.barrier_intensive},
                      {"policy", run.policy},
                      {"config", run.config},
                      {"status", status_name(o.status)}};
  if (o.status == RunStatus::Failed) {
    j.update({{"sched", run.sched},
              {"fetch", run.fetch.empty() ? nlohmann::json() : nlohmann::json(run.fetch)},
              {"exit_status", o.exit_status},
              {"error", o.error},
              {"failure", run_failure_path(run)}});
    return j;
  }
  j.update({{"sched", o.scheduler},
            {"fetch", o.fetch_policy},
            {"verified", o.status == RunStatus::Verified},
            {"cycles", o.cycles},
            {"ipc", o.ipc},
            {"host_seconds", o.host_seconds},
            {"report", run_report_path(run)}});
  return j;
}

// Every value in first-seen order (the plan's order).
template <typename Field>
nlohmann::json distinct(const std::vector<SweepRun>& runs, Field field) {
  std::vector<std::string> values;
  for (const SweepRun& r : runs) {
    if (std::find(values.begin(), values.end(), r.*field) == values.end()) values.push_back(r.*field);
  }
  return values;
}

nlohmann::json summary_json(const SweepRequest& req, const std::vector<SweepRun>& runs,
                            const std::vector<RunOutcome>& outcomes) {
  nlohmann::json counts = {{"runs", runs.size()}, {"verified", 0}, {"unverified", 0}, {"failed", 0}};
  nlohmann::json list = nlohmann::json::array();
  for (size_t i = 0; i < runs.size(); ++i) {
    list.push_back(run_json(runs[i], outcomes[i]));
    counts[status_name(outcomes[i].status)] = counts[status_name(outcomes[i].status)].get<int>() + 1;
  }
  return {{"size", req.size},
          {"seed", req.seed},
          {"sets", req.sets},
          {"configs", distinct(runs, &SweepRun::config)},
          {"policies", distinct(runs, &SweepRun::policy)},
          {"workloads", distinct(runs, &SweepRun::workload)},
          {"summary", counts},
          {"runs", list}};
}

int exit_status_of(const nlohmann::json& counts) {
  if (counts.at("failed").get<int>() > 0) return kExitError;
  if (counts.at("unverified").get<int>() > 0) return kExitVerificationFailed;
  return kExitOk;
}

std::unique_ptr<SweepBackend> make_backend(const SweepOptions& opts) {
  if (opts.backend == "local") return std::make_unique<LocalSweepBackend>(opts.jobs);
  SlurmOptions slurm = opts.slurm;
  slurm.max_running = opts.jobs_given ? opts.jobs : 0;
  return std::make_unique<SlurmSweepBackend>(std::move(slurm));
}

int run_sweep(const SweepOptions& opts) {
  const std::vector<SweepRun> runs = plan_sweep(opts.request);
  std::filesystem::create_directories(opts.out_dir);
  const std::unique_ptr<SweepBackend> backend = make_backend(opts);
  const SweepResult result = execute_sweep(runs, opts.out_dir, *backend);
  if (!result.pending.empty()) {
    fmt::print("{} of {} runs still queued or running in Slurm; run the same command again to collect them "
               "(no summary written yet)\n",
               result.pending.size(), runs.size());
    return kExitPending;
  }
  const nlohmann::json summary = summary_json(opts.request, runs, result.outcomes);
  const std::string path = opts.out_dir + "/sweep.json";
  write_json_file(path, summary);
  const nlohmann::json& c = summary.at("summary");
  fmt::print("{} runs: {} verified, {} unverified, {} failed; summary in {}\n", c.at("runs").get<int>(),
             c.at("verified").get<int>(), c.at("unverified").get<int>(), c.at("failed").get<int>(), path);
  return exit_status_of(c);
}

void add_selection_options(CLI::App* cmd, SweepRequest& req) {
  CLI::Option* workload = cmd->add_option("--workload", req.workloads, "Workloads to run (several values)")
                              ->check(CLI::IsMember(workloads::workload_names()));
  CLI::Option* suite = cmd->add_option("--suite", req.suite,
                                       "Instead of --workload: the suite's barrier-intensive workloads, "
                                       "the others, or all (microbenchmarks never)")
                           ->check(CLI::IsMember(sweep_suite_names()));
  workload->excludes(suite);
  cmd->add_option("--sched", req.policies,
                  "Issue policies (several values); ISSUE+FETCH also sets the fetch policy, "
                  "e.g. mwf_lrr+cff; @TRANSFORM runs transformed kernels, e.g. gto@vtw:same (vGTO)")
      ->required();
  cmd->add_option("--config", req.configs,
                  "GPU config files or names in configs/ (several values; default: built-in gtx480)");
  cmd->add_option("--configs-dir", req.configs_dir, "Folder holding the <name>.config files")
      ->capture_default_str();
  cmd->add_option("--set", req.sets, "Override a config option in every run, NAME=VALUE; repeatable");
  cmd->add_option("--transform", req.transform,
                  "Run every policy on transformed kernels (vtw[:MODE], docs/vtw.md): the same as @TRANSFORM "
                  "after each --sched entry that has none");
  cmd->add_option("--size", req.size, "Problem size")->check(CLI::IsMember(size_names()))->capture_default_str();
  cmd->add_option("--seed", req.seed, "Seed of every workload's inputs")->check(unsigned_text())->capture_default_str();
}

// --backend slurm and its pass-through options; those make no sense for the
// local back end and are refused there, naming the option.
void add_backend_options(CLI::App* cmd, SweepOptions& opts) {
  cmd->add_option("--backend", opts.backend,
                  "Where the runs go: local (child processes here) or slurm (one sbatch job array)")
      ->check(CLI::IsMember({"local", "slurm"}))
      ->capture_default_str();
  cmd->add_option("--partition", opts.slurm.partition, "With --backend slurm: sbatch --partition");
  cmd->add_option("--account", opts.slurm.account, "With --backend slurm: sbatch --account");
  cmd->add_option("--time", opts.slurm.time, "With --backend slurm: sbatch --time, each run's time limit");
  cmd->add_option("--sbatch-arg", opts.slurm.sbatch_args,
                  "With --backend slurm: passed to sbatch as it is, repeatable (--sbatch-arg=--mem=4G)")
      ->allow_extra_args(false);
  cmd->add_flag("--no-wait", [&opts](int64_t) { opts.slurm.wait = false; },
                "With --backend slurm: return once submitted (status 4); the same command again collects");
  cmd->add_option("--scwarp-binary", opts.slurm.scwarp_binary,
                  "With --backend slurm: the scwarp each task runs (default: this one; it must be on every node)");
}

void refuse_slurm_options_locally(const CLI::App* cmd) {
  for (const char* name : {"--partition", "--account", "--time", "--sbatch-arg", "--no-wait", "--scwarp-binary"}) {
    if (cmd->count(name) > 0) throw UsageError(fmt::format("{} needs --backend slurm", name));
  }
}

}  // namespace

void add_sweep_command(CLI::App& app, int& exit_status) {
  auto opts = std::make_shared<SweepOptions>();
  opts->request.configs_dir = SCWARP_SOURCE_DIR "/configs";
  CLI::App* cmd = app.add_subcommand(
      "sweep", "Run every workload x scheduler policy x config on the timing model, several at a "
               "time, into a folder (resumable); summary in <out>/sweep.json");
  add_selection_options(cmd, opts->request);
  cmd->add_option("--jobs", opts->jobs,
                  "Runs at a time (default: the host's cores; with --backend slurm: Slurm's choice)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  add_backend_options(cmd, *opts);
  cmd->add_option("--out", opts->out_dir, "Folder for runs/, failed/ and sweep.json")->required();
  cmd->callback([opts, cmd, &exit_status] {
    if (opts->request.workloads.empty() && opts->request.suite.empty())
      throw UsageError("--workload or --suite is required");
    if (opts->backend == "local") refuse_slurm_options_locally(cmd);
    opts->jobs_given = cmd->count("--jobs") > 0;
    exit_status = run_sweep(*opts);
  });
}

}  // namespace scwarp::cli
