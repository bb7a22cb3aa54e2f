// What the pro_top benches share: random events for one edge, and every
// output as one string (two blocks driven alike must give equal strings).
#pragma once

#include <cstdint>
#include <random>
#include <string>

#include "Vpro_top.h"

namespace scwarp::cosim {

// One edge's events: a TB launch one time in `launch_odds` (with id
// `launch_id`), else issues (two schedulers, random warps of 6-warp TBs)
// with an occasional barrier arrival. Releases and exits stay low.
inline void drive_random_events(Vpro_top& t, std::mt19937& rng, uint32_t launch_odds, uint32_t launch_id) {
  const auto pick = [&](uint32_t n) { return uint32_t(rng() % n); };
  t.launch_valid_i = pick(launch_odds) == 0;
  const uint32_t tb = pick(8);
  t.launch_tb_i = tb;
  t.launch_id_i = launch_id;
  t.launch_first_i = tb * 6;
  t.launch_nwarps_i = 6;
  t.iss_valid_i = t.launch_valid_i ? 0 : pick(4);
  t.iss_warp_i = pick(48) | pick(48) << 6;
  t.iss_tb_i = (t.iss_warp_i & 63) / 6 | ((t.iss_warp_i >> 6) / 6) << 3;
  t.iss_active_i = pick(33) | pick(33) << 6;
  t.arr_valid_i = pick(8) == 0 ? t.iss_valid_i : 0;
  t.rel_valid_i = 0;
  t.exit_valid_i = 0;
}

inline std::string pro_top_outputs(const Vpro_top& t) {
  std::string out;
  const auto add = [&](const auto& port) { out.append(reinterpret_cast<const char*>(&port), sizeof port); };
  add(t.warp_prog_o), add(t.tb_prog_o), add(t.nbar_o), add(t.nfin_o), add(t.nwarps_o), add(t.state_o);
  add(t.slow_o), add(t.order_o), add(t.order_valid_o), add(t.warp_order_o), add(t.tb_first_o);
  add(t.busy_o), add(t.done_o);
  return out;
}

}  // namespace scwarp::cosim
