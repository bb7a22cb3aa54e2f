// The GPU: cfg.sm_count() SMs and the memory system below their L1s, wired
// here, plus the global TB dispatcher, which is this module's own clocked
// process. One kernel runs at a time; when its last TB finishes the GPU
// pauses the simulation (sc_pause) so the host side can take the results.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

#include "sc_model/common/clocked_module.h"
#include "sc_model/common/delay_queue.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/func/engine.h"
#include "sc_model/gpu/logical_tb_counter.h"
#include "sc_model/gpu/tb_dispatcher.h"
#include "sc_model/mem/memory_system.h"
#include "sc_model/sm/sm.h"
#include "sc_model/sm/sm_ports.h"
#include "sc_model/stats/run_report.h"

namespace scwarp::gpu {

class GpuTop : public ClockedModule, public sm::TbSinkIf, public sm::TbIndexIf {
 public:
  sc_core::sc_port<sm::SmControlIf, 0> sm_control;  // one binding per SM, in SM order

  // `trace`: where the SMs it covers report a timeline (null: no trace).
  GpuTop(sc_core::sc_module_name name, const config::GpuConfig& cfg, stats::TraceSink* trace = nullptr);

  // Starts `engine`'s kernel: its TBs are placed from the next cycle on.
  // The engine must live until kernel_done().
  void start_kernel(func::Engine& engine, uint64_t kernel_index);
  bool kernel_done() const { return dispatcher_.kernel_done(); }
  // Between kernels: a host-to-device copy leaves its lines in the L2.
  void copy_into_l2(uint64_t addr, uint64_t bytes) { memory_->copy_into_l2(addr, bytes); }
  // Most TBs of the current kernel resident on the GPU at once (seed 004's R).
  uint64_t max_resident_tbs() const { return max_resident_; }
  uint64_t blocks_unfinished() const;
  // Every SM's resident warps, where they are and why they wait (Sm::describe_running), one SM per line.
  std::string describe_running() const;
  // Thread instructions every SM issued so far, every kernel.
  uint64_t thread_instructions() const;

  // sm::TbSinkIf
  void tb_done(const stats::TbRecord& record) override;

  // sm::TbIndexIf: the logical TB counter this module owns
  uint64_t request_tb_index(uint64_t kernel, uint64_t bound, uint32_t sm, uint32_t tb_slot,
                            uint64_t cycle) override {
    return tb_counter_.request(kernel, bound, sm, tb_slot, cycle);
  }
  std::optional<uint64_t> tb_index_granted(uint64_t ticket, uint64_t now) override {
    return tb_counter_.granted(ticket, now);
  }
  bool tb_indices_exhausted(uint64_t kernel, uint64_t now) override { return tb_counter_.exhausted(kernel, now); }

  // The per-TB records so far and every unit's counters.
  void report(stats::RunReport& out) const;

 private:
  uint64_t tick(uint64_t cycle) override;
  bool place_blocks();  // false when no SM could take a TB
  void set_phase(bool tbs_waiting);

  const config::GpuConfig& cfg_;
  TbDispatcher dispatcher_;
  // The opcode table every SM reads at each refresh and dispatch: one copy
  // for the GPU keeps it in the host's caches (one per SM and unit crowded them).
  const sm::OpAssigner ops_;
  stats::GpuLiveStats live_;  // what the SMs' policies read of the whole GPU
  LogicalTbCounter tb_counter_;
  std::vector<std::unique_ptr<sm::Sm>> sms_;
  std::unique_ptr<mem::MemorySystem> memory_;
  func::Engine* engine_ = nullptr;
  uint64_t kernel_index_ = 0;
  bool running_ = false;
  bool tbs_waiting_ = false;
  uint64_t resident_ = 0, max_resident_ = 0;
  DelayQueue<stats::TbRecord> finished_;  // tb_done() reports, handled at the next tick
  std::vector<stats::TbRecord> records_;
};

}  // namespace scwarp::gpu
