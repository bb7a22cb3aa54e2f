// One streaming multiprocessor (GTX480-like): fetch with an L1 instruction
// cache, per-warp I-buffers, a scoreboard, cfg.schedulers_per_sm issue
// schedulers driven by the configured issue policy, the operand collector
// with its register banks, SP/SFU pipelines, the
// LD/ST unit, the L1 data, constant and texture caches. docs/sm-pipeline.md describes it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include <systemc>
#include <tlm>

#include "sc_model/common/clocked_module.h"
#include "sc_model/common/delay_queue.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/mem/l1_data_cache.h"
#include "sc_model/mem/read_only_l1.h"
#include "sc_model/sched/policy.h"
#include "sc_model/sm/exec_units.h"
#include "sc_model/sm/fetch_unit.h"
#include "sc_model/sm/issue_stage.h"
#include "sc_model/sm/ldst_unit.h"
#include "sc_model/sm/operand_collector.h"
#include "sc_model/sm/sm_ports.h"
#include "sc_model/sm/warp_table.h"
#include "sc_model/stats/counters.h"
#include "sc_model/stats/gpu_live_stats.h"
#include "sc_model/stats/trace_sink.h"

namespace scwarp::sm {

class Sm : public ClockedModule, public SmControlIf, public MemWritebackIf, public WritebackIf {
 public:
  sc_core::sc_port<TbSinkIf> tb_sink;
  // VTW's logical TB counter; needed only by kernels that use nexttbid.
  sc_core::sc_port<TbIndexIf, 1, sc_core::SC_ZERO_OR_MORE_BOUND> tb_index;

  // `ops`: the opcode table for `cfg`, one the GPU's SMs share (it outlives
  // the SM). `trace`: where to report a timeline, if it traces this SM (else null).
  Sm(sc_core::sc_module_name name, const config::GpuConfig& cfg, const OpAssigner& ops, uint32_t sm_id,
     stats::TraceSink* trace = nullptr);
  ~Sm() override;

  void launch_tb(TbLaunch tb) override;         // visible next cycle; wakes the SM
  void set_tbs_waiting(bool waiting) override;  // visible next cycle
  tlm::tlm_initiator_socket<>& memory_socket();  // the L1 data cache's `down` socket
  void report(stats::SmCounters& out) const;
  // Thread instructions issued so far, every kernel (for -gpgpu_max_insn).
  uint64_t thread_instructions() const { return counters_.thread_instructions; }
  // SM 0 only: the policy's TB order at every tb_priority_period() boundary
  // while TBs are resident, when the policy ranks TBs (seed 000 Table IV).
  const std::vector<stats::TbOrderSnapshot>& tb_order_snapshots() const { return snapshots_; }
  bool idle() const;  // no TB resident, none queued, nothing in flight
  // Its resident warps grouped by where they are and why they wait, for a
  // kernel that does not finish: "SM 3: 8 warps at k+14 (f.ptx:88 'bra'),
  // ready; ...", or "" with no TB resident.
  std::string describe_running() const;

  // MemWritebackIf (from the LD/ST unit) and WritebackIf (from the SP/SFU pipelines).
  void memory_done(uint32_t warp, uint32_t tag, uint64_t cycle) override;
  void writeback(uint32_t warp, const ptx::Instr& instr, bool long_latency, uint64_t memory_cycles,
                 uint32_t tag, uint64_t cycle) override;
  // The GPU-wide statistics this SM adds to and shows its policy (MemoryView).
  void publish_to(stats::GpuLiveStats& live) { live_ = &live; }

 protected:
  uint64_t tick(uint64_t cycle) override;
  void skipped(uint64_t from, uint64_t count) override;

 private:
  bool take_launches(uint64_t cycle);
  bool finish_tbs(uint64_t cycle);
  void check_deadlock(uint32_t tb_slot) const;
  void update_policy_view(uint64_t cycle);
  bool serve_tb_indices(uint64_t cycle);
  void publish_in_flight(uint64_t cycle);
  uint64_t next_timer() const;
  void take_snapshots(uint64_t from, uint64_t until);  // boundaries in [from, until]
  void take_snapshot(uint64_t boundary);

  const config::GpuConfig cfg_;
  const uint32_t sm_id_;
  stats::SmCounters counters_;
  WarpTable table_;
  std::unique_ptr<sched::IssuePolicy> issue_policy_;
  std::unique_ptr<sched::FetchPolicy> fetch_policy_;
  // The stages, upstream first.
  FetchUnit fetch_;
  IssueStage issue_;
  OperandCollector collector_;
  mem::L1DataCache l1d_;
  mem::ReadOnlyL1 l1c_;  // the constant cache
  mem::ReadOnlyL1 l1t_;  // the texture cache
  LdstUnit ldst_;
  ExecUnits exec_;
  DelayQueue<TbLaunch> launches_;
  DelayQueue<bool> phase_;
  bool changed_ = false;  // something changed in this tick (set by callbacks too)
  // The memory side may have work: each unit raises its flag when work
  // reaches it (L1DataCache, ReadOnlyL1, LdstUnit), and tick() ticks a unit
  // only while its flag is up.
  bool l1d_work_ = false, l1c_work_ = false, l1t_work_ = false, ldst_work_ = false;
  std::vector<stats::TbOrderSnapshot> snapshots_;
  stats::GpuLiveStats* live_ = nullptr;
  uint32_t published_in_flight_ = 0;  // this SM's global_in_flight as last added to live_
  uint64_t snapshot_period_;  // the policy's tb_priority_period(); 0: no snapshots
  uint64_t next_snapshot_;
  stats::TraceSink* trace_ = nullptr;  // null unless a trace covers this SM
};

}  // namespace scwarp::sm
