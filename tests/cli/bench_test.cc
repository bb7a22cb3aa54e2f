// `scwarp bench`: the report's shape and counts. Speed is never asserted.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
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


// An executable shell script in the test's scratch folder.
std::string write_script(const std::string& name, const std::string& body) {
  const std::string path = scratch_dir() + "/" + name;
  write_file(path, "#!/bin/sh\n" + body);
  std::filesystem::permissions(path, std::filesystem::perms::owner_all);
  return path;
}

// Against its own binary: the same cycles on every workload, one row and one
// ratio per workload, both suite means and the geomean. Timing is not judged.
TEST(BenchAgainst, ItsOwnBinarySimulatesTheSameCycles) {
  const std::string json_path = scratch_dir() + "/against.json";
  const std::vector<std::string> names = {"vector_add", "matmul"};
  const ProcessResult r = run_scwarp("bench --config tiny --size tiny --workload vector_add --workload matmul "
                                     "--against '" SCWARP_BINARY "' --json '" + json_path + "'");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("timing benchmark against " SCWARP_BINARY), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("this M/s   other M/s    ratio cpu ratio    same"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("geomean ratio"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("same results         yes"), std::string::npos) << r.out;
  const auto report = nlohmann::json::parse(read_file(json_path));
  EXPECT_EQ(report.at("mode"), "timing-against");
  EXPECT_EQ(report.at("against"), SCWARP_BINARY);
  EXPECT_TRUE(report.at("same_results").get<bool>());
  EXPECT_GT(report.at("geomean_ratio").get<double>(), 0);
  EXPECT_GT(report.at("geomean_cpu_ratio").get<double>(), 0);
  ASSERT_EQ(report.at("runs").size(), names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    const auto& run = report.at("runs")[i];
    EXPECT_EQ(run.at("workload"), names[i]);
    EXPECT_GT(run.at("this").at("cycles").get<uint64_t>(), 0u) << run;
    EXPECT_EQ(run.at("this").at("cycles"), run.at("other").at("cycles")) << run;
    EXPECT_EQ(run.at("this").at("thread_instructions"), run.at("other").at("thread_instructions")) << run;
    EXPECT_TRUE(run.at("same_result").get<bool>());
    EXPECT_DOUBLE_EQ(run.at("ratio").get<double>(),
                     run.at("this").at("thread_instructions_per_second").get<double>() /
                         run.at("other").at("thread_instructions_per_second").get<double>());
    EXPECT_GT(run.at("cpu_ratio").get<double>(), 0);
  }
  // matmul is the only suite workload: each side's mean is its matmul rate.
  const auto& means = report.at("suite_mean_thread_instructions_per_second");
  EXPECT_DOUBLE_EQ(means.at("this").get<double>(),
                   report.at("runs")[1].at("this").at("thread_instructions_per_second").get<double>());
  EXPECT_DOUBLE_EQ(means.at("other").get<double>(),
                   report.at("runs")[1].at("other").at("thread_instructions_per_second").get<double>());
}

// A build that simulates different cycles (here: the same binary under
// another scheduler) is flagged, with a non-zero exit.
TEST(BenchAgainst, ABuildThatSimulatesOtherCyclesIsFlagged) {
  const std::string other = write_script("gto_build", "exec '" SCWARP_BINARY "' \"$@\" --sched gto\n");
  const std::string json_path = scratch_dir() + "/against.json";
  const ProcessResult r = run_scwarp("bench --config tiny --size tiny --workload matmul --against '" + other +
                                     "' --json '" + json_path + "'");
  EXPECT_EQ(r.exit_status, 3) << r.out << r.err;
  EXPECT_NE(r.out.find("RESULTS DIFFER       on matmul"), std::string::npos) << r.out;
  const auto report = nlohmann::json::parse(read_file(json_path));
  EXPECT_FALSE(report.at("same_results").get<bool>());
  const auto& run = report.at("runs")[0];
  EXPECT_FALSE(run.at("same_result").get<bool>());
  EXPECT_NE(run.at("this").at("cycles"), run.at("other").at("cycles"));
}

// --reps: each build runs every workload that many times, interleaved, and
// the least time is kept; the runs of one build must agree.
TEST(BenchAgainst, RepsRunEachBuildSeveralTimesAndKeepItsLeastTime) {
  const std::string json_path = scratch_dir() + "/reps.json";
  const ProcessResult r = run_scwarp("bench --config tiny --size tiny --workload vector_add --reps 3 "
                                     "--against '" SCWARP_BINARY "' --json '" + json_path + "'");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find(", best of 3 runs"), std::string::npos) << r.out;
  const auto report = nlohmann::json::parse(read_file(json_path));
  EXPECT_EQ(report.at("reps"), 3);
  EXPECT_TRUE(report.at("same_results").get<bool>());
  EXPECT_GT(report.at("runs")[0].at("this").at("launch_seconds").get<double>(), 0);

  const ProcessResult zero = run_scwarp("bench --size tiny --workload matmul --reps 0");
  EXPECT_EQ(zero.exit_status, 2);
  EXPECT_NE(zero.err.find("--reps"), std::string::npos) << zero.err;
}

TEST(BenchAgainst, RunsOfOneBuildThatDisagreeAreAFailure) {
  // Simulates the config's scheduler on its first run and GTO after.
  const std::string counter = scratch_dir() + "/runs_so_far";
  std::filesystem::remove(counter);
  const std::string flaky = write_script(
      "flaky_build", "if [ -e '" + counter + "' ]; then exec '" SCWARP_BINARY "' \"$@\" --sched gto; fi\n"
                     "touch '" + counter + "'\nexec '" SCWARP_BINARY "' \"$@\"\n");
  const ProcessResult r = run_scwarp("bench --config tiny --size tiny --workload matmul --reps 2 --against '" +
                                     flaky + "'");
  EXPECT_EQ(r.exit_status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("matmul           FAILED   " + flaky + ": two runs simulated differently"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("a run must be deterministic"), std::string::npos) << r.out;
}

TEST(BenchAgainst, AMissingOrBrokenBinaryIsAnErrorNamingIt) {
  const std::string missing = scratch_dir() + "/no_such_scwarp";
  const ProcessResult absent = run_scwarp("bench --size tiny --workload matmul --against '" + missing + "'");
  EXPECT_EQ(absent.exit_status, 2);
  EXPECT_NE(absent.err.find("--against: '" + missing + "' does not exist"), std::string::npos) << absent.err;

  const std::string text = scratch_dir() + "/not_executable";
  write_file(text, "scwarp\n");
  const ProcessResult plain = run_scwarp("bench --size tiny --workload matmul --against '" + text + "'");
  EXPECT_EQ(plain.exit_status, 2);
  EXPECT_NE(plain.err.find("--against: '" + text + "' is not an executable file"), std::string::npos) << plain.err;

  const std::string broken = write_script("broken", "echo 'broken build' >&2\nexit 1\n");
  const ProcessResult failed = run_scwarp("bench --config tiny --size tiny --workload matmul --against '" + broken + "'");
  EXPECT_EQ(failed.exit_status, 1) << failed.out;
  EXPECT_NE(failed.out.find("matmul           FAILED   " + broken + ": broken build"), std::string::npos)
      << failed.out;

  const std::string silent = write_script("silent", "exit 0\n");
  const ProcessResult no_report =
      run_scwarp("bench --config tiny --size tiny --workload matmul --against '" + silent + "'");
  EXPECT_EQ(no_report.exit_status, 1) << no_report.out;
  EXPECT_NE(no_report.out.find(silent + ": no usable run report: it wrote no JSON report"), std::string::npos)
      << no_report.out;
}

}  // namespace
}  // namespace scwarp::testing
