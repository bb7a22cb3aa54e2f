#include "sc_model/sched/policy_table.h"

#include <functional>
#include <gtest/gtest.h>

namespace scwarp::sched {
namespace {

using IntFactory = std::function<int()>;

TEST(PolicyTable, FindsByNameAndListsSorted) {
  PolicyTable<IntFactory> table("issue", "SCWARP_REGISTER_ISSUE_POLICY");
  table.add("zeta", "last", [] { return 26; });
  table.add("alpha", "first", [] { return 1; });
  EXPECT_EQ(table.find("zeta")(), 26);
  EXPECT_EQ(table.find("alpha")(), 1);
  std::vector<PolicyInfo> list = table.list();
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0].name, "alpha");
  EXPECT_EQ(list[0].description, "first");
  EXPECT_EQ(list[1].name, "zeta");
}

TEST(PolicyTable, DuplicateNameIsReportedAtLookupNotAtRegistration) {
  PolicyTable<IntFactory> table("fetch", "SCWARP_REGISTER_FETCH_POLICY");
  table.add("rr", "one", [] { return 1; });
  EXPECT_NO_THROW(table.add("rr", "two", [] { return 2; }));
  const std::string expected =
      "fetch policy 'rr' is registered more than once (two SCWARP_REGISTER_FETCH_POLICY lines use that name)";
  try {
    table.find("rr");
    FAIL() << "duplicate not reported by find";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), expected);
  }
  try {
    table.list();
    FAIL() << "duplicate not reported by list";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), expected);
  }
}

TEST(PolicyTable, EmptyTableNamesNoKnownPolicy) {
  PolicyTable<IntFactory> table("issue", "SCWARP_REGISTER_ISSUE_POLICY");
  try {
    table.find("lrr");
    FAIL() << "unknown name accepted";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "unknown issue policy 'lrr' (known: none)");
  }
}

}  // namespace
}  // namespace scwarp::sched
