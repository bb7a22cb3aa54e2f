#include "sc_model/cli/workload_run.h"

#include <chrono>
#include <memory>

#include "sc_model/cli/metered_executor.h"

namespace scwarp::cli {

double WorkloadRun::thread_instructions_per_second() const {
  return launch_seconds > 0 ? double(totals.thread_instructions) / launch_seconds : 0.0;
}

WorkloadRun run_workload_functional(const std::string& name, workloads::Size size, uint64_t seed,
                                    const std::string& transform, uint64_t max_thread_instructions) {
  std::unique_ptr<runtime::Executor> functional = runtime::make_functional_executor(max_thread_instructions);
  return run_workload(name, size, seed, *functional, transform);
}

WorkloadRun run_workload(const std::string& name, workloads::Size size, uint64_t seed,
                         runtime::Executor& executor, const std::string& transform) {
  WorkloadRun run;
  run.workload = name;
  run.size = size;
  run.seed = seed;
  LaunchMeter meter;
  runtime::Device device(
      std::make_unique<MeteredExecutor>(executor, meter));
  device.set_module_transform(ptx::parse_transform(transform));
  run.transform = device.module_transform();
  std::unique_ptr<workloads::Workload> workload = workloads::make_workload(name);
  const auto start = std::chrono::steady_clock::now();
  run.verification = workload->run(device, size, seed);
  run.host_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.totals = device.totals();
  run.launches = meter.launches;
  run.launch_seconds = meter.seconds;
  run.launch_cpu_seconds = meter.cpu_seconds;
  return run;
}

nlohmann::json to_json(const WorkloadRun& run) {
  return {
      {"workload", run.workload},
      {"size", workloads::size_name(run.size)},
      {"seed", run.seed},
      {"transform", run.transform.empty() ? "none" : run.transform},
      {"logical_blocks", run.totals.logical_blocks},
      {"virtual_tb_placement", run.totals.placement},
      {"verified", run.verification.ok},
      {"verify_message", run.verification.message},
      {"launches", run.launches},
      {"blocks", run.totals.blocks},
      {"warp_instructions", run.totals.warp_instructions},
      {"thread_instructions", run.totals.thread_instructions},
      {"host_seconds", run.host_seconds},
      {"launch_seconds", run.launch_seconds},
      {"launch_cpu_seconds", run.launch_cpu_seconds},
      {"thread_instructions_per_second", run.thread_instructions_per_second()},
  };
}

std::vector<std::string> size_names() {
  using workloads::Size;
  std::vector<std::string> names;
  for (Size s : {Size::Tiny, Size::Small, Size::Paper}) names.push_back(workloads::size_name(s));
  return names;
}

}  // namespace scwarp::cli
