#include "sc_model/gpu/timing_executor.h"

#include <fmt/format.h>

#include "sc_model/common/error.h"
#include "sc_model/sched/registry.h"

namespace scwarp::gpu {
namespace {

// Fails early, before elaboration, on a policy name no registry knows.
void check_policies(const config::GpuConfig& cfg) {
  sched::PolicyContext ctx{cfg, 0, cfg.scheduled_warps_per_sm(), cfg.max_tbs_per_sm,
                           cfg.schedulers_per_sm};
  sched::make_issue_policy(cfg.scheduler, ctx);
  sched::make_fetch_policy(cfg.fetch_policy, ctx);
}

// With -gpgpu_max_insn the simulation pauses this often to count the
// launch's instructions: a launch stops within this many cycles past its limit.
constexpr uint64_t kInsnCheckCycles = 1024;

}  // namespace

TimingExecutor::TimingExecutor(const config::GpuConfig& cfg, stats::TraceSink* trace) : cfg_(cfg), trace_(trace) {
  if (sc_core::sc_get_status() != sc_core::SC_ELABORATION)
    throw Error("a timing model was already simulated in this process (SystemC elaborates once)");
  check_policies(cfg_);
  gpu_ = std::make_unique<GpuTop>("gpu", cfg_, trace_);
}

TimingExecutor::~TimingExecutor() = default;

runtime::LaunchResult TimingExecutor::execute(func::GlobalMemory& mem,
                                              const func::LaunchSpec& launch) {
  func::LaunchSpec spec = launch;
  spec.sm_count = cfg_.sm_count();
  spec.large_warp_rows = cfg_.large_warp_rows();
  engine_ = std::make_unique<func::Engine>(mem, spec);
  stats::KernelRecord kernel;
  kernel.name = spec.kernel->name;
  kernel.blocks = spec.grid.count();
  kernel.threads_per_block = uint32_t(spec.block.count());
  kernel.start_cycle = current_cycle();
  gpu_->start_kernel(*engine_, kernels_.size());
  run_until_kernel_done(spec);
  kernel.end_cycle = current_cycle();
  kernel.max_resident_tbs = gpu_->max_resident_tbs();
  stats::RunReport so_far;
  gpu_->report(so_far);
  for (const stats::TbRecord& tb : so_far.tbs) {
    if (tb.kernel != kernels_.size()) continue;
    kernel.warp_instructions += tb.warp_instructions;
    kernel.thread_instructions += tb.thread_instructions;
  }
  if (trace_) trace_->kernel_done(kernels_.size(), kernel);
  kernels_.push_back(kernel);
  runtime::LaunchResult result;
  result.thread_instructions = kernel.thread_instructions;
  result.warp_instructions = kernel.warp_instructions;
  result.blocks = kernel.blocks;
  result.cycles = kernel.cycles();
  return result;
}

void TimingExecutor::copied_to_device(uint64_t dst, uint64_t bytes) {
  if (cfg_.perf_sim_memcpy) gpu_->copy_into_l2(dst, bytes);
}

uint64_t TimingExecutor::next_step(uint64_t ran) const {
  uint64_t step = cfg_.max_cycles ? cfg_.max_cycles - ran : 0;
  if (cfg_.max_insn && (step == 0 || step > kInsnCheckCycles)) step = kInsnCheckCycles;
  return step;
}

Error TimingExecutor::past_limit(const func::LaunchSpec& spec, const std::string& what, const char* flag,
                                 const char* option) const {
  return Error(fmt::format("kernel '{}' {} ({} of {} thread blocks unfinished; a kernel that never ends? raise the "
                           "limit with {} N or --set {}=N, 0 for none); its warps at cycle {}:{}",
                           spec.kernel->name, what, gpu_->blocks_unfinished(), spec.grid.count(), flag, option,
                           current_cycle(), gpu_->describe_running()));
}

void TimingExecutor::run_until_kernel_done(const func::LaunchSpec& spec) {
  const uint64_t start = current_cycle(), issued_before = gpu_->thread_instructions();
  for (;;) {
    const uint64_t step = next_step(current_cycle() - start);
    if (step)
      sc_core::sc_start(sc_core::sc_time(double(step), sc_core::SC_NS));
    else
      sc_core::sc_start();
    if (std::exception_ptr fault = ClockedModule::take_fault()) std::rethrow_exception(fault);
    if (gpu_->kernel_done()) return;
    if (cfg_.max_cycles && current_cycle() - start >= cfg_.max_cycles)
      throw past_limit(spec, fmt::format("did not finish within -gpgpu_max_cycle {} cycles", cfg_.max_cycles),
                       "--max-cycles", "gpgpu_max_cycle");
    const uint64_t executed = gpu_->thread_instructions() - issued_before;
    if (cfg_.max_insn && executed > cfg_.max_insn)
      throw past_limit(spec,
                       fmt::format("executed {} thread instructions, past -gpgpu_max_insn {}", executed,
                                   cfg_.max_insn),
                       "--max-instructions", "gpgpu_max_insn");
    if (!sc_core::sc_pending_activity())
      throw Error(fmt::format("kernel '{}' stalled at cycle {}: no unit has work left but {} of {} "
                              "thread blocks are unfinished",
                              spec.kernel->name, current_cycle(), gpu_->blocks_unfinished(), spec.grid.count()));
  }
}

stats::RunReport TimingExecutor::report() const {
  stats::RunReport r;
  gpu_->report(r);
  r.kernels = kernels_;
  return r;
}

}  // namespace scwarp::gpu
