// The front end: each cycle the fetch policy picks up to cfg.fetch_width
// warps among the fetchable ones; each fetch reads the warp's next
// sequential instructions from the L1 instruction cache and puts them in the
// warp's I-buffer cfg.decode_latency cycles later (after the line's refill,
// on a miss). A miss is a line read through the SM's one port below L1
// (`memory`, the L1D's miss queue and socket) to the interconnect and the L2,
// as in GPGPU-Sim; the line arrives through access_done.
//
// Instruction addresses: function f's code starts at a 4 KB-aligned base,
// functions laid out one after another in Module::functions order; the
// instruction at pc is at base + pc * 8 (8-byte instructions, as SASS).
// A fetch brings the instructions from the fetch position to the end of its
// cache line, at most the I-buffer's free entries. The L1I allocates lines
// when they arrive (GPGPU-Sim's il1 'f' policy); misses to a line already
// being refilled merge in the MSHR table.
#pragma once

#include <cstdint>
#include <vector>

#include <systemc>

#include "sc_model/common/delay_queue.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/mem/mem_access.h"
#include "sc_model/mem/read_only_cache.h"
#include "sc_model/sched/policy.h"
#include "sc_model/sm/warp_table.h"
#include "sc_model/stats/counters.h"

namespace scwarp::sm {

inline constexpr uint64_t kInstrBytes = 8;
inline constexpr uint64_t kFunctionAlign = 4096;

// Code base address of every function of `module` (see above).
std::vector<uint64_t> code_layout(const ptx::Module& module);

class FetchUnit : public sc_core::sc_module, public mem::MemResponseIf {
 public:
  sc_core::sc_port<mem::LineReadIf> memory;  // L1I misses go below through it

  FetchUnit(sc_core::sc_module_name name, const config::GpuConfig& cfg, WarpTable& table,
            sched::FetchPolicy& policy, sched::IssuePolicy& issue);

  // Decode: fetched instructions whose time has come enter their I-buffers,
  // and refilled I-cache lines are installed. True if anything changed.
  bool deliver(uint64_t cycle);
  // Fetch: starts this cycle's fetches. True if any started.
  bool fetch(uint64_t cycle);
  // Earliest pending decode, or the next cycle while a miss waits for the
  // port (ClockedModule::kIdle if none: an arriving line wakes the SM).
  uint64_t next_event() const;
  // `count` cycles the SM slept through: each would have repeated the last
  // tick's fetch attempts the L1I refused (its MSHRs full), as counted.
  void skipped(uint64_t count) {
    l1i_.counters().accesses += refused_last_tick_ * count;
    l1i_.counters().reservation_fails += refused_last_tick_ * count;
  }
  // The warp's stream restarts at `pos`: fetches in flight are dropped.
  void redirect(uint32_t warp, CodePos pos);
  void stop(uint32_t warp);  // the warp exited
  void report(stats::SmCounters& out) const;
  const stats::CacheCounters& l1i_counters() const { return l1i_.counters(); }
  // MemResponseIf: line read `token` has arrived.
  void access_done(uint32_t token, uint64_t cycle) override;

 private:
  uint64_t address_of(const WarpSlot& slot, CodePos pos);
  // Starts one fetch for warp `w`; false if the I-cache refused (MSHR full).
  bool start_fetch(uint32_t w, uint64_t cycle);
  void decode_into(uint32_t w);
  static uint64_t fetch_id(uint32_t warp, uint32_t generation) { return uint64_t(generation) << 32 | warp; }

  const config::GpuConfig& cfg_;
  WarpTable& table_;
  sched::FetchPolicy& policy_;
  sched::IssuePolicy& issue_;
  mem::ReadOnlyCache l1i_;
  uint64_t refused_last_tick_ = 0; // fetches the L1I refused in the last fetch()
  uint64_t last_tick_ = 0;
  DelayQueue<uint64_t> decoded_;   // fetch_id(warp, generation) entering the I-buffer
  const ptx::Module* layout_module_ = nullptr;
  std::vector<uint64_t> layout_;
  std::vector<uint32_t> candidates_;  // reused every cycle
  uint64_t fetches_ = 0;
};

}  // namespace scwarp::sm
