#include "sc_model/sm/former_registry.h"

#include <utility>

#include "sc_model/common/error.h"

namespace scwarp::sm {

namespace {

// Function-local statics: registrations run at static initialisation, in
// any order with this file's.
FormerFactory& rtl_former() {
  static FormerFactory f;
  return f;
}

FormerLockstepFactory& former_lockstep() {
  static FormerLockstepFactory f;
  return f;
}

const FormerFactory& rtl_or_refuse(const config::GpuConfig& cfg) {
  if (!rtl_former())
    throw Error("--sched-impl " + cfg.sched_impl + ": the LWM sub-warp former has no RTL adapter in this program");
  return rtl_former();
}

}  // namespace

FormerFactory register_rtl_subwarp_former(FormerFactory factory) {
  return std::exchange(rtl_former(), std::move(factory));
}

void register_former_lockstep(FormerLockstepFactory factory) { former_lockstep() = std::move(factory); }

std::unique_ptr<SubwarpFormerIf> make_subwarp_former(const FormerContext& ctx) {
  if (ctx.cfg.sched_impl == "rtl") return rtl_or_refuse(ctx.cfg)(ctx);
  if (ctx.cfg.sched_impl == "lockstep") {
    const FormerFactory& rtl = rtl_or_refuse(ctx.cfg);
    if (!former_lockstep()) throw Error("--sched-impl lockstep: no lockstep former is linked into this program");
    return former_lockstep()(std::make_unique<SubwarpFormer>(), rtl(ctx), ctx);
  }
  return std::make_unique<SubwarpFormer>();
}

}  // namespace scwarp::sm
