// The interfaces the SM's stages are wired through (sc_port / sc_export in
// Sm's constructor): issue hands instructions to the operand collector, the
// collector hands them (operands read) to the execution stage, which reports
// writebacks to the SM. Both hand-overs use DispatchIf.
#pragma once

#include <cstdint>

#include <systemc>

#include "sc_model/func/engine.h"
#include "sc_model/sm/op_timing.h"

namespace scwarp::sm {

// The next stage as the one in front of it sees it.
class DispatchIf : public virtual sc_core::sc_interface {
 public:
  // An instruction for a unit of this kind can be taken this cycle (structural check).
  virtual bool can_accept(ExecUnitKind unit, uint64_t cycle) const = 0;
  // Hands an issued instruction on towards `unit` (only when can_accept);
  // `long_latency` for global/local loads.
  virtual void dispatch(const func::ExecRecord& rec, uint32_t warp, bool long_latency, ExecUnitKind unit,
                        uint64_t cycle) = 0;
};

// The SM side an instruction's completion is reported to.
class WritebackIf : public virtual sc_core::sc_interface {
 public:
  // `instr` of `warp` is done at `cycle` (the caller's tick): its
  // destination registers are written. `memory_cycles`: for a memory
  // instruction, the cycles from the LD/ST unit's acceptance to completion;
  // 0 for the others. `tag`: the issued record's ExecRecord::tag.
  virtual void writeback(uint32_t warp, const ptx::Instr& instr, bool long_latency, uint64_t memory_cycles,
                         uint32_t tag, uint64_t cycle) = 0;
};

}  // namespace scwarp::sm
