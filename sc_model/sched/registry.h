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
