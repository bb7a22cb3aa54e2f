// Runs every registered workload functionally and requires its own CPU
// reference to agree; and checks that verification is not vacuous.
#include <gtest/gtest.h>

#include <tuple>

#include "sc_model/common/error.h"
#include "tb/workloads/common.h"

using namespace scwarp;
using namespace scwarp::workloads;

namespace {

using RunParam = std::tuple<std::string, Size>;

class EveryWorkload : public ::testing::TestWithParam<RunParam> {};

TEST_P(EveryWorkload, VerifiesAgainstCpuReference) {
  const auto& [name, size] = GetParam();
  auto w = make_workload(name);
  runtime::Device dev;
  Verification v = w->run(dev, size, 1);
  EXPECT_TRUE(v.ok) << name << " (" << size_name(size) << "): " << v.message;
  EXPECT_GT(dev.totals().thread_instructions, 0u);
}

std::string param_name(const ::testing::TestParamInfo<RunParam>& info) {
  return std::get<0>(info.param) + "_" + size_name(std::get<1>(info.param));
}

INSTANTIATE_TEST_SUITE_P(TinyAndSmall, EveryWorkload,
                         ::testing::Combine(::testing::ValuesIn(workload_names()),
                                            ::testing::Values(Size::Tiny, Size::Small)),
                         param_name);

class PerWorkload : public ::testing::TestWithParam<std::string> {};

TEST_P(PerWorkload, SameSeedSameInstructionCountAndResult) {
  runtime::Device a, b;
  Verification va = make_workload(GetParam())->run(a, Size::Tiny, 7);
  Verification vb = make_workload(GetParam())->run(b, Size::Tiny, 7);
  EXPECT_TRUE(va.ok) << va.message;
  EXPECT_EQ(va.message, vb.message);
  EXPECT_EQ(a.totals().thread_instructions, b.totals().thread_instructions);
  EXPECT_EQ(a.totals().blocks, b.totals().blocks);
}

TEST_P(PerWorkload, OtherSeedStillVerifies) {
  runtime::Device dev;
  Verification v = make_workload(GetParam())->run(dev, Size::Tiny, 0x5eed);
  EXPECT_TRUE(v.ok) << v.message;
}

// An executor that launches nothing: device memory keeps whatever the host
// put there, so a workload whose check is real must report a failure.
class SkippingExecutor : public runtime::Executor {
 public:
  runtime::LaunchResult execute(func::GlobalMemory&, const func::LaunchSpec&) override { return {}; }
};

TEST_P(PerWorkload, VerificationFailsWhenKernelsDoNotRun) {
  runtime::Device dev(std::make_unique<SkippingExecutor>());
  Verification v = make_workload(GetParam())->run(dev, Size::Tiny, 1);
  EXPECT_FALSE(v.ok) << GetParam() << " verified although no kernel ran: " << v.message;
  EXPECT_FALSE(v.message.empty());
}

TEST_P(PerWorkload, DescriptionIsOneLine) {
  std::string d = make_workload(GetParam())->description();
  EXPECT_EQ(d.find('\n'), std::string::npos) << d;
}

INSTANTIATE_TEST_SUITE_P(All, PerWorkload, ::testing::ValuesIn(workload_names()));

}  // namespace
