// Every subcommand explains itself, and usage errors exit 2 with one line.
#include <gtest/gtest.h>

#include "tests/cli/scwarp_process.h"

namespace scwarp::testing {
namespace {

struct HelpCase {
  const char* subcommand;
  const char* mentions;  // an option only that subcommand has
};
void PrintTo(const HelpCase& c, std::ostream* os) { *os << c.subcommand; }

class SubcommandHelp : public ::testing::TestWithParam<HelpCase> {};

TEST_P(SubcommandHelp, PrintsItsOwnOptionsAndExitsZero) {
  const ProcessResult r = run_scwarp(std::string(GetParam().subcommand) + " --help");
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find(GetParam().mentions), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "");
}

INSTANTIATE_TEST_SUITE_P(AllSubcommands, SubcommandHelp,
                         ::testing::Values(HelpCase{"list", "--configs-dir"},
                                           HelpCase{"run", "--functional"},
                                           HelpCase{"launch", "--buffer"},
                                           HelpCase{"bench", "--workload"},
                                           HelpCase{"sweep", "--jobs"},
                                           HelpCase{"transform", "--vtw"}),
                         [](const auto& info) { return std::string(info.param.subcommand); });

TEST(TopLevelHelp, ListsEverySubcommand) {
  const ProcessResult r = run_scwarp("--help");
  EXPECT_EQ(r.exit_status, 0);
  for (const char* sub : {"list", "run", "launch", "bench", "sweep", "transform"})
    EXPECT_NE(r.out.find(sub), std::string::npos) << sub;
}

TEST(UsageErrors, NoSubcommandIsAUsageError) {
  const ProcessResult r = run_scwarp("");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_EQ(r.err.rfind("scwarp: error: ", 0), 0u) << r.err;
}

TEST(UsageErrors, UnknownOptionIsNamed) {
  const ProcessResult r = run_scwarp("run --functional --frobnicate 3");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_EQ(r.err.rfind("scwarp: error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("--frobnicate"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(UsageErrors, UnknownTopLevelOptionIsNamed) {
  const ProcessResult r = run_scwarp("--verbose");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_EQ(r.err, "scwarp: error: unknown option '--verbose'\n");
}

TEST(UsageErrors, UnknownSubcommandIsNamed) {
  const ProcessResult r = run_scwarp("simulate");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_NE(r.err.find("unknown subcommand 'simulate' (expected one of: list, run, launch, bench, sweep, transform)"),
            std::string::npos)
      << r.err;
}

// CLI11 alone would take -1 as 2^64-1 and 010 as octal 8.
TEST(UsageErrors, NegativeOrOctalLookingSeedIsRefused) {
  for (const char* seed : {"-1", "010"}) {
    const ProcessResult r = run_scwarp(std::string("run --functional --seed ") + seed);
    EXPECT_EQ(r.exit_status, 2) << seed;
    EXPECT_NE(r.err.find(std::string("--seed: '") + seed + "' is not an unsigned"), std::string::npos) << r.err;
  }
}

TEST(UsageErrors, NonNumericSeedIsRefused) {
  const ProcessResult r = run_scwarp("run --functional --seed twelve");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_NE(r.err.find("twelve"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace scwarp::testing
