// Policies registered by name, as Ramulator 2 registers its implementations:
//   SCWARP_REGISTER_ISSUE_POLICY(GtoPolicy, "gto", "greedy then oldest (seed 001 Sec. 2.2)");
// in the policy's .cc is all it takes; config and CLI select by that name.
// Executables take the whole sched archive (CMake's SCWARP_POLICIES) so these
// initialisers are linked in.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "sc_model/common/error.h"
#include "sc_model/config/policy_options.h"
#include "sc_model/sched/policy.h"

namespace scwarp::sched {

struct PolicyInfo {
  std::string name;
  std::string description;
};

using IssueFactory = std::function<std::unique_ptr<IssuePolicy>(const PolicyContext&)>;
using FetchFactory = std::function<std::unique_ptr<FetchPolicy>(const PolicyContext&)>;

void register_issue_policy(const std::string& name, const std::string& description,
                           IssueFactory factory);
void register_fetch_policy(const std::string& name, const std::string& description,
                           FetchFactory factory);
// Throw scwarp::Error naming the unknown policy and listing the known ones.
std::unique_ptr<IssuePolicy> make_issue_policy(const std::string& name, const PolicyContext& ctx);
std::unique_ptr<FetchPolicy> make_fetch_policy(const std::string& name, const PolicyContext& ctx);
std::vector<PolicyInfo> issue_policies();  // sorted by name
std::vector<PolicyInfo> fetch_policies();

// --- RTL implementations (-scwarp_sched_impl, docs/rtl.md "Co-simulation") ---
// A library outside this folder (tb/cosim, Verilated RTL) registers RTL
// implementations under the C++ policy's name, and the lockstep wrappers
// that run a C++ policy and its RTL side by side. This folder never depends
// on it: make_*_policy() reads ctx.cfg.sched_impl and asks these tables.
//   cpp      the C++ policy (as without this library);
//   rtl      issue: the RTL implementation of that name, or an Error naming
//            the policies that have one; fetch: the RTL one where it exists
//            (cff), else the C++ one (rr, fef are not blocks of the papers);
//   lockstep the lockstep wrapper around the C++ and the RTL policy (issue:
//            an Error without RTL; fetch: the C++ one without RTL).
using IssueLockstepFactory = std::function<std::unique_ptr<IssuePolicy>(
    std::unique_ptr<IssuePolicy> golden, std::unique_ptr<IssuePolicy> rtl, const PolicyContext&)>;
using FetchLockstepFactory = std::function<std::unique_ptr<FetchPolicy>(
    std::unique_ptr<FetchPolicy> golden, std::unique_ptr<FetchPolicy> rtl, const PolicyContext&)>;
void register_rtl_issue_policy(const std::string& name, IssueFactory factory);
void register_rtl_fetch_policy(const std::string& name, FetchFactory factory);
void register_issue_lockstep(IssueLockstepFactory factory);
void register_fetch_lockstep(FetchLockstepFactory factory);
std::vector<std::string> rtl_issue_policies();  // names, sorted
std::vector<std::string> rtl_fetch_policies();
// Which implementation make_*_policy() builds for `name` under cfg.sched_impl:
// "cpp", "rtl" or "lockstep" (for reports).
std::string issue_policy_impl(const std::string& name, const config::GpuConfig& cfg);
std::string fetch_policy_impl(const std::string& name, const config::GpuConfig& cfg);

}  // namespace scwarp::sched

#define SCWARP_SCHED_CONCAT_(a, b) a##b
#define SCWARP_SCHED_CONCAT(a, b) SCWARP_SCHED_CONCAT_(a, b)
#define SCWARP_REGISTER_POLICY_(kind, Class, name, description)                        \
  namespace {                                                                           \
  [[maybe_unused]] const bool SCWARP_SCHED_CONCAT(scwarp_policy_, __LINE__) = [] {      \
    ::scwarp::sched::register_##kind##_policy(                                          \
        name, description,                                                              \
        [](const ::scwarp::sched::PolicyContext& ctx) { return std::make_unique<Class>(ctx); }); \
    return true;                                                                        \
  }();                                                                                  \
  }
#define SCWARP_REGISTER_ISSUE_POLICY(Class, name, description) \
  SCWARP_REGISTER_POLICY_(issue, Class, name, description)
#define SCWARP_REGISTER_FETCH_POLICY(Class, name, description) \
  SCWARP_REGISTER_POLICY_(fetch, Class, name, description)
// A policy's own options, registered in its .cc next to the policy:
//   SCWARP_REGISTER_POLICY_OPTION(config::count_option("scwarp_pro_threshold", "1000", "pro: ...", 1));
// and read with config::policy_count/real/text(ctx.cfg, name).
#define SCWARP_REGISTER_POLICY_OPTION(...)                                               \
  namespace {                                                                           \
  [[maybe_unused]] const bool SCWARP_SCHED_CONCAT(scwarp_policy_option_, __LINE__) = [] { \
    ::scwarp::config::register_policy_option(__VA_ARGS__);                             \
    return true;                                                                        \
  }();                                                                                  \
  }
namespace scwarp::sched {
// An RTL adapter with a cycle-timed mode (-scwarp_rtl_timing cycle) says so
// with `static constexpr bool kCycleTimed = true;`; the others are refused
// under it rather than run transaction-level unasked.
template <typename Adapter>
void check_rtl_timing(const PolicyContext& ctx, const char* name) {
  if constexpr (!requires { Adapter::kCycleTimed; }) {
    if (ctx.cfg.rtl_timing == "cycle")
      throw Error(std::string("-scwarp_rtl_timing cycle: the RTL of '") + name +
                  "' has a transaction-level adapter only; use -scwarp_rtl_timing transaction");
  }
}
}  // namespace scwarp::sched

// RTL implementations register the same way, under the C++ policy's name:
//   SCWARP_REGISTER_RTL_ISSUE_POLICY(RtlMwfLrr, "mwf_lrr");
#define SCWARP_REGISTER_RTL_POLICY_(kind, Class, name)                                  \
  namespace {                                                                           \
  [[maybe_unused]] const bool SCWARP_SCHED_CONCAT(scwarp_rtl_policy_, __LINE__) = [] {  \
    ::scwarp::sched::register_rtl_##kind##_policy(                                      \
        name, [](const ::scwarp::sched::PolicyContext& ctx) {                           \
          ::scwarp::sched::check_rtl_timing<Class>(ctx, name);                          \
          return std::make_unique<Class>(ctx);                                          \
        });                                                                             \
    return true;                                                                        \
  }();                                                                                  \
  }
#define SCWARP_REGISTER_RTL_ISSUE_POLICY(Class, name) SCWARP_REGISTER_RTL_POLICY_(issue, Class, name)
#define SCWARP_REGISTER_RTL_FETCH_POLICY(Class, name) SCWARP_REGISTER_RTL_POLICY_(fetch, Class, name)
