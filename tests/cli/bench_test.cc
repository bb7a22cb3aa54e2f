// `scwarp bench`: the report's shape and counts. Speed is never asserted.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "tests/cli/scwarp_process.h"

namespace scwarp::testing {
namespace {

TEST(Bench, ReportsEachWorkloadAndTheTotal) {
  const std::string json_path = scratch_dir() + "/bench.json";
  const std::vector<std::string> names = {"matmul", "scalar_product"};
  const ProcessResult r = run_scwarp("bench --functional --size tiny --workload " + names[0] + " --workload " +
                                     names[1] + " --json '" + json_path + "'");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("M thr-instr/s"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("peak resident memory"), std::string::npos) << r.out;
  const auto report = nlohmann::json::parse(read_file(json_path));
  ASSERT_EQ(report.at("runs").size(), 2u);
  uint64_t sum = 0;
  for (size_t i = 0; i < 2; ++i) {
    const auto& run = report.at("runs")[i];
    EXPECT_EQ(run.at("workload"), names[i]);
    EXPECT_EQ(run.at("verified"), true);
    sum += run.at("thread_instructions").get<uint64_t>();
    EXPECT_NE(r.out.find(names[i]), std::string::npos);
  }
  EXPECT_GT(sum, 0u);
  EXPECT_EQ(report.at("total").at("thread_instructions").get<uint64_t>(), sum);
  EXPECT_EQ(report.at("size"), "tiny");
  EXPECT_GT(report.at("peak_resident_bytes").get<uint64_t>(), 0u);
}

TEST(Bench, TimingModeRunsEachWorkloadInItsOwnProcess) {
  const std::string json_path = scratch_dir() + "/bench.json";
  const ProcessResult r = run_scwarp("bench --config tiny --size tiny --workload vector_add "
                                     "--workload matmul --json '" + json_path + "'");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("K cyc/s"), std::string::npos) << r.out;
  const auto report = nlohmann::json::parse(read_file(json_path));
  ASSERT_EQ(report.at("runs").size(), 2u);
  for (const auto& run : report.at("runs")) {
    EXPECT_TRUE(run.at("verified").get<bool>()) << run;
    EXPECT_GT(run.at("cycles").get<uint64_t>(), 0u);
    EXPECT_GT(run.at("peak_resident_bytes").get<uint64_t>(), 0u);
  }
  // Only matmul belongs to the suite: the mean is its rate alone.
  EXPECT_DOUBLE_EQ(report.at("suite_mean_thread_instructions_per_second").get<double>(),
                   report.at("runs")[1].at("thread_instructions_per_second").get<double>());
}

// The cost of RTL in the loop: --sched / --fetch / --sched-impl reach every
// run, and the RTL run simulates exactly the cycles the C++ run does.
TEST(Bench, PassesThePolicyAndItsImplementationToEveryRun) {
  uint64_t cycles[2] = {};
  const char* impls[2] = {"cpp", "rtl"};
  for (int i = 0; i < 2; ++i) {
    const std::string json_path = scratch_dir() + "/bench_" + impls[i] + ".json";
    const ProcessResult r = run_scwarp(std::string("bench --config tiny --size tiny --workload reduction --sched pro "
                                                   "--fetch rr --sched-impl ") +
                                       impls[i] + " --json '" + json_path + "'");
    ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
    EXPECT_NE(r.out.find(std::string("sched pro, fetch rr, sched-impl ") + impls[i]), std::string::npos) << r.out;
    const auto report = nlohmann::json::parse(read_file(json_path));
    cycles[i] = report.at("runs")[0].at("cycles").get<uint64_t>();
  }
  EXPECT_GT(cycles[0], 0u);
  EXPECT_EQ(cycles[0], cycles[1]);
  const ProcessResult bad = run_scwarp("bench --config tiny --size tiny --workload reduction --sched lrr "
                                       "--sched-impl rtl");
  EXPECT_NE(bad.exit_status, 0);
  EXPECT_NE(bad.out.find("reduction        FAILED   scwarp: error: issue policy 'lrr' has no RTL implementation"),
            std::string::npos)
      << bad.out;
}

TEST(Bench, AFailingRunIsReportedAndTheOthersStillRun) {
  const ProcessResult r = run_scwarp("bench --config tiny --size tiny --set gpgpu_scheduler=nope "
                                     "--workload vector_add --workload matmul");
  EXPECT_NE(r.exit_status, 0);
  EXPECT_NE(r.out.find("vector_add       FAILED"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("matmul           FAILED"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace scwarp::testing
