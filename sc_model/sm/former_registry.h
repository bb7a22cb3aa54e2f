// Who forms a large warp's sub-warps (docs/lwm.md), chosen by
// -scwarp_sched_impl like the issue policies (sched/registry.h): cpp, the
// C++ SubwarpFormer; rtl and lockstep, what a library outside this folder
// (tb/cosim, the Verilated rtl/lwm former) registers. This folder never
// depends on it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include "sc_model/config/gpu_config.h"
#include "sc_model/sched/policy.h"
#include "sc_model/sm/subwarp_former.h"

namespace scwarp::sm {

// What a former is built for: scheduler `sched` of the SM `view` describes
// (its cycle names a lockstep mismatch).
struct FormerContext {
  const config::GpuConfig& cfg;
  const sched::SmView& view;
  uint32_t sched;
};

using FormerFactory = std::function<std::unique_ptr<SubwarpFormerIf>(const FormerContext&)>;
using FormerLockstepFactory = std::function<std::unique_ptr<SubwarpFormerIf>(
    std::unique_ptr<SubwarpFormerIf> golden, std::unique_ptr<SubwarpFormerIf> rtl, const FormerContext&)>;

// Returns the factory it replaces, so that a test can put a variant in and
// the real one back.
FormerFactory register_rtl_subwarp_former(FormerFactory factory);
void register_former_lockstep(FormerLockstepFactory factory);

// The former cfg.sched_impl names; an Error under rtl or lockstep when no
// RTL former is linked in.
std::unique_ptr<SubwarpFormerIf> make_subwarp_former(const FormerContext& ctx);

}  // namespace scwarp::sm
