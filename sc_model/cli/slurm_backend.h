// The Slurm back end of `scwarp sweep` (--backend slurm, docs/cli.md): the
// runs go to Slurm as one job array, each task running the hidden
// `scwarp sweep-task`, which runs its run exactly as the local back end does
// (start_run, finish_run) into the same folder, so the sweep leaves the same
// files. Everything about an array lives in <out>/slurm/array-<n>/: its
// plan (the tasks' runs), batch script, job id once submitted, each task's
// output and outcome, and a mark once collected.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "sc_model/cli/sweep_backend.h"

namespace scwarp::cli {

struct SlurmOptions {
  std::string partition, account, time;  // passed to sbatch when given
  std::vector<std::string> sbatch_args;   // passed to sbatch as they are, after the others
  unsigned max_running = 0;               // tasks at a time (--array ...%N), 0: Slurm's choice
  bool wait = true;                       // false: return once submitted (--no-wait)
  std::string scwarp_binary;              // what each task runs; empty: this program
};

class SlurmSweepBackend : public SweepBackend {
 public:
  explicit SlurmSweepBackend(SlurmOptions options);
  // Collects arrays submitted by earlier calls, submits one array for the
  // runs no earlier array holds, and (unless --no-wait) waits for them all.
  std::vector<size_t> carry_out(const std::vector<SweepRun>& runs, const std::vector<size_t>& todo,
                                const std::filesystem::path& out_dir, std::vector<RunOutcome>& outcomes,
                                SweepProgress& progress) override;

 private:
  SlurmOptions options_;
};

// One array task (`scwarp sweep-task`): runs run `index` of the plan and
// leaves its outcome next to the plan. Throws scwarp::Error naming the plan
// file when it cannot be read or has no such run.
void run_sweep_task(const std::filesystem::path& plan_file, size_t index);

}  // namespace scwarp::cli
