// The interfaces the SM's stages are wired through (sc_port / sc_export in
// Sm's constructor): issue hands instructions to the execution stage, which
// reports writebacks to the SM.
#pragma once

#include <cstdint>

#include <systemc>

#include "sc_model/func/engine.h"
#include "sc_model/sm/op_timing.h"

namespace scwarp::sm {

// Execution stage as the issue stage sees it.
class DispatchIf : public virtual sc_core::sc_interface {
 public:
  // A unit of this kind can take an instruction this cycle (structural check).
  virtual bool can_accept(ExecUnitKind unit, uint64_t cycle) const = 0;
  // Sends an issued instruction to its unit; `long_latency` for global/local loads.
  virtual void dispatch(const func::ExecRecord& rec, uint32_t warp, bool long_latency,
                        uint64_t cycle) = 0;
};

// The SM side an instruction's completion is reported to.
class WritebackIf : public virtual sc_core::sc_interface {
 public:
  // `instr` of `warp` is done: its destination registers are written.
  virtual void writeback(uint32_t warp, const ptx::Instr& instr, bool long_latency) = 0;
};

}  // namespace scwarp::sm
