#include "sc_model/cli/metered_executor.h"

#include <chrono>
#include <ctime>

namespace scwarp::cli {

MeteredExecutor::MeteredExecutor(runtime::Executor& inner, LaunchMeter& meter)
    : inner_(inner), meter_(meter) {}

runtime::LaunchResult MeteredExecutor::execute(func::GlobalMemory& mem,
                                               const func::LaunchSpec& spec) {
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  runtime::LaunchResult result = inner_.execute(mem, spec);
  meter_.cpu_seconds += double(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  meter_.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ++meter_.launches;
  return result;
}

}  // namespace scwarp::cli
