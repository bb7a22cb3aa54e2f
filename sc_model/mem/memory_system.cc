#include "sc_model/mem/memory_system.h"

#include <algorithm>

#include <fmt/format.h>

namespace scwarp::mem {

MemorySystem::MemorySystem(sc_core::sc_module_name name, const config::GpuConfig& cfg)
    : sc_core::sc_module(name), map_(cfg), icnt_("icnt", cfg) {
  for (uint32_t c = 0; c < cfg.mem_channels; ++c)
    channels_.push_back(std::make_unique<DramChannel>(fmt::format("dram{}", c).c_str(), cfg, c));
  for (uint32_t s = 0; s < cfg.l2_slices(); ++s) {
    slices_.push_back(std::make_unique<L2Slice>(fmt::format("l2_{}", s).c_str(), cfg, s));
    L2Slice& slice = *slices_.back();
    icnt_.l2_side.bind(slice.from_icnt);
    slice.to_dram.bind(channels_[s / cfg.sub_partitions_per_channel]->from_l2);
  }
}

void MemorySystem::bind_sm(tlm::tlm_initiator_socket<>& socket) { socket.bind(icnt_.sm_side); }

void MemorySystem::report(stats::CacheCounters& l2, stats::DramCounters& dram, stats::IcntCounters& icnt) const {
  l2 = {};
  dram = {};
  for (const auto& slice : slices_) l2 += slice->counters();
  for (const auto& channel : channels_) dram += channel->counters();
  icnt = icnt_.counters();
}

std::vector<stats::CacheCounters> MemorySystem::l2_per_slice() const {
  std::vector<stats::CacheCounters> out;
  for (const auto& slice : slices_) out.push_back(slice->counters());
  return out;
}

std::vector<stats::DramCounters> MemorySystem::dram_per_channel() const {
  std::vector<stats::DramCounters> out;
  for (const auto& channel : channels_) out.push_back(channel->counters());
  return out;
}

void MemorySystem::copy_into_l2(uint64_t addr, uint64_t bytes) {
  if (bytes == 0) return;
  const uint64_t line = slices_.front()->line_bytes();
  for (uint64_t a = addr / line * line; a < addr + bytes; a += line) slices_[map_.slice_of(a)]->take_copied_line(a);
}

bool MemorySystem::idle() const {
  return icnt_.idle() && std::all_of(slices_.begin(), slices_.end(), [](const auto& s) { return s->idle(); }) &&
         std::all_of(channels_.begin(), channels_.end(), [](const auto& c) { return c->idle(); });
}

void MemorySystem::publish_to(stats::GpuLiveStats& live) {
  for (auto& slice : slices_) slice->publish_to(live);
}

}  // namespace scwarp::mem
