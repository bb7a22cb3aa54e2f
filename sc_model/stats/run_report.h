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
  uint64_t cycles() const { return end_cycle - start_cycle; }
};

struct RunReport {
  std::vector<KernelRecord> kernels;
  std::vector<TbRecord> tbs;      // in completion order
  std::vector<SmCounters> sms;    // by SM index
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
// "sms": [...], "l1i", "l1d", "l2", "dram", "icnt", "kernels": [...], "tbs": [...]}
nlohmann::json to_json(const RunReport& report);

nlohmann::json to_json(const CacheCounters& c);
nlohmann::json to_json(const DramCounters& c);
nlohmann::json to_json(const IcntCounters& c);
nlohmann::json to_json(const GpgpuStalls& s);
nlohmann::json to_json(const HazardStalls& s);
nlohmann::json to_json(const SmCounters& c);

}  // namespace scwarp::stats
