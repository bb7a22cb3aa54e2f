// Everything a timing run measured, collected from the units' counters at
// the end, and its JSON form (the `scwarp run --json` report's statistics).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sc_model/stats/counters.h"

namespace scwarp::stats {

struct KernelRecord {
  std::string name;
  uint64_t blocks = 0;
  uint32_t threads_per_block = 0;
  uint64_t start_cycle = 0, end_cycle = 0;
  uint64_t warp_instructions = 0, thread_instructions = 0;
  uint64_t max_resident_tbs = 0;  // seed 004's R: most TBs on the GPU at once
  uint64_t cycles() const { return end_cycle - start_cycle; }
};

struct RunReport {
  std::vector<KernelRecord> kernels;
  std::vector<TbRecord> tbs;      // in completion order
  std::vector<SmCounters> sms;    // by SM index
  std::vector<TbOrderSnapshot> tb_order_snapshots;  // SM 0, PRO-like policies only
  CacheCounters l2;
  DramCounters dram;
  IcntCounters icnt;

  // Cycles of every kernel added up (kernels run one after another).
  uint64_t cycles() const;
  uint64_t warp_instructions() const;
  uint64_t thread_instructions() const;
  SmCounters sm_total() const;
};

// {"cycles", "warp_instructions", "thread_instructions", "ipc" (thread
// instructions per cycle), "stalls": {"gpgpu": {...}, "hazards": {...}},
// "sms": [...], "l1i", "l1c", "l1t", "tex_stall_cycles", "l1d", "l2", "dram", "icnt", "kernels": [...] (each
// with seed 004's "dwr" and "dws"), "tbs": [...], "metrics": {...}}
nlohmann::json to_json(const RunReport& report);

nlohmann::json to_json(const CacheCounters& c);
nlohmann::json to_json(const DramCounters& c);
nlohmann::json to_json(const IcntCounters& c);
nlohmann::json to_json(const GpgpuStalls& s);
nlohmann::json to_json(const HazardStalls& s);
nlohmann::json to_json(const OperandCollectorCounters& c);
nlohmann::json to_json(const SmCounters& c);

// Seed 004's kernel-level figures over the kernel's TBs, in completion order:
// DWR(K) averages DWR over the first N - R finishing TBs (N TBs, R the most
// resident at once: after that no TB waits for an SM); DWS(K) averages, over
// every TB with stalls, the share of its stall cycles inside its DWR region.
struct DivergentWarpRegion {
  double dwr = 0, dws = 0;
  uint64_t dwr_tbs = 0, dws_tbs = 0;  // TBs each average is over
};
DivergentWarpRegion divergent_warp_region(const KernelRecord& kernel, uint64_t kernel_index,
                                          const std::vector<TbRecord>& tbs);

}  // namespace scwarp::stats
