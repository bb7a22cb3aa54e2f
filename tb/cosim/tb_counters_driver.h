// What the adapters of the blocks built on `pro_tb_counters` (PRO's
// pro_top, VTW's vtw_sched) share in driving its event ports: clearing them
// after an edge, and the warp count a barrier release hands it (rel_cnt_i).
// No Verilator header here: each adapter passes its own Verilated top.
#pragma once

#include <algorithm>
#include <cstdint>
#include <iterator>

#include <fmt/format.h>

#include "sc_model/common/error.h"
#include "tb/cosim/rtl_params.h"

namespace scwarp::cosim {

// Clears the event ports pro_tb_counters takes (the block's own events are
// the adapter's to clear).
template <typename Top>
void clear_tb_counter_events(Top& t) {
  t.finish_valid_i = 0;
  t.launch_valid_i = 0;
  t.iss_valid_i = 0;
  t.arr_valid_i = 0;
  t.rel_valid_i = 0;
  t.rel_cnt_i = 0;
  t.exit_valid_i = 0;
}

// The block decrements its nWarpsAtBar by the warps the SM let go: those it
// counts (nbar_o), plus what the pending edge adds before this release
// (arrivals loaded on its ports; cycle-timed, the other schedulers' events
// of the cycle too), minus those the SM still has waiting (at another named
// barrier).
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
    const int64_t waiting_in_block = int64_t(counted_by_block) + pending_[tb_slot];
    const int64_t released = waiting_in_block - int64_t(still_waiting);
    if (released < 0)
      throw Error(fmt::format("RTL {}, SM {}: barrier release of TB slot {}: the block counts {} waiting warps, "
                              "the SM still has {} waiting",
                              block, sm, tb_slot, waiting_in_block, still_waiting));
    pending_[tb_slot] -= int32_t(released);
    return uint64_t(released);
  }

 private:
  // Per TB slot, what the pending edge changes nWarpsAtBar by before a
  // release (arrivals minus earlier releases): nbar_o does not count it yet.
  int32_t pending_[kRtlTbs] = {};
};

}  // namespace scwarp::cosim
