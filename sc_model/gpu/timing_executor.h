// The timing model as a runtime::Executor: every workload driver runs on it
// unchanged. It elaborates the GPU once (SystemC allows one elaboration per
// process) and runs each launch with sc_start() until the GPU pauses at the
// kernel's end.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "sc_model/common/error.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/gpu/gpu_top.h"
#include "sc_model/runtime/device.h"
#include "sc_model/stats/run_report.h"

namespace scwarp::gpu {

class TimingExecutor : public runtime::Executor {
 public:
  // Throws scwarp::Error if a timing model was already elaborated in this
  // process, or if the config names an unknown scheduler policy.
  // `trace` (may be null) hears every traced event and must outlive this.
  explicit TimingExecutor(const config::GpuConfig& cfg, stats::TraceSink* trace = nullptr);
  ~TimingExecutor() override;

  runtime::LaunchResult execute(func::GlobalMemory& mem, const func::LaunchSpec& spec) override;
  // With -gpgpu_perf_sim_memcpy 1 the copy's lines are left in the L2.
  void copied_to_device(uint64_t dst, uint64_t bytes) override;
  uint64_t device_memory_bytes() const override { return uint64_t(cfg_.device_memory_mb) << 20; }
  uint64_t device_heap_bytes() const override { return cfg_.device_heap_bytes; }
  runtime::SmLimits sm_limits() const override { return TbDispatcher::limits_of(cfg_); }

  // Counters of every unit and the records of every kernel and TB so far.
  stats::RunReport report() const;

 private:
  // Simulates until the launch ends; throws scwarp::Error past -gpgpu_max_cycle
  // or -gpgpu_max_insn, or when nothing is left to simulate but TBs are unfinished.
  void run_until_kernel_done(const func::LaunchSpec& spec);
  // Cycles to simulate before the next look at the limits, `ran` cycles into
  // the launch (0: until the launch ends).
  uint64_t next_step(uint64_t ran) const;
  // The error of a launch past a limit: what it did, how to raise the limit,
  // and every SM's warps.
  Error past_limit(const func::LaunchSpec& spec, const std::string& what, const char* flag,
                   const char* option) const;

  config::GpuConfig cfg_;
  std::unique_ptr<GpuTop> gpu_;
  std::unique_ptr<func::Engine> engine_;  // the running kernel's
  std::vector<stats::KernelRecord> kernels_;
  stats::TraceSink* trace_;
};

}  // namespace scwarp::gpu
