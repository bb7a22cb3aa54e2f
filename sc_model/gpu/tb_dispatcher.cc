#include "sc_model/gpu/tb_dispatcher.h"

#include <fmt/format.h>

#include "sc_model/common/error.h"

namespace scwarp::gpu {

runtime::SmLimits TbDispatcher::limits_of(const config::GpuConfig& cfg) {
  return runtime::SmLimits{.blocks = cfg.max_tbs_per_sm,
                           .threads = cfg.max_threads_per_sm,
                           .warps = cfg.max_warps_per_sm(),
                           .registers = cfg.registers_per_sm,
                           .shared_bytes = cfg.shared_bytes_per_sm,
                           .sms = cfg.sm_count()};
}

TbDispatcher::TbDispatcher(const config::GpuConfig& cfg) : limits_(limits_of(cfg)), used_(cfg.sm_count()) {}

void TbDispatcher::start_kernel(const std::string& kernel, uint64_t blocks,
                                const runtime::BlockFootprint& footprint, bool registers_known) {
  footprint_ = footprint;
  registers_known_ = registers_known;
  check_fits_empty_sm(kernel);
  blocks_ = blocks;
  next_block_ = 0;
  finished_ = 0;
}

void TbDispatcher::check_fits_empty_sm(const std::string& kernel) const {
  auto refuse = [&](const char* what, uint64_t need, uint64_t limit) {
    throw Error(fmt::format("kernel '{}': one thread block needs {} {} but an SM has {} "
                            "(config limit); it can never be placed",
                            kernel, need, what, limit));
  };
  if (footprint_.threads > limits_.threads) refuse("threads", footprint_.threads, limits_.threads);
  if (footprint_.warps > limits_.warps) refuse("warps", footprint_.warps, limits_.warps);
  if (registers_known_ && footprint_.registers > limits_.registers)
    refuse("registers", footprint_.registers, limits_.registers);
  if (footprint_.shared_bytes > limits_.shared_bytes)
    refuse("bytes of shared memory", footprint_.shared_bytes, limits_.shared_bytes);
}

bool TbDispatcher::fits(const Usage& used) const {
  return used.blocks + 1 <= limits_.blocks && used.threads + footprint_.threads <= limits_.threads &&
         used.warps + footprint_.warps <= limits_.warps &&
         (!registers_known_ || used.registers + footprint_.registers <= limits_.registers) &&
         used.shared_bytes + footprint_.shared_bytes <= limits_.shared_bytes;
}

const std::vector<uint32_t>& TbDispatcher::place_this_cycle() {
  placed_.clear();
  placed_from_ = next_block_;
  const uint32_t sms = uint32_t(used_.size());
  for (uint32_t i = 0; i < sms && next_block_ + placed_.size() < blocks_; ++i) {
    uint32_t sm = (first_sm_ + i) % sms;
    Usage& u = used_[sm];
    if (!fits(u)) continue;
    u.blocks += 1;
    u.threads += footprint_.threads;
    u.warps += footprint_.warps;
    u.registers += registers_known_ ? footprint_.registers : 0;
    u.shared_bytes += footprint_.shared_bytes;
    placed_.push_back(sm);
  }
  if (!placed_.empty()) first_sm_ = (placed_.back() + 1) % sms;
  next_block_ += placed_.size();
  return placed_;
}

void TbDispatcher::tb_finished(uint32_t sm) {
  Usage& u = used_.at(sm);
  u.blocks -= 1;
  u.threads -= footprint_.threads;
  u.warps -= footprint_.warps;
  u.registers -= registers_known_ ? footprint_.registers : 0;
  u.shared_bytes -= footprint_.shared_bytes;
  ++finished_;
}

}  // namespace scwarp::gpu
