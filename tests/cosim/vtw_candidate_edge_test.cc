// The VTW shell's candidate edge (tb/cosim/vtw_cosim_top.v,
// RtlVtwPolicy::candidate_edge): with no event valid and exhausted_i as the
// block registered it, an edge changes none of vtw_sched's state, only the
// latched cand_i and with it the pick.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "Vvtw_cosim_top.h"
#include "Vvtw_cosim_top___024root.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/sched/policy.h"
#include "tb/cosim/verilated_block.h"

namespace scwarp::cosim {
namespace {

constexpr uint32_t kTbWarps = 6;  // 8 TBs of 6 warps fill the 48 slots

// Every output but the pick: the block's state as the ports show it.
std::string state(const Vvtw_cosim_top& t) {
  std::string out;
  const auto add = [&](const auto& port) { out.append(reinterpret_cast<const char*>(&port), sizeof port); };
  add(t.warp_prog_o), add(t.tb_prog_o), add(t.nbar_o), add(t.nfin_o), add(t.nahead_o), add(t.ahead_o);
  add(t.witer_o), add(t.titer_o), add(t.wvalid_o), add(t.wtb_o), add(t.nwarps_o);
  return out;
}

void clear_valids(Vvtw_cosim_top& t) {
  t.finish_valid_i = t.launch_valid_i = t.iss_valid_i = t.arr_valid_i = 0;
  t.rel_valid_i = t.exit_valid_i = t.enter_valid_i = 0;
}

// One edge's events: per scheduler port a random warp of its slots issues,
// now and then with a barrier arrival or an entry into its next iteration;
// the slow phase changes now and then.
void drive_events(Vvtw_cosim_top& t, std::mt19937& rng) {
  t.iss_valid_i = rng() % 4;
  t.iss_warp_i = t.iss_tb_i = t.iss_active_i = 0;
  for (uint32_t s = 0; s < 2; ++s) {
    const uint32_t w = 2 * (rng() % 24) + s;
    t.iss_warp_i |= w << (6 * s);
    t.iss_tb_i |= (w / kTbWarps) << (3 * s);
    t.iss_active_i |= (1 + rng() % 32) << (6 * s);
  }
  t.arr_valid_i = rng() % 8 == 0 ? t.iss_valid_i : 0;
  t.enter_valid_i = rng() % 4 == 0 ? t.iss_valid_i : 0;
  if (rng() % 64 == 0) t.exhausted_i = rng() & 0xff;
}

TEST(VtwCosimTop, EdgeWithoutEventsKeepsTheState) {
  config::GpuConfig cfg;
  const sched::PolicyContext ctx{cfg, 0, 48, 8, 2};
  VerilatedBlock<Vvtw_cosim_top> block(ctx, "vtw_sched");
  Vvtw_cosim_top& t = block.top();
  for (uint32_t tb = 0; tb < 8; ++tb) {
    t.launch_valid_i = 1, t.launch_tb_i = tb, t.launch_id_i = tb;
    t.launch_first_i = tb * kTbWarps, t.launch_nwarps_i = kTbWarps;
    block.rising_edge(0);
  }
  clear_valids(t);
  std::mt19937 rng(3);
  uint32_t picks_changed = 0, states_changed = 0;
  for (uint32_t cycle = 1; cycle <= 3000; ++cycle) {
    const std::string start = state(t);
    drive_events(t, rng);
    block.rising_edge(cycle);
    clear_valids(t);
    const std::string before = state(t);
    states_changed += before != start;
    const uint32_t pick_before = t.pick_o;
    t.cand_i = (uint64_t(rng()) << 16 ^ rng()) & ((uint64_t(1) << 48) - 1);
    block.rising_edge(cycle);
    ASSERT_EQ(state(t), before) << "after the candidate edge of cycle " << cycle;
    picks_changed += t.pick_o != pick_before;
  }
  EXPECT_GT(states_changed, 1000u);  // the events kept the state moving,
  EXPECT_GT(picks_changed, 1000u);   // and the candidate edges latched cand_i
}

}  // namespace
}  // namespace scwarp::cosim
