// `scwarp run`: functional and timing runs verify and report.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/cli/scwarp_process.h"

namespace scwarp::testing {
namespace {

// A fast run: the default workload (which must exist) at tiny size.
std::string tiny_run_args(const std::string& json_path, uint64_t seed = 1) {
  return "run --functional --workload matmul --size tiny --seed " + std::to_string(seed) +
         " --json '" + json_path + "'";
}

TEST(RunFunctional, TinyWorkloadVerifiesAndReportsCounts) {
  const std::string json_path = scratch_dir() + "/run.json";
  const ProcessResult r = run_scwarp(tiny_run_args(json_path, 7));
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  const auto report = nlohmann::json::parse(read_file(json_path));
  EXPECT_EQ(report.at("workload"), "matmul");
  EXPECT_EQ(report.at("size"), "tiny");
  EXPECT_EQ(report.at("seed"), 7);
  EXPECT_EQ(report.at("mode"), "functional");
  EXPECT_EQ(report.at("verified"), true) << report.at("verify_message");
  EXPECT_GE(report.at("launches").get<uint64_t>(), 1u);
  EXPECT_GE(report.at("blocks").get<uint64_t>(), 1u);
  const auto warp = report.at("warp_instructions").get<uint64_t>();
  const auto thread = report.at("thread_instructions").get<uint64_t>();
  EXPECT_GT(warp, 0u);
  EXPECT_GE(thread, warp);           // a warp instruction runs at least one thread
  EXPECT_LE(thread, 32 * warp);      // and at most 32
  EXPECT_GE(report.at("host_seconds").get<double>(), report.at("launch_seconds").get<double>());
  EXPECT_NE(r.out.find("verified             yes"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("thread instructions  " + std::to_string(thread)), std::string::npos) << r.out;
}

TEST(RunFunctional, SameSeedGivesSameCounts) {
  const std::string dir = scratch_dir();
  ASSERT_EQ(run_scwarp(tiny_run_args(dir + "/a.json")).exit_status, 0);
  ASSERT_EQ(run_scwarp(tiny_run_args(dir + "/b.json")).exit_status, 0);
  const auto a = nlohmann::json::parse(read_file(dir + "/a.json"));
  const auto b = nlohmann::json::parse(read_file(dir + "/b.json"));
  for (const char* field : {"warp_instructions", "thread_instructions", "blocks", "launches"})
    EXPECT_EQ(a.at(field), b.at(field)) << field;
}

TEST(RunFunctional, BareCommandRunsTheBuiltInDefault) {
  const ProcessResult r = run_scwarp("run --functional");
  EXPECT_EQ(r.exit_status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("workload             matmul"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("size                 small"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("verified             yes"), std::string::npos) << r.out;
}

TEST(RunTiming, TinyConfigReportsCyclesStallsAndTbs) {
  const std::string json_path = scratch_dir() + "/timing.json";
  const ProcessResult r = run_scwarp("run --config tiny --workload matmul --size tiny --sched gto --json '" +
                                     json_path + "'");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  const nlohmann::json j = nlohmann::json::parse(read_file(json_path));
  EXPECT_EQ(j["mode"], "timing");
  EXPECT_TRUE(j["verified"].get<bool>());
  EXPECT_EQ(j["config"]["scheduler"], "gto");
  const uint64_t cycles = j["cycles"].get<uint64_t>();
  EXPECT_GT(cycles, 0u);
  EXPECT_NEAR(j["ipc"].get<double>(), double(j["thread_instructions"].get<uint64_t>()) / double(cycles), 1e-9);
  for (const char* k : {"idle", "scoreboard", "pipeline"}) EXPECT_TRUE(j["stalls"]["gpgpu"].contains(k)) << k;
  for (const char* k : {"control", "data", "structural", "barrier", "exit", "fetch"})
    EXPECT_TRUE(j["stalls"]["hazards"].contains(k)) << k;
  EXPECT_EQ(j["tbs"].size(), j["blocks"].get<uint64_t>());
  for (const auto& tb : j["tbs"]) {
    EXPECT_LT(tb["sm"].get<uint32_t>(), j["sms"].size());
    EXPECT_LE(tb["start_cycle"].get<uint64_t>(), tb["end_cycle"].get<uint64_t>());
  }
  for (const char* k : {"l1d", "l2", "dram", "icnt"}) EXPECT_TRUE(j.contains(k)) << k;
}

TEST(RunTiming, UnknownSchedulerIsNamedWithTheKnownOnes) {
  const ProcessResult r = run_scwarp("run --config tiny --workload matmul --size tiny --sched nope");
  EXPECT_EQ(r.exit_status, 1);
  EXPECT_NE(r.err.find("'nope'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("lrr"), std::string::npos) << r.err;
}

TEST(RunTiming, BadSetNamesTheOption) {
  const ProcessResult r = run_scwarp("run --config tiny --size tiny --set gpgpu_n_clusters=zero");
  EXPECT_NE(r.exit_status, 0);
  EXPECT_NE(r.err.find("gpgpu_n_clusters"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--set"), std::string::npos) << r.err;
}

TEST(RunTiming, GpgpuSimConfigFileRunsAndItsUnmodelledOptionsAreListed) {
  const std::string path = scratch_dir() + "/mine.config";
  write_file(path, "# a GPGPU-Sim user's file\n-gpgpu_ptx_sim_mode 0\n-gpgpu_n_clusters 1\n"
                   "-visualizer_enabled 0\n-gpgpu_scheduler gto\n");
  const ProcessResult r = run_scwarp("run --config '" + path + "' --workload vector_add --size tiny");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  EXPECT_NE(r.err.find("warning"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("-gpgpu_ptx_sim_mode"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("-visualizer_enabled"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("(1 SMs)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("scheduler            gto"), std::string::npos) << r.out;
}

TEST(RunTiming, InvalidConfigValueNamesFileLineAndOption) {
  const std::string path = scratch_dir() + "/bad.config";
  write_file(path, "-gpgpu_n_clusters 2\n-gpgpu_shader_registers lots\n");
  const ProcessResult r = run_scwarp("run --config '" + path + "' --size tiny");
  EXPECT_EQ(r.exit_status, 1);
  EXPECT_NE(r.err.find("bad.config:2:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("-gpgpu_shader_registers"), std::string::npos) << r.err;
}

TEST(RunTiming, MissingConfigIsNamed) {
  const ProcessResult r = run_scwarp("run --config /nonexistent/x.config --size tiny");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_NE(r.err.find("--config"), std::string::npos) << r.err;
}

TEST(RunTiming, FunctionalExcludesSchedulerChoice) {
  const ProcessResult r = run_scwarp("run --functional --sched gto --size tiny");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_NE(r.err.find("--sched"), std::string::npos) << r.err;
}

TEST(RunOptions, UnknownWorkloadIsNamed) {
  const ProcessResult r = run_scwarp("run --functional --workload no_such_workload");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_NE(r.err.find("no_such_workload"), std::string::npos) << r.err;
}

TEST(RunOptions, UnknownSizeIsNamed) {
  const ProcessResult r = run_scwarp("run --functional --size huge");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_NE(r.err.find("huge"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--size"), std::string::npos) << r.err;
}

TEST(RunOptions, UnwritableJsonPathIsNamed) {
  const ProcessResult r = run_scwarp(tiny_run_args("/nonexistent/dir/run.json"));
  EXPECT_EQ(r.exit_status, 1);
  EXPECT_NE(r.err.find("--json: cannot write '/nonexistent/dir/run.json'"), std::string::npos) << r.err;
}

// The limits reach every launch of a workload on both engines: a tiny
// limit stops the first launch with exit status 1.
TEST(RunOptions, LimitsStopAWorkloadsLaunch) {
  const ProcessResult cycles = run_scwarp("run --workload vector_add --size tiny --config tiny --max-cycles 100");
  EXPECT_EQ(cycles.exit_status, 1) << cycles.out << cycles.err;
  EXPECT_NE(cycles.err.find("did not finish within -gpgpu_max_cycle 100 cycles"), std::string::npos) << cycles.err;
  const ProcessResult insn = run_scwarp("run --workload vector_add --size tiny --config tiny --max-instructions 10");
  EXPECT_EQ(insn.exit_status, 1) << insn.out << insn.err;
  EXPECT_NE(insn.err.find("past -gpgpu_max_insn 10 "), std::string::npos) << insn.err;
  const ProcessResult functional = run_scwarp("run --functional --workload vector_add --size tiny --max-instructions 10");
  EXPECT_EQ(functional.exit_status, 1) << functional.out << functional.err;
  EXPECT_NE(functional.err.find("did not finish within 10 thread instructions"), std::string::npos) << functional.err;
}

}  // namespace
}  // namespace scwarp::testing
