// `scwarp sweep`: the cross product in a fixed order, resuming, failures kept
// apart, results independent of --jobs; and the report script on its output.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/cli/scwarp_process.h"

namespace scwarp::testing {
namespace {

namespace fs = std::filesystem;

// Two workloads x two policies on the tiny GPU at tiny size.
constexpr const char* kTinySweep = "sweep --config tiny --size tiny --workload matmul vector_add --sched lrr gto";

ProcessResult sweep(const std::string& dir, const std::string& args = kTinySweep, int jobs = 2) {
  return run_scwarp(args + " --jobs " + std::to_string(jobs) + " --out '" + dir + "'");
}

nlohmann::json summary(const std::string& dir) { return nlohmann::json::parse(read_file(dir + "/sweep.json")); }

// The report of one run of the summary.
nlohmann::json report_of(const std::string& dir, const nlohmann::json& run) {
  return nlohmann::json::parse(read_file(dir + "/" + run.at("report").get<std::string>()));
}

// The summary without host times, the only figures that may differ between
// two sweeps of the same runs.
nlohmann::json without_host_times(nlohmann::json s) {
  for (auto& run : s.at("runs")) run.erase("host_seconds");
  return s;
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(Sweep, RunsTheCrossProductInCommandLineOrder) {
  const std::string dir = scratch_dir() + "/out";
  const ProcessResult r = sweep(dir);
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  EXPECT_EQ(count(r.err, "] done "), 4u) << r.err;
  EXPECT_NE(r.err.find("[4/4] done "), std::string::npos) << r.err;
  const nlohmann::json s = summary(dir);
  ASSERT_EQ(s.at("runs").size(), 4u);
  const std::vector<std::pair<std::string, std::string>> order = {
      {"lrr", "matmul"}, {"lrr", "vector_add"}, {"gto", "matmul"}, {"gto", "vector_add"}};
  for (size_t i = 0; i < order.size(); ++i) {
    const auto& run = s.at("runs")[i];
    EXPECT_EQ(run.at("policy"), order[i].first);
    EXPECT_EQ(run.at("sched"), order[i].first);
    EXPECT_EQ(run.at("fetch"), "rr");
    EXPECT_EQ(run.at("workload"), order[i].second);
    EXPECT_EQ(run.at("config"), "tiny");
    EXPECT_EQ(run.at("status"), "verified");
    EXPECT_EQ(run.at("verified"), true);
    EXPECT_GT(run.at("cycles").get<uint64_t>(), 0u);
    EXPECT_GT(run.at("ipc").get<double>(), 0.0);
    const auto report = report_of(dir, run);
    EXPECT_EQ(report.at("cycles"), run.at("cycles"));
  }
  EXPECT_EQ(s.at("runs")[0].at("report"), "runs/tiny/lrr/matmul.json");
  EXPECT_EQ(s.at("summary").at("verified"), 4);
  EXPECT_NE(r.out.find("4 runs: 4 verified, 0 unverified, 0 failed"), std::string::npos) << r.out;
}

// A grid entry's ,NAME=VALUE options reach its runs only: seed 002's large
// warps as a sweep axis (the thread instructions stay, the SIMD
// instructions issued change).
TEST(Sweep, GridEntryOptionsApplyToThatEntrysRunsOnly) {
  const std::string dir = scratch_dir() + "/out";
  const ProcessResult r = sweep(dir, "sweep --config tiny --size tiny --workload bfs --sched lrr "
                                     "lrr,scwarp_large_warp_size=256");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  const nlohmann::json s = summary(dir);
  ASSERT_EQ(s.at("runs").size(), 2u);
  EXPECT_EQ(s.at("runs")[1].at("policy"), "lrr,scwarp_large_warp_size=256");
  EXPECT_EQ(s.at("runs")[1].at("sched"), "lrr");
  nlohmann::json reports[2];
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(s.at("runs")[i].at("status"), "verified");
    reports[i] = report_of(dir, s.at("runs")[i]);
  }
  EXPECT_EQ(reports[0].at("config").at("options").at("scwarp_large_warp_size"), "32");
  EXPECT_EQ(reports[1].at("config").at("options").at("scwarp_large_warp_size"), "256");
  EXPECT_EQ(reports[0].at("thread_instructions"), reports[1].at("thread_instructions"));
  EXPECT_NE(reports[0].at("warp_instructions"), reports[1].at("warp_instructions"));
}

// --transform puts @TRANSFORM after every entry that has none, so the runs
// are named and filed as transformed; another transformation is refused.
TEST(Sweep, TransformAppliesToEveryEntry) {
  const std::string dir = scratch_dir() + "/out";
  const ProcessResult r = sweep(dir, "sweep --config tiny --size tiny --workload vector_add --sched lrr gto@vtw:same "
                                     "--transform vtw:same");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  const nlohmann::json s = summary(dir);
  ASSERT_EQ(s.at("runs").size(), 2u);
  EXPECT_EQ(s.at("runs")[0].at("policy"), "lrr@vtw:same");
  EXPECT_EQ(s.at("runs")[1].at("policy"), "gto@vtw:same");
  for (const auto& run : s.at("runs")) {
    EXPECT_EQ(run.at("status"), "verified");
    const auto report = report_of(dir, run);
    EXPECT_EQ(report.at("transform"), "vtw:same");
  }
  const ProcessResult other = run_scwarp("sweep --config tiny --size tiny --workload vector_add --sched "
                                         "gto@vtw:slowest --transform vtw:same --out '" + dir + "2'");
  EXPECT_EQ(other.exit_status, 2) << other.err;
  EXPECT_NE(other.err.find("names another transformation than --transform 'vtw:same'"), std::string::npos)
      << other.err;
}

TEST(Sweep, ASecondSweepKeepsEveryCompleteRun) {
  const std::string dir = scratch_dir() + "/out";
  ASSERT_EQ(sweep(dir).exit_status, 0);
  const nlohmann::json first = summary(dir);
  const auto stamp = fs::last_write_time(dir + "/runs/tiny/gto/matmul.json");
  const ProcessResult again = sweep(dir);
  ASSERT_EQ(again.exit_status, 0) << again.err;
  EXPECT_NE(again.err.find("4 of 4 runs kept"), std::string::npos) << again.err;
  EXPECT_EQ(count(again.err, "] done "), 0u) << again.err;
  EXPECT_EQ(fs::last_write_time(dir + "/runs/tiny/gto/matmul.json"), stamp);
  EXPECT_EQ(summary(dir), first);
}

TEST(Sweep, AMissingReportIsRunAgainAlone) {
  const std::string dir = scratch_dir() + "/out";
  ASSERT_EQ(sweep(dir).exit_status, 0);
  const nlohmann::json first = summary(dir);
  fs::remove(dir + "/runs/tiny/gto/matmul.json");
  // A report cut short (an interrupted write) is not complete either.
  write_file(dir + "/runs/tiny/lrr/vector_add.json", "{\"cycles\": ");
  const ProcessResult again = sweep(dir);
  ASSERT_EQ(again.exit_status, 0) << again.err;
  EXPECT_NE(again.err.find("2 of 4 runs kept"), std::string::npos) << again.err;
  EXPECT_EQ(count(again.err, "] done "), 2u) << again.err;
  EXPECT_NE(again.err.find("done matmul gto tiny"), std::string::npos) << again.err;
  EXPECT_NE(again.err.find("done vector_add lrr tiny"), std::string::npos) << again.err;
  EXPECT_EQ(without_host_times(summary(dir)), without_host_times(first));
}

TEST(Sweep, ARunThatFailsIsRecordedAndTheOthersComplete) {
  const std::string dir = scratch_dir() + "/out";
  const ProcessResult r =
      sweep(dir, "sweep --config tiny --size tiny --workload vector_add --sched nope lrr+rr");
  EXPECT_EQ(r.exit_status, 1) << r.err;
  EXPECT_NE(r.err.find("FAILED vector_add nope tiny"), std::string::npos) << r.err;
  const nlohmann::json s = summary(dir);
  ASSERT_EQ(s.at("runs").size(), 2u);
  const auto& failed = s.at("runs")[0];
  EXPECT_EQ(failed.at("status"), "failed");
  EXPECT_EQ(failed.at("exit_status"), 1);
  EXPECT_NE(failed.at("error").get<std::string>().find("nope"), std::string::npos) << failed;
  EXPECT_NE(read_file(dir + "/failed/tiny/nope/vector_add.txt").find("nope"), std::string::npos);
  const auto& ok = s.at("runs")[1];
  EXPECT_EQ(ok.at("status"), "verified");
  EXPECT_EQ(ok.at("sched"), "lrr");
  EXPECT_EQ(ok.at("fetch"), "rr");
  EXPECT_TRUE(fs::exists(dir + "/runs/tiny/lrr+rr/vector_add.json"));
  EXPECT_EQ(s.at("summary").at("failed"), 1);
}

TEST(Sweep, OneJobAndTwoJobsGiveTheSameResults) {
  const std::string one = scratch_dir() + "/one", two = scratch_dir() + "/two";
  ASSERT_EQ(sweep(one, kTinySweep, 1).exit_status, 0);
  ASSERT_EQ(sweep(two, kTinySweep, 2).exit_status, 0);
  EXPECT_EQ(without_host_times(summary(one)), without_host_times(summary(two)));
  for (const char* report : {"/runs/tiny/gto/matmul.json", "/runs/tiny/lrr/vector_add.json"}) {
    auto a = nlohmann::json::parse(read_file(one + report)), b = nlohmann::json::parse(read_file(two + report));
    for (auto* r : {&a, &b})
      for (const char* host : {"host", "host_seconds", "launch_seconds", "launch_cpu_seconds",
                               "thread_instructions_per_second"})
        r->erase(host);
    EXPECT_EQ(a, b) << report;
  }
}

// Two runs at once whose lengths differ (small size: matmul about 0.5 s,
// vector_add about 1.5 s), so when the first report appears the other run is
// still going, long after its sweep is killed unless it dies with it.
constexpr const char* kKillableSweep = "sweep --config tiny --size small --workload matmul vector_add --sched lrr";

// That sweep as its own process (not through a shell), so the test can kill
// it by pid.
pid_t start_sweep(const std::string& dir) {
  std::vector<std::string> args = {SCWARP_BINARY};
  std::istringstream words(kKillableSweep);
  for (std::string w; words >> w;) args.push_back(w);
  args.insert(args.end(), {"--jobs", "2", "--out", dir});
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t quiet;
  posix_spawn_file_actions_init(&quiet);
  posix_spawn_file_actions_addopen(&quiet, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, SCWARP_BINARY, &quiet, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&quiet);
  return rc == 0 ? pid : -1;
}

size_t reports_in(const std::string& dir) {
  size_t n = 0;
  if (!fs::exists(dir + "/runs")) return 0;
  for (const auto& f : fs::recursive_directory_iterator(dir + "/runs")) n += f.path().extension() == ".json";
  return n;
}

// Live processes whose command line mentions `text` (a zombie's is empty).
size_t processes_mentioning(const std::string& text) {
  size_t n = 0;
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string cmdline = read_file(entry.path().string() + "/cmdline");
    n += cmdline.find(text) != std::string::npos;
  }
  return n;
}

// SIGKILL a sweep once its first report is written: its running child dies
// with it, and a second sweep completes the rest into the same summary, run
// for run, as a sweep never interrupted.
TEST(Sweep, KilledWithSigkillLeavesNoRunAndResumesToTheSameSummary) {
  const std::string whole = scratch_dir() + "/whole", dir = scratch_dir() + "/killed";
  ASSERT_EQ(sweep(whole, kKillableSweep).exit_status, 0);
  const pid_t pid = start_sweep(dir);
  ASSERT_GT(pid, 0);
  int status = 0;
  while (reports_in(dir) == 0 && waitpid(pid, &status, WNOHANG) == 0)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ASSERT_EQ(kill(pid, SIGKILL), 0) << "the sweep ended before it could be killed";
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFSIGNALED(status));
  // The parent-death signal is sent as the sweep exits; its delivery takes a
  // moment, far less than the second run has left.
  for (int tries = 0; processes_mentioning(dir) > 0 && tries < 20; ++tries)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(processes_mentioning(dir), 0u) << "a child run outlived its sweep";
  EXPECT_FALSE(fs::exists(dir + "/sweep.json"));
  ASSERT_EQ(reports_in(dir), 1u) << "both runs finished before the kill";
  const ProcessResult resumed = sweep(dir, kKillableSweep);
  ASSERT_EQ(resumed.exit_status, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("1 of 2 runs kept"), std::string::npos) << resumed.err;
  EXPECT_EQ(without_host_times(summary(dir)), without_host_times(summary(whole)));
}

// A suite names the suite's workloads, never a microbenchmark; a policy that
// is not registered fails each run quickly, which is all this needs.
TEST(Sweep, SuiteOtherLeavesOutBarrierIntensiveAndMicrobenchmarks) {
  const std::string dir = scratch_dir() + "/out";
  const ProcessResult r = sweep(dir, "sweep --config tiny --size tiny --suite other --sched nope");
  EXPECT_EQ(r.exit_status, 1) << r.err;
  const nlohmann::json s = summary(dir);
  ASSERT_GT(s.at("runs").size(), 0u);
  for (const auto& run : s.at("runs")) {
    EXPECT_EQ(run.at("barrier_intensive"), false) << run;
    EXPECT_NE(run.at("workload"), "vector_add");
    EXPECT_NE(run.at("workload"), "matmul");
  }
}

struct UsageCase {
  const char* name;
  const char* args;
  const char* message;
};
void PrintTo(const UsageCase& c, std::ostream* os) { *os << c.name; }

class SweepUsage : public ::testing::TestWithParam<UsageCase> {};

TEST_P(SweepUsage, IsRefusedWithStatusTwoNamingTheOption) {
  const std::string dir = scratch_dir() + "/out";
  const ProcessResult r = run_scwarp(std::string("sweep --size tiny ") + GetParam().args + " --out '" + dir + "'");
  EXPECT_EQ(r.exit_status, 2) << r.err;
  EXPECT_NE(r.err.find(GetParam().message), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir + "/sweep.json"));
}

INSTANTIATE_TEST_SUITE_P(
    Cases, SweepUsage,
    ::testing::Values(UsageCase{"NoWorkloads", "--sched lrr", "--workload or --suite is required"},
                      UsageCase{"WorkloadAndSuite", "--workload matmul --suite all --sched lrr", "excludes"},
                      UsageCase{"SlashInPolicy", "--workload matmul --sched a/b", "--sched 'a/b'"},
                      UsageCase{"EmptyFetch", "--workload matmul --sched lrr+", "--sched 'lrr+'"},
                      UsageCase{"RepeatedPolicy", "--workload matmul --sched lrr lrr", "--sched 'lrr' is given twice"},
                      UsageCase{"UnknownConfig", "--workload matmul --sched lrr --config nope", "--config: 'nope'"},
                      UsageCase{"ZeroJobs", "--workload matmul --sched lrr --jobs 0", "--jobs"},
                      UsageCase{"EntryOptionWithoutValue", "--workload matmul --sched lrr,scwarp_large_warp_size",
                                "is not NAME=VALUE"},
                      UsageCase{"EntryOptionUnknown", "--workload matmul --sched lrr,nope=1", "nope"},
                      UsageCase{"EntryOptionBadValue", "--workload matmul --sched lrr,scwarp_large_warp_size=48",
                                "-scwarp_large_warp_size 48"}),
    [](const auto& info) { return std::string(info.param.name); });

bool python_has_matplotlib() {
  return std::system("/usr/bin/python3 -c 'import matplotlib' >/dev/null 2>&1") == 0;
}

TEST(SweepReport, WritesTablesWithAGeometricMeanAndPlots) {
  if (!python_has_matplotlib()) GTEST_SKIP() << "/usr/bin/python3 cannot import matplotlib";
  const std::string dir = scratch_dir() + "/out", report = scratch_dir() + "/report";
  ASSERT_EQ(sweep(dir).exit_status, 0);
  const std::string command = "/usr/bin/python3 '" SCWARP_SOURCE_DIR "/scripts/sweep_report.py' '" + dir +
                              "' --out '" + report + "' --timeline-workload matmul --timeline-policy gto --barrier-set label";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  const std::string md = read_file(report + "/report.md");
  EXPECT_NE(md.find("| geomean |"), std::string::npos) << md;
  EXPECT_NE(md.find("gto"), std::string::npos) << md;
  // The suite labels matmul barrier-intensive (at tiny size its LRR run
  // measures below seed 001's 15%): it gets an RTRU row.
  EXPECT_NE(md.find("| matmul | "), std::string::npos) << md;
  EXPECT_NE(md.find("### RTRU"), std::string::npos) << md;
  for (const char* png : {"speedup_tiny.png", "stalls_gpgpu_tiny.png", "stalls_hazards_tiny.png",
                          "timeline_tiny_matmul_gto.png", "rtru_tiny.png"})
    EXPECT_TRUE(fs::exists(report + "/" + png)) << png;
}

TEST(SweepReport, SaysWhenTheBaselineIsMissing) {
  if (!python_has_matplotlib()) GTEST_SKIP() << "/usr/bin/python3 cannot import matplotlib";
  const std::string dir = scratch_dir() + "/out", report = scratch_dir() + "/report";
  ASSERT_EQ(sweep(dir, "sweep --config tiny --size tiny --workload vector_add --sched gto").exit_status, 0);
  const std::string command = "/usr/bin/python3 '" SCWARP_SOURCE_DIR "/scripts/sweep_report.py' '" + dir +
                              "' --out '" + report + "' 2>/dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  const std::string md = read_file(report + "/report.md");
  EXPECT_NE(md.find("baseline policy 'lrr' is not in this sweep"), std::string::npos) << md;
}

// --before: the claims beside an older grid's report.md. A sweep compared
// with its own report differs by +0.0 pp in every claim it can compute. The
// report measures barrier intensity on the LRR runs beside the suite's labels.
TEST(SweepReport, ComparesTheClaimsWithAnOlderGridAndMeasuresBarrierIntensity) {
  if (!python_has_matplotlib()) GTEST_SKIP() << "/usr/bin/python3 cannot import matplotlib";
  const std::string dir = scratch_dir() + "/out", report = scratch_dir() + "/report";
  const std::string claims = scratch_dir() + "/claims.md";
  ASSERT_EQ(sweep(dir, "sweep --config tiny --size tiny --workload matmul vector_add --sched lrr gto pro").exit_status, 0);
  const std::string command = "/usr/bin/python3 '" SCWARP_SOURCE_DIR "/scripts/sweep_report.py' '" + dir +
                              "' --out '" + report + "' --claims '" + claims + "'";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  const std::string with_before = command + " --before '" + report + "/report.md'";
  ASSERT_EQ(std::system(with_before.c_str()), 0) << with_before;
  const std::string text = read_file(claims);
  EXPECT_NE(text.find("| before | after | after - paper | after - before |"), std::string::npos) << text;
  EXPECT_EQ(count(text, "| +0.0 pp | 2, 2/2 |"), 2u) << text;  // PRO over LRR and over GTO
  EXPECT_NE(text.find("measured on this sweep's LRR runs"), std::string::npos) << text;
  const std::string md = read_file(report + "/report.md");
  EXPECT_NE(md.find("### Barrier-intensive workloads"), std::string::npos) << md;
  EXPECT_NE(md.find("| vector_add | no | 0.0% |"), std::string::npos) << md;
  const std::string missing = command + " --before '" + dir + "/nope' 2>/dev/null";
  EXPECT_EQ(WEXITSTATUS(std::system(missing.c_str())), 2);
}

// scripts/reproduce against a scwarp that registers only lrr and gto (a
// wrapper filtering `list`): the rest of the grid is named missing, not run.
// The claims file's tables are rewritten; its hand-written discussion (after
// the marker) is kept; --set reaches every run.
TEST(Reproduce, QuickRunsTheRegisteredPoliciesAndNamesTheOthersMissing) {
  if (!python_has_matplotlib()) GTEST_SKIP() << "/usr/bin/python3 cannot import matplotlib";
  const std::string dir = scratch_dir(), fake = dir + "/scwarp";
  write_file(fake, std::string("#!/usr/bin/env bash\n"
                               "if [[ $1 == list ]]; then '") + SCWARP_BINARY +
                       "' \"$@\" | grep -E '^(lrr|gto|rr) '; exit; fi\nexec '" SCWARP_BINARY "' \"$@\"\n");
  fs::permissions(fake, fs::perms::owner_all);
  const std::string discussion =
      "<!-- written by hand from here on; scripts/reproduce keeps it when it rewrites the tables above -->\n"
      "Our hand-written reasons.\n";
  fs::create_directories(dir + "/out");
  write_file(dir + "/out/pro_baws.md", "| stale table |\n\n" + discussion);
  const std::string command = "'" SCWARP_SOURCE_DIR "/scripts/reproduce' --quick --jobs 2 --scwarp '" + fake +
                              "' --set scwarp_fetch_on_empty=0 --out '" + dir + "/out' 2>'" + dir +
                              "/err.txt' >/dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0) << read_file(dir + "/err.txt");
  const nlohmann::json s = summary(dir + "/out");
  EXPECT_EQ(s.at("policies"), nlohmann::json({"lrr", "gto"}));
  EXPECT_EQ(s.at("size"), "small");
  EXPECT_EQ(s.at("sets"), nlohmann::json({"scwarp_fetch_on_empty=0"}));
  const std::string claims = read_file(dir + "/out/pro_baws.md");
  EXPECT_NE(claims.find("missing: `pro` not registered in scwarp yet"), std::string::npos) << claims;
  EXPECT_NE(claims.find("`mwf_lrr+cff`"), std::string::npos) << claims;
  EXPECT_EQ(claims.find("stale table"), std::string::npos) << claims;
  EXPECT_EQ(count(claims, discussion), 1u) << claims;
  EXPECT_TRUE(claims.ends_with(discussion)) << claims;
  EXPECT_NE(read_file(dir + "/out/report/report.md").find("| geomean |"), std::string::npos);
}

// CI's small version of the headline grid: every policy of it is registered,
// completes and verifies on every quick workload (correctness only; the
// numbers are compared with the papers at paper size, docs/results/).
TEST(Reproduce, QuickGridRunsEveryPolicyAndVerifies) {
  if (!python_has_matplotlib()) GTEST_SKIP() << "/usr/bin/python3 cannot import matplotlib";
  const std::string dir = scratch_dir();
  const std::string command = "'" SCWARP_SOURCE_DIR "/scripts/reproduce' --quick --jobs 2 --scwarp '" SCWARP_BINARY
                              "' --out '" + dir + "/out' 2>'" + dir + "/err.txt' >/dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0) << read_file(dir + "/err.txt");
  const nlohmann::json s = summary(dir + "/out");
  EXPECT_EQ(s.at("policies").size(), 11u) << s.at("policies");
  ASSERT_EQ(s.at("runs").size(), 66u);
  for (const auto& run : s.at("runs")) EXPECT_EQ(run.at("verified"), true) << run;
  EXPECT_EQ(read_file(dir + "/out/pro_baws.md").find("not registered"), std::string::npos);
}

}  // namespace
}  // namespace scwarp::testing
