#include "sc_model/sm/tb_measure.h"

#include <algorithm>

namespace scwarp::sm {

void TbMeasure::start(uint32_t warps, uint64_t cycle, uint64_t stalls) {
  *this = TbMeasure{};
  start_ = cycle;
  stalls_at_start_ = stalls;
  phase_start_.assign(warps, cycle);
  arrived_.assign(warps, kNever);
  exited_.assign(warps, kNever);
  m_.min_warp_instructions = m_.min_warp_cycles = kNever;
}

void TbMeasure::warp_arrived(uint32_t warp, uint64_t cycle) { arrived_[warp] = cycle; }

void TbMeasure::warp_released(uint32_t warp, uint64_t cycle) {
  m_.barrier_wait_cycles += cycle - arrived_[warp];
  phase_lengths_.push_back(arrived_[warp] - phase_start_[warp]);
  arrived_[warp] = kNever;
  phase_start_[warp] = cycle;
}

void TbMeasure::release_done() { close_phase(); }

// Eq. 1: sum_i (maxT - T_i) / (N * maxT) over the warps of one phase.
void TbMeasure::close_phase() {
  if (phase_lengths_.empty()) return;
  const uint64_t max_t = *std::max_element(phase_lengths_.begin(), phase_lengths_.end());
  if (max_t > 0) {
    double gap = 0;
    for (uint64_t t : phase_lengths_) gap += double(max_t - t);
    m_.rtru_sum += gap / (double(phase_lengths_.size()) * double(max_t));
  }
  ++m_.warp_phases;
  phase_lengths_.clear();
}

void TbMeasure::warp_exited(uint32_t warp, uint64_t cycle, uint64_t instructions, uint64_t stalls) {
  exited_[warp] = cycle;
  if (stalls_at_first_exit_ == kNever) stalls_at_first_exit_ = stalls;
  const uint64_t lifetime = cycle - start_;
  m_.warp_cycles += lifetime;
  m_.min_warp_cycles = std::min(m_.min_warp_cycles, lifetime);
  m_.max_warp_cycles = std::max(m_.max_warp_cycles, lifetime);
  m_.min_warp_instructions = std::min(m_.min_warp_instructions, instructions);
  m_.max_warp_instructions = std::max(m_.max_warp_instructions, instructions);
}

stats::TbMetrics TbMeasure::finish(uint64_t stalls) {
  for (size_t w = 0; w < exited_.size(); ++w) phase_lengths_.push_back(exited_[w] - phase_start_[w]);
  close_phase();  // the final warp-phase ends at each warp's exit (the implicit barrier)
  m_.stall_cycles = stalls - stalls_at_start_;
  m_.dwr_stall_cycles = stalls - std::min(stalls, stalls_at_first_exit_);
  if (m_.min_warp_cycles == kNever) m_.min_warp_cycles = m_.min_warp_instructions = 0;
  return m_;
}

}  // namespace scwarp::sm
