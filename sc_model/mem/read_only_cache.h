// The tag, MSHR and miss-sending part of a read-only cache of the SM whose
// misses are line reads through the SM's one port below L1 (LineReadIf): the
// L1I (FetchUnit) and the constant and texture caches (ReadOnlyL1) use it.
// The owner decides what a hit and an arriving line mean for its waiters.
// Counters: every access() is one access (a refused one too), counted as a
// hit, a miss (a new MSHR entry, read below), a merge or a reservation fail.
//
// MSHR kinds A and S: <entries>:<max merge> bound the lines in flight and
// the waiters per line; misses wait unbounded for the port below (the
// entries bound them). Texture FIFO kinds F and T (GPGPU-Sim's tex_cache,
// "F:<fragment fifo>:<request fifo>,<rob>:<result fifo>") reuse the same
// fields for its three FIFOs, and this cache maps them onto its MSHRs:
// the reorder buffer bounds the lines in flight, the request FIFO the
// misses not yet taken below, the fragment FIFO the waiters per line (in
// GPGPU-Sim it bounds all accesses in flight, hits too: an approximation).
#pragma once

#include <cstdint>
#include <deque>
#include <string_view>
#include <vector>

#include "sc_model/config/gpu_config.h"
#include "sc_model/mem/cache_tags.h"
#include "sc_model/mem/mem_access.h"
#include "sc_model/mem/mshr_table.h"
#include "sc_model/stats/counters.h"

namespace scwarp::mem {

class ReadOnlyCache {
 public:
  enum class Outcome : uint8_t { Hit, Miss, Merged, Refused };

  // Throws scwarp::Error naming `option` for a geometry that is not read-only.
  ReadOnlyCache(const config::CacheGeometry& geometry, std::string_view option, AccessKind kind);

  uint64_t line_of(uint64_t addr) const { return tags_.line_of(addr); }
  uint32_t line_bytes() const { return tags_.line_bytes(); }
  // Looks the line of `addr` up for `waiter`: a Miss or Merged waiter is
  // handed back by fill(); Refused means the MSHRs are full.
  Outcome access(uint64_t addr, uint64_t waiter);
  // The oldest miss not yet read below goes to `below` if it takes it.
  void send(LineReadIf& below);
  bool unsent() const { return !unsent_.empty(); }
  bool pending() const { return !mshr_.empty(); }
  // Read `token` arrived: its line is installed; returns the waiters it
  // releases (valid until the next call).
  const std::vector<uint64_t>& fill(uint32_t token);
  stats::CacheCounters& counters() { return counters_; }
  const stats::CacheCounters& counters() const { return counters_; }

 private:
  CacheTags tags_;
  MshrTable mshr_;
  AccessKind kind_;
  uint32_t unsent_limit_;            // misses waiting for the port below, at most
  std::deque<uint32_t> unsent_;      // tokens of misses the port has not taken, oldest first
  std::vector<uint64_t> lines_;      // the line of each read below, by token (MSHR-bounded)
  std::vector<uint32_t> free_tokens_;
  std::vector<uint64_t> released_;   // fill()'s result
  stats::CacheCounters counters_;
};

}  // namespace scwarp::mem
