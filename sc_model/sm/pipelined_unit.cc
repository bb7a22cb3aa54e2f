#include "sc_model/sm/pipelined_unit.h"

#include <algorithm>

namespace scwarp::sm {

uint64_t PipelinedUnit::accept(uint64_t cycle, config::OpTiming timing) {
  // An initiation interval or latency of 0 would let results or issues
  // happen in the issuing cycle; the pipeline's hand-overs take >= 1 cycle.
  next_accept_ = cycle + std::max<uint32_t>(timing.initiation, 1);
  return cycle + std::max<uint32_t>(timing.latency, 1);
}

}  // namespace scwarp::sm
