// Where a sweep's runs are carried out: here, several child processes at a
// time (sweep_local_backend), or as a Slurm job array (slurm_backend). Every
// back end starts a run with start_run and ends it with finish_run
// (sweep_runner.h), so the files a sweep leaves do not depend on it.
#pragma once

#include <filesystem>
#include <vector>

#include "sc_model/cli/sweep_plan.h"
#include "sc_model/cli/sweep_runner.h"

namespace scwarp::cli {

class SweepBackend {
 public:
  virtual ~SweepBackend() = default;
  // Carries out runs[i] for each i in `todo` (none has a complete report),
  // filling outcomes[i] and a progress line for each run that ended. Returns
  // the indices of those still pending (only a back end that may return
  // before its runs end leaves any).
  virtual std::vector<size_t> carry_out(const std::vector<SweepRun>& runs, const std::vector<size_t>& todo,
                                        const std::filesystem::path& out_dir, std::vector<RunOutcome>& outcomes,
                                        SweepProgress& progress) = 0;
};

}  // namespace scwarp::cli
