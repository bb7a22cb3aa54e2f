// One pipelined execution unit (an SP or SFU pipeline): it takes a new warp
// instruction once the initiation interval of the previous one has passed;
// each result is ready `latency` cycles after issue.
#pragma once

#include <cstdint>

#include "sc_model/config/gpu_config.h"

namespace scwarp::sm {

class PipelinedUnit {
 public:
  bool can_accept(uint64_t cycle) const { return cycle >= next_accept_; }
  // Takes an instruction at `cycle` (only when can_accept(cycle)); returns
  // the cycle its result is written back.
  uint64_t accept(uint64_t cycle, config::OpTiming timing);
  uint64_t next_accept() const { return next_accept_; }

 private:
  uint64_t next_accept_ = 0;
};

}  // namespace scwarp::sm
