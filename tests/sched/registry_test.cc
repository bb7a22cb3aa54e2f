#include "sc_model/sched/registry.h"

#include <algorithm>
#include <random>
#include <gtest/gtest.h>

#include "sc_model/common/error.h"
#include "scripted_sm.h"

namespace scwarp::sched {
namespace {

std::vector<std::string> names(const std::vector<PolicyInfo>& infos) {
  std::vector<std::string> out;
  for (const PolicyInfo& info : infos) out.push_back(info.name);
  return out;
}

std::string error_of(auto&& call) {
  try {
    call();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

// Every policy the model ships registers itself; more may follow.
bool lists(const std::vector<std::string>& listed, const std::string& name) {
  return std::find(listed.begin(), listed.end(), name) != listed.end();
}

TEST(PolicyRegistry, ListsEveryPolicySortedByName) {
  const std::vector<std::string> issue = names(issue_policies()), fetch = names(fetch_policies());
  for (const char* name : {"gto", "lrr", "two_level"}) EXPECT_TRUE(lists(issue, name)) << name;
  EXPECT_TRUE(lists(fetch, "rr"));
  EXPECT_TRUE(std::is_sorted(issue.begin(), issue.end()));
  EXPECT_TRUE(std::is_sorted(fetch.begin(), fetch.end()));
  for (const PolicyInfo& info : issue_policies()) EXPECT_FALSE(info.description.empty()) << info.name;
  for (const PolicyInfo& info : fetch_policies()) EXPECT_FALSE(info.description.empty()) << info.name;
}

TEST(PolicyRegistry, UnknownNamesListTheKnownOnes) {
  config::GpuConfig cfg;
  PolicyContext ctx{cfg};
  // The message lists every registered name, comma-separated, sorted.
  std::string known;
  for (const auto& name : names(issue_policies())) known += (known.empty() ? "" : ", ") + name;
  EXPECT_EQ(error_of([&] { make_issue_policy("fifo", ctx); }),
            "unknown issue policy 'fifo' (known: " + known + ")");
  EXPECT_NE(known.find("gto, lrr"), std::string::npos) << known;
  EXPECT_NE(error_of([&] { make_fetch_policy("lrr", ctx); }).find("unknown fetch policy 'lrr' (known: "),
            std::string::npos);
}

// Every registered issue policy, built by name from the default GTX480
// configuration, orders a full SM: each of the scheduler's warps exactly once.
TEST(PolicyRegistry, EveryIssuePolicyBuildsAndOrdersAFullSm) {
  testing::ScriptedSm sm(48, 2);
  for (uint32_t tb = 0; tb < 6; ++tb) sm.launch_tb(tb, tb * 8, 8, tb * 10, tb);
  for (const PolicyInfo& info : issue_policies()) {
    std::unique_ptr<IssuePolicy> policy = make_issue_policy(info.name, sm.context());
    ASSERT_NE(policy, nullptr) << info.name;
    for (uint32_t sched = 0; sched < 2; ++sched) {
      std::vector<uint32_t> order = sm.order(*policy, sched);
      std::sort(order.begin(), order.end());
      if (info.name == "two_level_active") {  // offers only its active set: the first 6 warps
        const std::vector<uint32_t> all = sm.warps_of(sched);
        EXPECT_EQ(order, std::vector<uint32_t>(all.begin(), all.begin() + 6)) << "scheduler " << sched;
        continue;
      }
      EXPECT_EQ(order, sm.warps_of(sched)) << info.name << " scheduler " << sched;
    }
  }
}

// A policy that says it orders every warp without effects is taken at its
// word (the issue stage then skips order() in cycles with no Ready warp and
// asks first_issuable() in the others): through random issues, waits, exits,
// head units and busy issue slots its order lists exactly the scheduler's
// warps, asking twice gives the same order, and first_issuable() is the first
// warp of that order that can issue. LRR, GTO, both MWF variants, SAWS and
// VTW say so.
TEST(PolicyRegistry, PoliciesThatOrderEveryWarpWithoutEffectsDo) {
  std::vector<std::string> claiming;
  for (const PolicyInfo& info : issue_policies()) {
    testing::ScriptedSm sm(48, 2);
    for (uint32_t tb = 0; tb < 6; ++tb) sm.launch_tb(tb, tb * 8, 8, tb * 10, tb);
    std::unique_ptr<IssuePolicy> policy = make_issue_policy(info.name, sm.context());
    if (!policy->orders_every_warp_without_effects()) continue;
    claiming.push_back(info.name);
    std::mt19937 rng(3);
    for (int step = 0; step < 2000; ++step) {
      const uint32_t w = rng() % 48, sched = rng() % 2;
      switch (rng() % 4) {
        case 0: sm.issue(*policy, w); break;
        case 1: sm.wait_on_memory(w); break;
        case 2: sm.make_ready(w); break;
        default: if (rng() % 8 == 0) sm.exit_warp(*policy, w);
      }
      sm.warp(w).head_unit = IssueUnit(rng() % 4);
      sm.units().sp_free = rng() % 2, sm.units().sfu_free = rng() % 2, sm.units().ldst_free = rng() % 2;
      std::vector<uint32_t> order = sm.order(*policy, sched);
      ASSERT_EQ(order, sm.order(*policy, sched)) << info.name << ", step " << step;
      std::vector<uint32_t> scratch;
      ASSERT_EQ(policy->first_issuable(sm.view(), sched, sm.warps_of(sched), scratch),
                first_issuable_of(sm.view(), order))
          << info.name << ", step " << step;
      std::sort(order.begin(), order.end());
      ASSERT_EQ(order, sm.warps_of(sched)) << info.name << ", step " << step;
    }
  }
  EXPECT_EQ(claiming, (std::vector<std::string>{"gto", "lrr", "mwf_gto", "mwf_lrr", "saws", "vtw"}));
}

TEST(PolicyRegistry, EveryFetchPolicyBuildsAndChoosesAFetchableWarp) {
  testing::ScriptedSm sm(48, 2);
  sm.launch_tb(0, 0, 8, 0, 0);
  std::unique_ptr<IssuePolicy> issue = make_issue_policy("lrr", sm.context());
  const std::vector<uint32_t> fetchable{3, 5};
  for (const PolicyInfo& info : fetch_policies()) {
    std::unique_ptr<FetchPolicy> fetch = make_fetch_policy(info.name, sm.context());
    ASSERT_NE(fetch, nullptr) << info.name;
    uint32_t chosen = fetch->choose(sm.view(), fetchable, *issue);
    EXPECT_TRUE(chosen == 3 || chosen == 5) << info.name << " chose " << chosen;
  }
}

}  // namespace
}  // namespace scwarp::sched
