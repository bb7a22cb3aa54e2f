// Carries out a planned sweep: each run as a child `scwarp run`, several at a
// time; runs whose report is already complete are kept, failures recorded.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

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

// Runs every run without a complete report under `out_dir`, `jobs` at a time,
// printing one progress line per finished run on stderr. Returns the
// outcomes in plan order, whatever order the runs finished in.
std::vector<RunOutcome> execute_sweep(const std::vector<SweepRun>& runs, const std::string& out_dir,
                                      unsigned jobs);

}  // namespace scwarp::cli
