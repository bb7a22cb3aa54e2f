// `scwarp bench` on the timing model: each workload runs as `scwarp run` in
// a child process; the bench gathers their reports into one speed table.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sc_model/cli/run_config.h"

namespace scwarp::cli {

struct TimingBenchRequest {
  std::vector<std::string> workloads;  // empty: every workload
  std::string size;
  uint64_t seed = 1;
  ConfigChoice config;
  std::string json_path;
};

// Returns the exit status: ok when every run completed and verified.
int run_timing_bench(const TimingBenchRequest& request);

}  // namespace scwarp::cli
