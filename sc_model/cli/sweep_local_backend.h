// The local back end of `scwarp sweep`: each run as a child process of this
// one, `jobs` at a time.
#pragma once

#include "sc_model/cli/sweep_backend.h"

namespace scwarp::cli {

class LocalSweepBackend : public SweepBackend {
 public:
  explicit LocalSweepBackend(unsigned jobs) : jobs_(jobs) {}
  std::vector<size_t> carry_out(const std::vector<SweepRun>& runs, const std::vector<size_t>& todo,
                                const std::filesystem::path& out_dir, std::vector<RunOutcome>& outcomes,
                                SweepProgress& progress) override;

 private:
  unsigned jobs_;
};

}  // namespace scwarp::cli
