// A read-only L1 of the SM that the LD/ST unit feeds: the constant cache
// (GPGPU-Sim's L1C, -gpgpu_const_cache:l1, ld.const and ld.param) and the
// texture cache (its L1T, -gpgpu_tex_cache:l1, tex and tld4) are two
// instances. Read-only, MSHRs merging the misses to one line. The LD/ST
// unit offers one access per distinct line of a warp's addresses per cycle,
// as GPGPU-Sim's constant_cycle and texture_cycle do. A hit completes
// `latency` cycles later; a miss reads the line through the SM's one port
// below L1 (`below`: the L1D's miss queue and socket) from the interconnect
// and the L2, and completes when it arrives. Not self-clocked: the SM ticks it.
#pragma once

#include <cstdint>
#include <string_view>

#include <systemc>

#include "sc_model/common/delay_queue.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/mem/mem_access.h"
#include "sc_model/mem/read_only_cache.h"
#include "sc_model/stats/counters.h"

namespace scwarp::mem {

class ReadOnlyL1 : public sc_core::sc_module, public L1DataIf, public MemResponseIf {
 public:
  sc_core::sc_port<MemResponseIf> up;   // the LD/ST unit
  sc_core::sc_port<LineReadIf> below;   // the SM's port below L1

  // `option` names the geometry in errors; `kind` marks the line reads
  // below (AccessKind::Constant or Texture). `has_work` is the SM's flag
  // for this cache: every access raises it, and the SM ticks the cache only
  // while it is up (most kernels leave both caches idle nearly all the
  // time, and an idle cache's tick cost the SM its lines every cycle).
  // Throws scwarp::Error for a geometry that is not read-only.
  ReadOnlyL1(sc_core::sc_module_name name, const config::CacheGeometry& geometry, std::string_view option,
             uint32_t latency, AccessKind kind, bool& has_work);

  // L1DataIf: a load of one line; false when its miss finds no MSHR room.
  bool try_access(const MemAccess& access, uint64_t cycle) override;
  bool busy() const override;
  // MemResponseIf: line read `token` has arrived (called in the SM's tick).
  void access_done(uint32_t token, uint64_t cycle) override;

  // Completes hits whose time has come; hands the oldest unsent miss below.
  // Returns whether work is left (a hit not yet due, a miss not yet sent).
  bool tick(uint64_t cycle);
  uint64_t next_event() const;
  void report(stats::CacheCounters& counters) const { counters = cache_.counters(); }

 private:
  ReadOnlyCache cache_;
  uint32_t latency_;           // hit latency, at least 1
  DelayQueue<uint32_t> hits_;  // access tokens done at their cycle
  uint64_t last_tick_ = 0;     // or the last access: a miss is sent in the cycle after
  bool& has_work_;
};

}  // namespace scwarp::mem
