// The LD/ST unit: takes issued memory instructions, serialises their work
// (shared-memory bank conflicts, one coalesced global/local access per
// cycle into the L1, one distinct constant/param line per cycle into the
// constant cache, one distinct texel line per cycle into the texture cache)
// and reports each instruction's completion so the scoreboard can release
// its registers.
// CONTRACT between the SM pipeline (sm.cc) and the memory side.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <vector>

#include <systemc>

#include "sc_model/common/delay_queue.h"
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
  sc_core::sc_port<mem::L1DataIf> constants;   // bound to the SM's constant cache
  sc_core::sc_port<mem::L1DataIf> textures;    // bound to the SM's texture cache
  sc_core::sc_port<MemWritebackIf> writeback;  // bound to the SM

  // `has_work` is the SM's flag for the unit, as for the L1 caches: accept()
  // raises it, and the SM ticks the unit only while it is up.
  LdstUnit(sc_core::sc_module_name name, const config::GpuConfig& cfg, uint32_t sm_id, bool& has_work);

  // Room for another instruction this cycle (the issue stage's structural check).
  bool can_accept() const;
  // An issued memory instruction (rec.instr->cls == Mem). `tag` is the SM's
  // handle, returned by memory_done.
  void accept(const func::ExecRecord& rec, uint32_t warp, uint32_t tag, uint64_t cycle);
  // One cycle of work, called by the SM's clocked process. Returns whether
  // work is left (an instruction waiting, in service or due to complete).
  bool tick(uint64_t cycle);
  // Earliest cycle with work to do (ClockedModule::kIdle if none; responses
  // from the L1 wake the SM themselves).
  uint64_t next_event() const;
  bool busy() const;  // instructions queued or waiting for the L1
  uint32_t queued() const;  // instructions in the unit (for SmView::units)
  // Adds shared/const/texture access counts and texture stalls into the SM's counters.
  void report(stats::SmCounters& counters) const;

  // mem::MemResponseIf, called by the L1 during the SM's tick.
  void access_done(uint32_t token, uint64_t cycle) override;

 private:
  // Instructions accepted but not yet started (besides the one in service).
  static constexpr uint32_t kQueued = 2;
  // Instructions in the unit at once: queued, in service, or waiting for
  // their L1 accesses (a bound the MSHRs reach long before).
  static constexpr uint32_t kSlots = 64;

  enum class Work : uint8_t {
    Banked,    // shared: occupies the unit, then a fixed latency
    Accesses,  // global / local into the L1, const / param into the constant cache,
               // texture into the texture cache: one access per cycle
  };
  enum class Target : uint8_t { L1d, Constant, Texture };  // the cache an Accesses instruction feeds
  struct Instruction {
    uint32_t warp = 0, tag = 0;
    Work work = Work::Banked;
    uint32_t cycles = 0;   // Banked: cycles the unit is occupied
    uint32_t latency = 0;  // Banked: from the last occupied cycle to completion
    std::vector<mem::MemAccess> accesses;  // Accesses: token = slot index
    Target target = Target::L1d;           // Accesses: where they go
    uint32_t outstanding = 0;  // accepted by the L1, not yet done
  };
  struct Waiting {
    uint32_t slot = 0;
    uint64_t ready = 0;  // first cycle it may start
  };

  void describe_work(Instruction& in, const func::ExecRecord& rec, uint32_t warp, uint32_t slot);
  void serve(uint64_t cycle);
  void start(uint32_t slot, uint64_t cycle);
  void offer_access(uint64_t cycle);
  mem::L1DataIf& cache(Target target);
  void finish(uint32_t slot, uint64_t cycle);
  bool in_service(uint32_t slot) const { return current_ == int32_t(slot); }

  const config::GpuConfig& cfg_;
  uint32_t sm_id_;
  std::vector<Instruction> slots_;
  std::vector<uint32_t> free_slots_;
  std::array<Waiting, kQueued> waiting_;  // FIFO ring
  uint32_t waiting_head_ = 0, waiting_count_ = 0;
  int32_t current_ = -1;       // slot in service, -1 if none
  uint64_t busy_until_ = 0;    // Banked in service: first cycle the unit is free again
  uint32_t next_access_ = 0;   // Accesses in service: the next one to offer the L1
  DelayQueue<uint32_t> banked_done_;  // Banked slots complete at their cycle
  uint64_t last_tick_ = 0;
  bool& has_work_;
  uint64_t shared_accesses_ = 0, shared_bank_cycles_ = 0, const_accesses_ = 0;
  uint64_t tex_accesses_ = 0, tex_stall_cycles_ = 0;
};

}  // namespace scwarp::sm
