#include "tb/cosim/rtl_rl_policy.h"

#include <string>

namespace scwarp::cosim {
namespace {

constexpr unsigned kWarpInTbBits = 5;
static_assert(kRtlTbs <= 1u << (kRlAgeBits - kWarpInTbBits), "the TB launch rank fills the age key's top bits");

}  // namespace

uint32_t rl_age_key(const sched::SmView& sm, const sched::WarpView& w, const char* top) {
  const uint64_t launch = sm.tbs[w.tb_slot].launch_order;
  uint32_t rank = 0;
  for (const sched::TbView& t : sm.tbs) rank += t.valid && t.launch_order < launch;
  if (w.warp_in_tb >= 1u << kWarpInTbBits)
    throw Error(std::string("--sched-impl rtl: ") + top + "'s age key holds 32 warps per TB; warp " +
                std::to_string(w.slot) + " is warp " + std::to_string(w.warp_in_tb) + " of its TB");
  return rank << kWarpInTbBits | w.warp_in_tb;
}

}  // namespace scwarp::cosim
