// Runs one registered workload on the functional engine and measures it; the
// common core of `scwarp run --functional` and `scwarp bench`.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sc_model/runtime/device.h"
#include "tb/workloads/workload.h"

namespace scwarp::cli {

struct WorkloadRun {
  std::string workload;
  workloads::Size size = workloads::Size::Small;
  uint64_t seed = 0;
  std::string transform;         // canonical name; "" = the original kernels
  workloads::Verification verification;
  runtime::LaunchResult totals;  // summed over every launch
  uint64_t launches = 0;
  double host_seconds = 0;       // the whole run: inputs, launches, CPU reference check
  double launch_seconds = 0;     // inside the launches only: the simulator's own time
  double launch_cpu_seconds = 0; // CPU time inside the launches (unaffected by other load)

  // Simulation speed: thread instructions per host second spent in launches.
  double thread_instructions_per_second() const;
};

// Runs the workload's driver on a Device whose launches go to `executor`,
// its modules transformed by `transform` (ptx/transform_spec.h; "" = none).
WorkloadRun run_workload(const std::string& name, workloads::Size size, uint64_t seed,
                         runtime::Executor& executor, const std::string& transform = "");
// On the functional engine, each launch failing past `max_thread_instructions`.
WorkloadRun run_workload_functional(const std::string& name, workloads::Size size, uint64_t seed,
                                    const std::string& transform = "",
                                    uint64_t max_thread_instructions = runtime::kDefaultMaxThreadInstructions);

nlohmann::json to_json(const WorkloadRun& run);

// The names CLI11 accepts for --size, from the workload layer's own spelling.
std::vector<std::string> size_names();

}  // namespace scwarp::cli
