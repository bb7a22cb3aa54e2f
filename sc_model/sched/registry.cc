// The two policy tables behind registry.h. Registration runs during static
// initialisation, in whatever order the linker lays out the policies' object
// files, so each table is a function-local static, built on first use.
#include "sc_model/sched/registry.h"

#include "sc_model/sched/policy_table.h"

#include "sc_model/common/error.h"

namespace scwarp::sched {
namespace {

PolicyTable<IssueFactory>& issue_table() {
  static PolicyTable<IssueFactory> table("issue", "SCWARP_REGISTER_ISSUE_POLICY");
  return table;
}

PolicyTable<FetchFactory>& fetch_table() {
  static PolicyTable<FetchFactory> table("fetch", "SCWARP_REGISTER_FETCH_POLICY");
  return table;
}

PolicyTable<IssueFactory>& rtl_issue_table() {
  static PolicyTable<IssueFactory> table("RTL issue", "SCWARP_REGISTER_RTL_ISSUE_POLICY");
  return table;
}

PolicyTable<FetchFactory>& rtl_fetch_table() {
  static PolicyTable<FetchFactory> table("RTL fetch", "SCWARP_REGISTER_RTL_FETCH_POLICY");
  return table;
}

IssueLockstepFactory& issue_lockstep() {
  static IssueLockstepFactory factory;
  return factory;
}

FetchLockstepFactory& fetch_lockstep() {
  static FetchLockstepFactory factory;
  return factory;
}

template <typename Factory>
std::vector<std::string> names(const PolicyTable<Factory>& table) {
  std::vector<std::string> out;
  for (const PolicyInfo& p : table.list()) out.push_back(p.name);
  return out;
}

template <typename Factory>
const Factory* find_rtl(const PolicyTable<Factory>& table, const std::string& name) {
  for (const PolicyInfo& p : table.list())
    if (p.name == name) return &table.find(name);
  return nullptr;
}

enum class Impl { Cpp, Rtl, Lockstep };

Impl impl_of(const config::GpuConfig& cfg) {
  if (cfg.sched_impl == "cpp") return Impl::Cpp;
  if (cfg.sched_impl == "rtl") return Impl::Rtl;
  if (cfg.sched_impl == "lockstep") return Impl::Lockstep;
  throw Error("option -scwarp_sched_impl: invalid value '" + cfg.sched_impl + "' (cpp, rtl or lockstep)");
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out.empty() ? "none: the co-simulation library is not linked into this program" : out;
}

const IssueFactory& rtl_issue_factory(const std::string& name) {
  if (const IssueFactory* f = find_rtl(rtl_issue_table(), name)) return *f;
  throw Error("issue policy '" + name + "' has no RTL implementation (RTL exists for: " +
              joined(names(rtl_issue_table())) + "); use --sched-impl cpp");
}

}  // namespace

void register_rtl_issue_policy(const std::string& name, IssueFactory factory) {
  rtl_issue_table().add(name, "", std::move(factory));
}

void register_rtl_fetch_policy(const std::string& name, FetchFactory factory) {
  rtl_fetch_table().add(name, "", std::move(factory));
}

void register_issue_lockstep(IssueLockstepFactory factory) { issue_lockstep() = std::move(factory); }

void register_fetch_lockstep(FetchLockstepFactory factory) { fetch_lockstep() = std::move(factory); }

std::vector<std::string> rtl_issue_policies() { return names(rtl_issue_table()); }

std::vector<std::string> rtl_fetch_policies() { return names(rtl_fetch_table()); }

std::string issue_policy_impl(const std::string& name, const config::GpuConfig& cfg) {
  (void)name;
  return cfg.sched_impl;
}

std::string fetch_policy_impl(const std::string& name, const config::GpuConfig& cfg) {
  if (impl_of(cfg) == Impl::Cpp || !find_rtl(rtl_fetch_table(), name)) return "cpp";
  return cfg.sched_impl;
}

void register_issue_policy(const std::string& name, const std::string& description,
                           IssueFactory factory) {
  issue_table().add(name, description, std::move(factory));
}

void register_fetch_policy(const std::string& name, const std::string& description,
                           FetchFactory factory) {
  fetch_table().add(name, description, std::move(factory));
}

std::unique_ptr<IssuePolicy> make_issue_policy(const std::string& name, const PolicyContext& ctx) {
  const IssueFactory& cpp = issue_table().find(name);
  switch (impl_of(ctx.cfg)) {
    case Impl::Cpp:
      return cpp(ctx);
    case Impl::Rtl:
      return rtl_issue_factory(name)(ctx);
    case Impl::Lockstep: {
      const IssueFactory& rtl = rtl_issue_factory(name);
      if (!issue_lockstep()) throw Error("--sched-impl lockstep: no lockstep wrapper is linked into this program");
      return issue_lockstep()(cpp(ctx), rtl(ctx), ctx);
    }
  }
  return cpp(ctx);
}

std::unique_ptr<FetchPolicy> make_fetch_policy(const std::string& name, const PolicyContext& ctx) {
  const FetchFactory& cpp = fetch_table().find(name);
  const Impl impl = impl_of(ctx.cfg);
  const FetchFactory* rtl = find_rtl(rtl_fetch_table(), name);
  if (impl == Impl::Cpp || !rtl) return cpp(ctx);
  if (impl == Impl::Rtl) return (*rtl)(ctx);
  if (!fetch_lockstep()) throw Error("--sched-impl lockstep: no lockstep wrapper is linked into this program");
  return fetch_lockstep()(cpp(ctx), (*rtl)(ctx), ctx);
}

std::vector<PolicyInfo> issue_policies() { return issue_table().list(); }

std::vector<PolicyInfo> fetch_policies() { return fetch_table().list(); }

}  // namespace scwarp::sched
