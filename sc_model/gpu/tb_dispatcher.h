// The global work distributor's bookkeeping: which SM gets the next thread
// block. A TB goes to an SM while the SM's TB, thread, warp, register and
// shared-memory budgets allow; each cycle at most one TB per SM, SMs visited
// round robin from where the last cycle stopped (as GPGPU-Sim issues blocks
// to cores). Pure logic; gpu_top.cc drives it each cycle.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sc_model/config/gpu_config.h"
#include "sc_model/runtime/occupancy.h"

namespace scwarp::gpu {

class TbDispatcher {
 public:
  explicit TbDispatcher(const config::GpuConfig& cfg);
  static runtime::SmLimits limits_of(const config::GpuConfig& cfg);

  // A new kernel of `blocks` TBs, each taking `footprint` of an SM. Throws
  // scwarp::Error naming `kernel` and the limit when one TB cannot fit an
  // empty SM. `registers_known` false: the register budget is not applied.
  void start_kernel(const std::string& kernel, uint64_t blocks,
                    const runtime::BlockFootprint& footprint, bool registers_known);

  // The SMs that receive a TB this cycle, in placement order; the caller
  // hands them blocks placed_from(), placed_from()+1, ...
  const std::vector<uint32_t>& place_this_cycle();
  uint64_t placed_from() const { return placed_from_; }
  void tb_finished(uint32_t sm);

  bool tbs_waiting() const { return next_block_ < blocks_; }
  bool kernel_done() const { return finished_ == blocks_; }
  uint64_t blocks() const { return blocks_; }
  uint32_t resident(uint32_t sm) const { return used_[sm].blocks; }

 private:
  struct Usage {
    uint32_t blocks = 0, threads = 0, warps = 0;
    uint64_t registers = 0, shared_bytes = 0;
  };
  bool fits(const Usage& used) const;
  void check_fits_empty_sm(const std::string& kernel) const;

  runtime::SmLimits limits_;
  std::vector<Usage> used_;
  runtime::BlockFootprint footprint_;
  bool registers_known_ = true;
  uint64_t blocks_ = 0, next_block_ = 0, finished_ = 0, placed_from_ = 0;
  uint32_t first_sm_ = 0;  // where the next cycle's round-robin visit starts
  std::vector<uint32_t> placed_;
};

}  // namespace scwarp::gpu
