// The text `scwarp sweep --backend slurm` exchanges with Slurm: what it
// writes (the array's task range, the batch script) and what it reads back
// (sbatch's job id, a task's state from scontrol or sacct, the line
// slurmstepd writes into a killed task's output). No process is run here.
#pragma once

#include <map>
#include <string>

namespace scwarp::cli {

// sbatch --array for `tasks` tasks, at most `max_running` at a time (0: no
// limit): "0-9%4".
std::string slurm_array_spec(size_t tasks, unsigned max_running);

// The batch script every array task runs: `scwarp` runs the plan's run of
// index $SLURM_ARRAY_TASK_ID (the hidden `scwarp sweep-task`).
std::string slurm_batch_script(const std::string& scwarp, const std::string& plan);

// The job id in `sbatch --parsable`'s output ("123" or "123;cluster").
// Throws scwarp::Error quoting the output when there is none.
std::string slurm_job_id(const std::string& sbatch_output);

// One array task's end as Slurm tells it.
struct SlurmTaskState {
  std::string state;      // "CANCELLED", "TIMEOUT", "NODE_FAIL", "COMPLETED"...
  std::string reason;     // scontrol's Reason (empty when "None" or unknown)
  std::string exit_code;  // "EXIT:SIGNAL", e.g. "0:15"
};

// Array task index -> state, from `scontrol -o show job JOB` (one line per
// job record; pending tasks may share one record, "ArrayTaskId=2-5%1").
std::map<unsigned, SlurmTaskState> parse_scontrol_tasks(const std::string& text);

// The same from `sacct -n -P -X -j JOB -o JobID,State,ExitCode`
// ("12_3|CANCELLED by 0|0:15", "12_[4-6]|CANCELLED by 0|0:0").
std::map<unsigned, SlurmTaskState> parse_sacct_tasks(const std::string& text);

// What slurmstepd wrote into a killed task's output, e.g. "JOB 14 ON node1
// CANCELLED AT 2026-11-26T20:18:33 DUE TO TIME LIMIT"; empty when none.
std::string slurm_kill_line(const std::string& output);

// Why a task ended without finishing its run, in one line: Slurm's state
// and reason, and slurmstepd's kill line or else the last line of the
// task's output; or that neither Slurm nor the output says anything.
std::string slurm_end_reason(const SlurmTaskState& state, const std::string& output);

// A task's "EXIT:SIGNAL" as an exit status: 128 + signal when killed by
// one, else the exit code, else `otherwise`.
int slurm_exit_status(const std::string& exit_code, int otherwise);

}  // namespace scwarp::cli
