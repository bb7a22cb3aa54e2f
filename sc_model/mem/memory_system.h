// Everything below the SMs' L1 caches, wired together: the interconnect,
// cfg.l2_slices() L2 slices and cfg.mem_channels DRAM channels. Slice s
// (sub-partition s % n of channel s / n, n = sub_partitions_per_channel)
// feeds channel s / n. Composition only; docs/memory-system.md describes
// the units and their protocol.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <systemc>
#include <tlm>

#include "sc_model/config/gpu_config.h"
#include "sc_model/mem/dram_channel.h"
#include "sc_model/mem/interconnect.h"
#include "sc_model/mem/l2_slice.h"
#include "sc_model/stats/counters.h"
#include "sc_model/stats/gpu_live_stats.h"

namespace scwarp::mem {

class MemorySystem : public sc_core::sc_module {
 public:
  MemorySystem(sc_core::sc_module_name name, const config::GpuConfig& cfg);

  // Called once per SM, in SM order (the binding index is the SM id).
  void bind_sm(tlm::tlm_initiator_socket<>& socket);

  // Sums over slices and channels.
  void report(stats::CacheCounters& l2, stats::DramCounters& dram, stats::IcntCounters& icnt) const;
  std::vector<stats::CacheCounters> l2_per_slice() const;
  std::vector<stats::DramCounters> dram_per_channel() const;
  // Nothing in flight anywhere below the L1s.
  bool idle() const;
  // A host-to-device copy of [addr, addr + bytes) leaves its lines in the
  // L2 (GPGPU-Sim's perf_memcpy_to_gpu); only between kernels.
  void copy_into_l2(uint64_t addr, uint64_t bytes);
  // Every L2 slice counts its accesses and misses there too.
  void publish_to(stats::GpuLiveStats& live);

 private:
  AddressMap map_;
  Interconnect icnt_;
  std::vector<std::unique_ptr<L2Slice>> slices_;
  std::vector<std::unique_ptr<DramChannel>> channels_;
};

}  // namespace scwarp::mem
