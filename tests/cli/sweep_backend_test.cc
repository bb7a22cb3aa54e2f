// `scwarp sweep --backend`: the options that only the Slurm back end takes
// are refused with the local one, and a Slurm that is not there is a clear
// error (tests/slurm runs the back end on a real Slurm).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "tests/cli/scwarp_process.h"

namespace scwarp::testing {
namespace {

constexpr const char* kSweep = "sweep --config tiny --size tiny --workload matmul --sched lrr";

TEST(SweepBackend, SlurmOptionsWithTheLocalBackendAreUsageErrors) {
  const std::string out = scratch_dir() + "/out";
  for (const std::string option : {"--partition p", "--account a", "--time 10", "--sbatch-arg=--mem=1G",
                                   "--no-wait", "--scwarp-binary /bin/true"}) {
    const ProcessResult r = run_scwarp(std::string(kSweep) + " --out '" + out + "' " + option);
    EXPECT_EQ(r.exit_status, 2) << option << r.err;
    EXPECT_NE(r.err.find(option.substr(0, option.find_first_of(" =")) + " needs --backend slurm"), std::string::npos)
        << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(out + "/runs"));
}

TEST(SweepBackend, UnknownBackendIsAUsageError) {
  const ProcessResult r = run_scwarp(std::string(kSweep) + " --backend pbs --out '" + scratch_dir() + "/out'");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_NE(r.err.find("--backend"), std::string::npos) << r.err;
}

TEST(SweepBackend, SlurmWithoutSbatchIsAClearError) {
  const std::string out = scratch_dir() + "/out";
  const char* path = std::getenv("PATH");
  const std::string saved = path ? path : "";
  setenv("PATH", scratch_dir().c_str(), 1);  // a folder without sbatch
  const ProcessResult r = run_scwarp(std::string(kSweep) + " --backend slurm --out '" + out + "'");
  setenv("PATH", saved.c_str(), 1);
  EXPECT_EQ(r.exit_status, 1) << r.err;
  EXPECT_NE(r.err.find("cannot run 'sbatch'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("needs Slurm's commands on PATH"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(out + "/slurm/array-1")) << "nothing was submitted";
}

TEST(SweepBackend, SweepTaskIsHiddenAndRefusesAMissingPlan) {
  EXPECT_EQ(run_scwarp("--help").out.find("sweep-task"), std::string::npos);
  const ProcessResult r = run_scwarp("sweep-task --plan '" + scratch_dir() + "/nope.json' --index 0");
  EXPECT_EQ(r.exit_status, 1);
  EXPECT_NE(r.err.find("nope.json: not a sweep array's plan"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace scwarp::testing
