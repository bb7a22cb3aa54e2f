// Every output of a Verilated pro_top, one value after another as the model
// holds them: two blocks driven alike must give equal strings.
#pragma once

#include <string>

#include "Vpro_top.h"

namespace scwarp::cosim {

inline std::string pro_top_outputs(const Vpro_top& t) {
  std::string out;
  const auto add = [&](const auto& port) { out.append(reinterpret_cast<const char*>(&port), sizeof port); };
  add(t.warp_prog_o), add(t.tb_prog_o), add(t.nbar_o), add(t.nfin_o), add(t.nwarps_o), add(t.state_o);
  add(t.slow_o), add(t.order_o), add(t.order_valid_o), add(t.warp_order_o), add(t.tb_first_o);
  add(t.busy_o), add(t.done_o);
  return out;
}

}  // namespace scwarp::cosim
