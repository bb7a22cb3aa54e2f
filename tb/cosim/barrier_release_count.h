// The warp count a barrier release hands `pro_tb_counters` (rel_cnt_i), for
// every adapter that drives it (PRO's and VTW's). The block decrements its
// nWarpsAtBar by the warps the SM let go: those it counts (nbar_o), plus
// what the pending edge adds before this release (arrivals loaded on its
// ports; cycle-timed, the other schedulers' events of the cycle too), minus
// those the SM still has waiting (at another named barrier). No Verilator
// header here: the adapter reads nbar_o and writes rel_cnt_i itself.
#pragma once

#include <algorithm>
#include <cstdint>
#include <iterator>

#include <fmt/format.h>

#include "sc_model/common/error.h"
#include "tb/cosim/rtl_params.h"

namespace scwarp::cosim {

class BarrierReleaseCount {
 public:
  void reset() { std::fill(std::begin(pending_), std::end(pending_), 0); }
  // A warp of `tb_slot` arrived at a barrier: loaded for the pending edge.
  void arrive(uint32_t tb_slot) { ++pending_[tb_slot]; }
  // A release of `tb_slot` goes on the pending edge: the warps it lets go,
  // given what nbar_o counts for the TB and how many the SM still has
  // waiting. `block` and `sm` name the adapter in the error of a block that
  // counts fewer waiting warps than the SM has (the block went wrong).
  uint64_t release(uint32_t tb_slot, uint64_t counted_by_block, uint32_t still_waiting, const char* block,
                   uint32_t sm) {
    const int64_t released = int64_t(counted_by_block) + pending_[tb_slot] - int64_t(still_waiting);
    if (released < 0)
      throw Error(fmt::format("RTL {}, SM {}: barrier release of TB slot {}: the block counts {} waiting warps, "
                              "the SM still has {} waiting",
                              block, sm, tb_slot, int64_t(counted_by_block) + pending_[tb_slot], still_waiting));
    pending_[tb_slot] -= int32_t(released);
    return uint64_t(released);
  }

 private:
  // Per TB slot, what the pending edge changes nWarpsAtBar by before a
  // release (arrivals minus earlier releases): nbar_o does not count it yet.
  int32_t pending_[kRtlTbs] = {};
};

}  // namespace scwarp::cosim
