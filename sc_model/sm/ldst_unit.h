// The LD/ST unit: takes issued memory instructions, serialises their work
// (shared-memory bank conflicts, one coalesced global/local access per
// cycle into the L1, one constant/param address per cycle) and reports each
// instruction's completion so the scoreboard can release its registers.
// CONTRACT between the SM pipeline (sm.cc) and the memory side.
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include <systemc>

#include "sc_model/config/gpu_config.h"
#include "sc_model/func/engine.h"
#include "sc_model/mem/mem_access.h"
#include "sc_model/stats/counters.h"

namespace scwarp::sm {

// The SM side the LD/ST unit reports to.
class MemWritebackIf : public virtual sc_core::sc_interface {
 public:
  // Memory instruction `tag` of `warp` is complete at `cycle`: loads and
  // atomics have their data, stores have left the unit.
  virtual void memory_done(uint32_t warp, uint32_t tag, uint64_t cycle) = 0;
};

class LdstUnit : public sc_core::sc_module, public mem::MemResponseIf {
 public:
  sc_core::sc_port<mem::L1DataIf> l1;          // bound to the SM's L1 data cache
  sc_core::sc_port<MemWritebackIf> writeback;  // bound to the SM

  LdstUnit(sc_core::sc_module_name name, const config::GpuConfig& cfg, uint32_t sm_id);

  // Room for another instruction this cycle (the issue stage's structural check).
  bool can_accept() const;
  // An issued memory instruction (rec.instr->cls == Mem). `tag` is the SM's
  // handle, returned by memory_done.
  void accept(const func::ExecRecord& rec, uint32_t warp, uint32_t tag, uint64_t cycle);
  // One cycle of work, called by the SM's clocked process.
  void tick(uint64_t cycle);
  // Earliest cycle with work to do (ClockedModule::kIdle if none; responses
  // from the L1 wake the SM themselves).
  uint64_t next_event() const;
  bool busy() const;  // instructions queued or waiting for the L1
  uint32_t queued() const;  // instructions in the unit (for SmView::units)
  // Adds shared/const access counts into the SM's counters.
  void report(stats::SmCounters& counters) const;

  // mem::MemResponseIf, called by the L1 during the SM's tick.
  void access_done(uint32_t token, uint64_t cycle) override;
};

}  // namespace scwarp::sm
