// The two policy tables behind registry.h. Registration runs during static
// initialisation, in whatever order the linker lays out the policies' object
// files, so each table is a function-local static, built on first use.
#include "sc_model/sched/registry.h"

#include "sc_model/sched/policy_table.h"

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

}  // namespace

void register_issue_policy(const std::string& name, const std::string& description,
                           IssueFactory factory) {
  issue_table().add(name, description, std::move(factory));
}

void register_fetch_policy(const std::string& name, const std::string& description,
                           FetchFactory factory) {
  fetch_table().add(name, description, std::move(factory));
}

std::unique_ptr<IssuePolicy> make_issue_policy(const std::string& name, const PolicyContext& ctx) {
  return issue_table().find(name)(ctx);
}

std::unique_ptr<FetchPolicy> make_fetch_policy(const std::string& name, const PolicyContext& ctx) {
  return fetch_table().find(name)(ctx);
}

std::vector<PolicyInfo> issue_policies() { return issue_table().list(); }

std::vector<PolicyInfo> fetch_policies() { return fetch_table().list(); }

}  // namespace scwarp::sched
