#include "sc_model/gpu/gpu_top.h"

#include <fmt/format.h>

#include <algorithm>

#include "sc_model/runtime/occupancy.h"

namespace scwarp::gpu {

GpuTop::GpuTop(sc_core::sc_module_name name, const config::GpuConfig& cfg, stats::TraceSink* trace)
    : ClockedModule(name, cfg.skip_idle), cfg_(cfg), dispatcher_(cfg), ops_(cfg), tb_counter_(cfg.vtw_index_latency) {
  memory_ = std::make_unique<mem::MemorySystem>("memory", cfg);
  memory_->publish_to(live_);
  for (uint32_t i = 0; i < cfg.sm_count(); ++i) {
    sms_.push_back(std::make_unique<sm::Sm>(fmt::format("sm{}", i).c_str(), cfg, ops_, i, trace));
    sm::Sm& sm = *sms_.back();
    sm_control.bind(sm);
    sm.tb_sink.bind(*this);
    sm.tb_index.bind(*this);
    memory_->bind_sm(sm.memory_socket());
    sm.publish_to(live_);
  }
}

void GpuTop::start_kernel(func::Engine& engine, uint64_t kernel_index) {
  const func::LaunchSpec& spec = engine.spec();
  runtime::KernelResources resources{spec.registers_per_thread, spec.static_shared_bytes, 0};
  const auto footprint = runtime::block_footprint(resources, uint32_t(spec.block.count()),
                                                  spec.dynamic_shared_bytes);
  dispatcher_.start_kernel(spec.kernel->name, spec.grid.count(), footprint,
                           spec.registers_per_thread != 0);
  engine_ = &engine;
  kernel_index_ = kernel_index;
  max_resident_ = 0;
  running_ = true;
  set_phase(true);
  wake_at(current_cycle() + 1);
}

uint64_t GpuTop::blocks_unfinished() const {
  uint64_t done = 0;
  for (const stats::TbRecord& r : records_) done += r.kernel == kernel_index_;
  return dispatcher_.blocks() - done;
}

std::string GpuTop::describe_running() const {
  std::string out;
  for (const auto& sm : sms_) {
    const std::string line = sm->describe_running();
    if (!line.empty()) out += "\n  " + line;
  }
  return out;
}

uint64_t GpuTop::thread_instructions() const {
  uint64_t sum = 0;
  for (const auto& sm : sms_) sum += sm->thread_instructions();
  return sum;
}

void GpuTop::tb_done(const stats::TbRecord& record) {
  const uint64_t next = current_cycle() + 1;
  finished_.push(record, next);
  wake_at(next);
}

uint64_t GpuTop::tick(uint64_t cycle) {
  // SMs report in whatever order SystemC ran them; keep records in SM order
  // within a cycle so reports do not depend on process scheduling.
  const size_t first_new = records_.size();
  while (finished_.ready(cycle)) {
    stats::TbRecord r = finished_.pop();
    dispatcher_.tb_finished(r.sm);
    --resident_;
    records_.push_back(r);
  }
  std::sort(records_.begin() + first_new, records_.end(),
            [](const stats::TbRecord& a, const stats::TbRecord& b) { return a.sm < b.sm; });
  if (!running_) return kIdle;
  if (dispatcher_.kernel_done()) {
    running_ = false;
    sc_core::sc_pause();
    return kIdle;
  }
  // Once no SM takes a TB, nothing changes here until one finishes (tb_done wakes us).
  return place_blocks() && dispatcher_.tbs_waiting() ? cycle + 1 : kIdle;
}

bool GpuTop::place_blocks() {
  const std::vector<uint32_t>& sms = dispatcher_.place_this_cycle();
  uint64_t id = dispatcher_.placed_from();
  for (uint32_t sm : sms) {
    sm::TbLaunch tb;
    tb.engine = engine_;
    tb.block = engine_->make_block(id, sm);
    tb.kernel = kernel_index_;
    tb.id = id++;
    sm_control[sm]->launch_tb(std::move(tb));
  }
  resident_ += sms.size();
  max_resident_ = std::max(max_resident_, resident_);
  if (tbs_waiting_ && !dispatcher_.tbs_waiting()) set_phase(false);
  return !sms.empty();
}

void GpuTop::set_phase(bool tbs_waiting) {
  tbs_waiting_ = tbs_waiting;
  for (int i = 0; i < sm_control.size(); ++i) sm_control[i]->set_tbs_waiting(tbs_waiting);
}

void GpuTop::report(stats::RunReport& out) const {
  out.tbs = records_;
  out.sms.assign(sms_.size(), {});
  for (size_t i = 0; i < sms_.size(); ++i) sms_[i]->report(out.sms[i]);
  out.tb_order_snapshots = sms_.front()->tb_order_snapshots();
  memory_->report(out.l2, out.dram, out.icnt);
}

}  // namespace scwarp::gpu
