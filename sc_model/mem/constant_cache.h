// The SM's constant cache (GPGPU-Sim's L1C, -gpgpu_const_cache:l1, 8 KB of
// 64-byte lines in SM2_GTX480): read-only, allocate on fill, MSHRs merging
// the misses to one line. It serves ld.const and ld.param: the LD/ST unit
// offers one access per distinct line of a warp's addresses per cycle, as
// GPGPU-Sim's constant_cycle does. A hit completes -scwarp_const_latency
// cycles later; a miss reads the line through the SM's one port below L1
// (`below`: the L1D's miss queue and socket) from the interconnect and the
// L2, and completes when it arrives. Not self-clocked: the SM ticks it.
#pragma once

#include <cstdint>

#include <systemc>

#include "sc_model/common/delay_queue.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/mem/mem_access.h"
#include "sc_model/mem/read_only_cache.h"
#include "sc_model/stats/counters.h"

namespace scwarp::mem {

class ConstantCache : public sc_core::sc_module, public L1DataIf, public MemResponseIf {
 public:
  sc_core::sc_port<MemResponseIf> up;   // the LD/ST unit
  sc_core::sc_port<LineReadIf> below;   // the SM's port below L1

  // Throws scwarp::Error for a geometry that is not read-only.
  ConstantCache(sc_core::sc_module_name name, const config::GpuConfig& cfg);

  // L1DataIf: a load of one line; false when its miss finds no MSHR room.
  bool try_access(const MemAccess& access, uint64_t cycle) override;
  bool busy() const override;
  // MemResponseIf: line read `token` has arrived (called in the SM's tick).
  void access_done(uint32_t token, uint64_t cycle) override;

  // Completes hits whose time has come; hands the oldest unsent miss below.
  void tick(uint64_t cycle);
  uint64_t next_event() const;
  void report(stats::CacheCounters& counters) const { counters = cache_.counters(); }

 private:
  const config::GpuConfig& cfg_;
  ReadOnlyCache cache_;
  DelayQueue<uint32_t> hits_;  // access tokens done at their cycle
  uint64_t last_tick_ = 0;
};

}  // namespace scwarp::mem
