// Carries out a planned sweep through a back end (sweep_backend.h): runs
// whose report is already complete are kept; the rest go to the back end,
// which starts each as `scwarp run` and finishes it here (finish_run), so
// every back end leaves the same files.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sc_model/cli/child_process.h"
#include "sc_model/cli/sweep_plan.h"

namespace scwarp::cli {

enum class RunStatus { Verified, Unverified, Failed };

// One run's outcome: the figures the summary needs, from its report.
struct RunOutcome {
  RunStatus status = RunStatus::Failed;
  bool kept = false;        // complete from an earlier sweep, not run again
  double seconds = 0;       // wall time of the child (0 when kept)
  // Completed runs (Verified, Unverified):
  std::string scheduler, fetch_policy;  // from the report's config
  uint64_t cycles = 0;
  double ipc = 0, host_seconds = 0;
  // Failed runs:
  int exit_status = 0;
  std::string error;        // the child's error line
};

// Where a run's report and failure record go, under the sweep's folder.
std::string run_report_path(const SweepRun& run);   // runs/<stem>.json
std::string run_failure_path(const SweepRun& run);  // failed/<stem>.txt

// The outcome of a complete report under `out_dir` for exactly this run
// (stamped with its arguments), or none.
std::optional<RunOutcome> completed_report(const SweepRun& run, const std::filesystem::path& out_dir);

// Starts the run's child `scwarp run`, its report going to <report>.part.
std::unique_ptr<SelfChild> start_run(const SweepRun& run, const std::filesystem::path& out_dir);

// After the child ended: stamps and renames its report into place, or
// records it as failed (failed/<stem>.txt with the child's stderr).
RunOutcome finish_run(const SweepRun& run, const std::filesystem::path& out_dir, const ChildResult& child);

// Records the run as failed: failed/<stem>.txt with its command, `child`'s
// exit status and stderr; removes what it left under runs/. `error` is the
// summary's one line. (finish_run's failures, and runs a batch system
// killed.)
RunOutcome record_failed_run(const SweepRun& run, const std::filesystem::path& out_dir, const ChildResult& child,
                             const std::string& error);

// Numbers the progress lines on stderr, one per finished run.
class SweepProgress {
 public:
  SweepProgress(size_t finished, size_t total) : finished_(finished), total_(total) {}
  void report(const SweepRun& run, const RunOutcome& o);

 private:
  size_t finished_, total_;
};

class SweepBackend;

// What a sweep came to: every run's outcome in plan order, or the indices of
// runs still pending (submitted to a batch system and not waited for).
struct SweepResult {
  std::vector<RunOutcome> outcomes;
  std::vector<size_t> pending;
};

// Hands every run without a complete report under `out_dir` to `backend`.
SweepResult execute_sweep(const std::vector<SweepRun>& runs, const std::string& out_dir, SweepBackend& backend);

}  // namespace scwarp::cli
