// The execution stage: cfg.sp_units SP pipelines and cfg.sfu_units SFU
// pipelines (PipelinedUnit each), and the hand-over of memory instructions
// to the LD/ST unit. The operand collector dispatches into it. Results are written back (scoreboard release) through
// a DelayQueue at issue + latency; memory instructions when the LD/ST unit
// reports them done.
#pragma once

#include <cstdint>
#include <vector>

#include <systemc>

#include "sc_model/common/delay_queue.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/sm/ldst_unit.h"
#include "sc_model/sm/op_timing.h"
#include "sc_model/sm/pipelined_unit.h"
#include "sc_model/sm/stage_ports.h"

namespace scwarp::sm {

class ExecUnits : public sc_core::sc_module, public DispatchIf {
 public:
  sc_core::sc_export<DispatchIf> in;       // the operand collector's `out` port binds here
  sc_core::sc_port<WritebackIf> writeback; // completions go to the SM

  ExecUnits(sc_core::sc_module_name name, const config::GpuConfig& cfg, const OpAssigner& ops, LdstUnit& ldst);

  bool can_accept(ExecUnitKind unit, uint64_t cycle) const override;
  void dispatch(const func::ExecRecord& rec, uint32_t warp, bool long_latency, ExecUnitKind unit,
                uint64_t cycle) override;

  // Writes back every SP/SFU result due by `cycle`; true if any.
  bool retire(uint64_t cycle);
  // The LD/ST unit finished memory instruction `tag`: write it back.
  void memory_done(uint32_t tag, uint64_t cycle);
  // Earliest pending SP/SFU writeback (ClockedModule::kIdle if none).
  uint64_t next_event() const;

 private:
  struct InFlight {
    uint32_t warp = 0;
    const ptx::Instr* instr = nullptr;
    bool long_latency = false;
    uint64_t accepted = 0;  // memory instructions: the cycle the LD/ST unit took it
    uint32_t tag = 0;       // ExecRecord::tag
  };
  static PipelinedUnit* first_free(std::vector<PipelinedUnit>& units, uint64_t cycle);
  uint32_t new_memory_tag(const InFlight& item);

  const OpAssigner& ops_;  // the GPU's one table
  LdstUnit& ldst_;
  std::vector<PipelinedUnit> sp_, sfu_;
  DelayQueue<InFlight> results_;
  std::vector<InFlight> memory_;        // by tag
  std::vector<uint32_t> free_tags_;
};

}  // namespace scwarp::sm
