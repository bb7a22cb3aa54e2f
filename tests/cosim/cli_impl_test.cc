// `scwarp run --sched-impl`: the RTL run equals the C++ run bit for bit (the
// whole JSON run report: cycles, stalls, caches, DRAM, per-TB records, ...,
// all but the fields naming the implementation and the host's timings), the
// report names who ran the policies, and what the RTL does not implement is
// refused with a message saying so.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "tests/cli/scwarp_process.h"

namespace scwarp::cosim {
namespace {

using scwarp::testing::ProcessResult;
using scwarp::testing::run_scwarp;

nlohmann::json run_report(const std::string& args, const std::string& json_path) {
  const ProcessResult r = run_scwarp(args + " --json '" + json_path + "'");
  EXPECT_EQ(r.exit_status, 0) << args << "\n" << r.err;
  return nlohmann::json::parse(scwarp::testing::read_file(json_path));
}

// The report without what may differ between implementations or traced runs.
nlohmann::json comparable(nlohmann::json report) {
  for (const char* host : {"host", "host_seconds", "launch_seconds", "launch_cpu_seconds",
                           "thread_instructions_per_second"})
    report.erase(host);
  report["config"].erase("scheduler_impl");
  report["config"].erase("fetch_impl");
  for (const char* option : {"scwarp_sched_impl", "scwarp_trace_rtl", "scwarp_trace_rtl_sm"})
    report["config"]["options"].erase(option);
  return report;
}

struct Pair {
  const char* workload;
  const char* sched;
  const char* fetch;
  const char* options = "";  // --set ... both runs take
};

// RLWS and RLWS_MS in the arithmetic rtl/rlws computes in (tb/cosim/rtl_rl_policy.h).
constexpr const char* kRlwsHardware = " --set rlws_theta_frac_bits=16 --set rlws_lfsr=1";
constexpr const char* kRlwsMsHardware = " --set rlws_ms_theta_frac_bits=16 --set rlws_ms_lfsr=1";

// VTW on kernels transformed into virtual TBs (docs/vtw.md).
constexpr const char* kVtwSame = " --transform vtw:same";

void PrintTo(const Pair& p, std::ostream* os) { *os << p.workload << " " << p.sched << "+" << p.fetch; }

class RtlEqualsCpp : public ::testing::TestWithParam<Pair> {};

TEST_P(RtlEqualsCpp, WholeRunReportIsIdentical) {
  const Pair p = GetParam();
  const std::string dir = scwarp::testing::scratch_dir();
  const std::string args = std::string("run --workload ") + p.workload + " --size small --sched " + p.sched +
                           " --fetch " + p.fetch + p.options;
  const nlohmann::json cpp = run_report(args + " --sched-impl cpp", dir + "/cpp.json");
  const nlohmann::json rtl = run_report(args + " --sched-impl rtl", dir + "/rtl.json");
  EXPECT_EQ(cpp["config"]["scheduler_impl"], "cpp");
  EXPECT_EQ(cpp["config"]["fetch_impl"], "cpp");
  EXPECT_EQ(rtl["config"]["scheduler_impl"], "rtl");
  EXPECT_EQ(rtl["config"]["fetch_impl"], std::string(p.fetch) == "cff" ? "rtl" : "cpp");
  EXPECT_TRUE(rtl.at("verified").get<bool>()) << rtl.at("verify_message");
  ASSERT_FALSE(cpp["tbs"].empty());
  EXPECT_TRUE(comparable(cpp) == comparable(rtl))
      << "cycles cpp " << cpp["cycles"] << " rtl " << rtl["cycles"] << "\n"
      << nlohmann::json::diff(comparable(cpp), comparable(rtl)).dump(1).substr(0, 4000);
}

INSTANTIATE_TEST_SUITE_P(Small, RtlEqualsCpp,
                         ::testing::Values(Pair{"matmul", "mwf_lrr", "cff"}, Pair{"reduction", "mwf_lrr", "cff"},
                                           Pair{"merge_sort", "mwf_gto", "cff"}, Pair{"histogram", "mwf_gto", "cff"},
                                           Pair{"matmul", "mwf_lrr", "rr"}, Pair{"matmul", "pro", "rr"},
                                           Pair{"reduction", "pro", "rr"}, Pair{"merge_sort", "pro", "rr"},
                                           Pair{"histogram", "pro", "rr"},
                                           Pair{"matmul", "rlws", "rr", kRlwsHardware},
                                           Pair{"reduction", "rlws", "rr", kRlwsHardware},
                                           Pair{"merge_sort", "rlws", "rr", kRlwsHardware},
                                           Pair{"histogram", "rlws", "rr", kRlwsHardware},
                                           Pair{"matmul", "rlws_ms", "rr", kRlwsMsHardware},
                                           Pair{"histogram", "rlws_ms", "rr", kRlwsMsHardware},
                                           Pair{"matmul", "vtw", "rr", kVtwSame},
                                           Pair{"merge_sort", "vtw", "rr", kVtwSame}),
                         [](const ::testing::TestParamInfo<Pair>& info) {
                           return std::string(info.param.workload) + "_" + info.param.sched + "_" + info.param.fetch;
                         });

// Large warps (docs/lwm.md): the LWM sub-warp former RTL with BAWS's
// (bfs; reduction with barriers, whose arrivals reach the block with the
// first sub-warp's issue) and with RLWS's.
constexpr const char* kLargeWarps = " --set scwarp_large_warp_size=256";
constexpr const char* kLargeWarpsRlws =
    " --set scwarp_large_warp_size=256 --set rlws_theta_frac_bits=16 --set rlws_lfsr=1";

INSTANTIATE_TEST_SUITE_P(LargeWarps, RtlEqualsCpp,
                         ::testing::Values(Pair{"bfs", "mwf_lrr", "rr", kLargeWarps},
                                           Pair{"reduction", "mwf_gto", "cff", kLargeWarps},
                                           Pair{"matmul", "rlws", "rr", kLargeWarpsRlws}),
                         [](const ::testing::TestParamInfo<Pair>& info) {
                           return std::string(info.param.workload) + "_" + info.param.sched + "_lwm";
                         });

TEST(SchedImpl, TextReportNamesTheImplementations) {
  const ProcessResult r =
      run_scwarp("run --config tiny --workload matmul --size tiny --sched mwf_gto --fetch cff --sched-impl rtl");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("policy impl          issue rtl, fetch rtl"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("lockstep compared"), std::string::npos) << r.out;  // nothing is compared under rtl
}

// A lockstep run says how many decisions it compared, and they are not 0.
TEST(SchedImpl, LockstepReportCountsComparedDecisions) {
  const std::string dir = scwarp::testing::scratch_dir();
  const nlohmann::json report = run_report(
      "run --config tiny --workload matmul --size tiny --sched mwf_gto --fetch cff --sched-impl lockstep",
      dir + "/lockstep.json");
  EXPECT_GT(report["lockstep_compared"]["issue_orders"].get<uint64_t>(), 0u);
  EXPECT_GT(report["lockstep_compared"]["fetch_picks"].get<uint64_t>(), 0u);
  const ProcessResult r = run_scwarp(
      "run --config tiny --workload matmul --size tiny --sched mwf_gto --fetch cff --sched-impl lockstep");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("lockstep compared    " +
                       std::to_string(report["lockstep_compared"]["issue_orders"].get<uint64_t>()) + " issue decisions, "),
            std::string::npos)
      << r.out;
}

TEST(SchedImpl, PolicyWithoutRtlIsRefused) {
  for (const char* impl : {"rtl", "lockstep"}) {
    const ProcessResult r =
        run_scwarp(std::string("run --config tiny --size tiny --sched lrr --sched-impl ") + impl);
    EXPECT_NE(r.exit_status, 0);
    EXPECT_NE(r.err.find("issue policy 'lrr' has no RTL implementation (RTL exists for: mwf_gto, mwf_lrr, pro, rlws, rlws_ms, vtw); "
                         "use --sched-impl cpp"),
              std::string::npos)
        << r.err;
  }
  const ProcessResult gto = run_scwarp("run --config tiny --size tiny --sched gto --sched-impl rtl");
  EXPECT_NE(gto.exit_status, 0);
  EXPECT_NE(gto.err.find("issue policy 'gto' has no RTL implementation"), std::string::npos) << gto.err;
}

// CFF's RTL is part of the BAWS block: under PRO's RTL it has nothing to ask.
TEST(SchedImpl, RtlCffNeedsTheBawsBlock) {
  const ProcessResult r =
      run_scwarp("run --config tiny --workload matmul --size tiny --sched pro --fetch cff --sched-impl rtl");
  EXPECT_NE(r.exit_status, 0);
  EXPECT_NE(r.err.find("the RTL CFF fetch policy is part of the BAWS block"), std::string::npos) << r.err;
}

// The VTW RTL decides only the warp each scheduler issues: what needs the
// whole order (a trace's TB ranking) or another split of the warps among
// schedulers than its pick trees' is refused, naming the way out.
TEST(SchedImpl, RtlVtwRefusesWhatNeedsTheWholeOrder) {
  const std::string dir = scwarp::testing::scratch_dir();
  const std::string run = "run --config tiny --workload matmul --size tiny --sched vtw --transform vtw:same ";
  const struct {
    std::string args;
    const char* error;
  } refused[] = {
      {"--sched-impl rtl --trace " + dir + "/trace.json", "--trace: the trace ranks TBs by the whole issue order"},
      {"--sched-impl rtl --set gpgpu_num_sched_per_core=1", "exactly 2 schedulers"},
  };
  for (const auto& r : refused) {
    const ProcessResult p = run_scwarp(run + r.args);
    EXPECT_NE(p.exit_status, 0) << r.args;
    EXPECT_NE(p.err.find(r.error), std::string::npos) << r.args << ": " << p.err;
  }
  // Lockstep returns the C++ order: its trace is the cpp run's.
  const ProcessResult ok = run_scwarp(run + "--sched-impl lockstep --trace " + dir + "/lockstep.json");
  EXPECT_EQ(ok.exit_status, 0) << ok.err;
}

// -scwarp_rtl_timing cycle runs the BAWS, PRO, RLWS and VTW blocks one edge
// per SM cycle: the runs verify and differ from the transaction-level ones
// only in timing; the modes it has no meaning in, and adapters without it, are
// refused.
TEST(RtlTiming, CycleTimedBlocksVerifyAndTheOthersAreRefused) {
  const std::string dir = scwarp::testing::scratch_dir();
  const std::string rlws = std::string("rlws") + kRlwsHardware;
  for (const char* sched : {"mwf_lrr --fetch cff", "pro", rlws.c_str(), "vtw"}) {
    const std::string args =
        std::string("run --config tiny --workload reduction --size tiny --sched-impl rtl --sched ") + sched;
    const nlohmann::json transaction = run_report(args, dir + "/transaction.json");
    const nlohmann::json cycle = run_report(args + " --set scwarp_rtl_timing=cycle", dir + "/cycle.json");
    EXPECT_TRUE(cycle["verified"].get<bool>()) << sched;
    EXPECT_EQ(cycle["thread_instructions"], transaction["thread_instructions"]) << sched;
    EXPECT_GT(cycle["cycles"].get<uint64_t>(), 0u) << sched;
  }
  const struct {
    const char* args;
    const char* error;
  } refused[] = {
      {"--sched mwf_lrr --sched-impl lockstep", "-scwarp_rtl_timing cycle: needs --sched-impl rtl"},
      {"--sched mwf_lrr", "-scwarp_rtl_timing cycle: needs --sched-impl rtl"},
      {"--sched mwf_lrr --sched-impl rtl --set scwarp_large_warp_size=256",
       "the LWM sub-warp former's RTL adapter is transaction-level only"},
      {"--sched rlws_ms --sched-impl rtl", "the RTL of 'rlws_ms' has a transaction-level adapter only"},
  };
  for (const auto& r : refused) {
    const ProcessResult p = run_scwarp(std::string("run --config tiny --workload matmul --size tiny ") + r.args +
                                       " --set scwarp_rtl_timing=cycle");
    EXPECT_NE(p.exit_status, 0) << r.args;
    EXPECT_NE(p.err.find(r.error), std::string::npos) << r.args << ": " << p.err;
  }
}

// The C++-only readings of MWF (docs/schedulers.md) are refused by the RTL,
// never run with the RTL's semantics instead.
TEST(SchedImpl, RtlBawsRefusesTheCppOnlyReadings) {
  for (const char* option : {"scwarp_mwf_named_barriers=1", "scwarp_gto_greedy_last_issue=1"}) {
    const ProcessResult r = run_scwarp(std::string("run --config tiny --workload matmul --size tiny --sched mwf_gto "
                                                   "--sched-impl lockstep --set ") + option);
    EXPECT_NE(r.exit_status, 0) << option;
    EXPECT_NE(r.err.find("the BAWS RTL implements -scwarp_mwf_named_barriers 0"), std::string::npos) << r.err;
  }
}

// --trace-rtl writes a VCD of one SM's block whose time axis is the SM
// cycle; the trace does not change the run.
// rtl/rlws computes in fixed point with an LFSR: the C++ model must be asked
// for the same, or the RTL would silently be another scheduler.
TEST(SchedImpl, RtlRlwsNeedsTheHardwareArithmetic) {
  const ProcessResult r = run_scwarp("run --workload matmul --size tiny --sched rlws --sched-impl rtl");
  EXPECT_EQ(r.exit_status, 1);
  EXPECT_NE(r.err.find("-rlws_theta_frac_bits 16 -rlws_lfsr 1"), std::string::npos) << r.err;
  const ProcessResult other = run_scwarp(std::string("run --workload matmul --size tiny --sched rlws --sched-impl rtl") +
                                         kRlwsHardware + " --set rlws_initial_q=30");
  EXPECT_EQ(other.exit_status, 1);
  EXPECT_NE(other.err.find("initial Q"), std::string::npos) << other.err;
}

TEST(SchedImpl, RtlRlwsMsNeedsTheHardwareArithmetic) {
  const std::string run = "run --workload matmul --size tiny --sched rlws_ms --sched-impl rtl";
  const ProcessResult r = run_scwarp(run);
  EXPECT_EQ(r.exit_status, 1);
  EXPECT_NE(r.err.find("-rlws_ms_theta_frac_bits 16 -rlws_ms_lfsr 1"), std::string::npos) << r.err;
  const ProcessResult other =
      run_scwarp(run + kRlwsMsHardware + " --set rlws_ms_attributes=NSW:4");
  EXPECT_EQ(other.exit_status, 1);
  EXPECT_NE(other.err.find("1 state attributes"), std::string::npos) << other.err;
}

TEST(TraceRtl, WritesTheBlocksSignalsAndLeavesTheRunAlone) {
  const std::string dir = scwarp::testing::scratch_dir();
  for (const char* sched : {"pro", "mwf_lrr"}) {
    const std::string args = std::string("run --config tiny --workload reduction --size tiny --sched ") + sched +
                             " --sched-impl rtl";
    const std::string vcd = dir + "/" + sched + ".vcd";
    const nlohmann::json plain = run_report(args, dir + "/plain.json");
    const nlohmann::json traced = run_report(args + " --trace-rtl '" + vcd + "' --trace-rtl-sm 1", dir + "/traced.json");
    EXPECT_TRUE(comparable(plain) == comparable(traced)) << sched;
    const std::string text = scwarp::testing::read_file(vcd);
    EXPECT_NE(text.find("$scope module sm1 $end"), std::string::npos) << sched;
    EXPECT_NE(text.find(std::string(" clk_i ")), std::string::npos) << sched;
    // The last timestamp lies inside the run: SM cycle * 1000 + the edges of that cycle.
    const size_t last = text.rfind("\n#");
    ASSERT_NE(last, std::string::npos) << sched;
    const uint64_t t = std::stoull(text.substr(last + 2));
    EXPECT_GT(t, 1000u) << sched;
    EXPECT_LE(t / 1000, traced.at("cycles").get<uint64_t>()) << sched;
  }
}

TEST(TraceRtl, BadUseIsRefusedWithTheOptionNamed) {
  const ProcessResult cpp = run_scwarp("run --config tiny --size tiny --trace-rtl /tmp/x.vcd");
  EXPECT_NE(cpp.exit_status, 0);
  EXPECT_NE(cpp.err.find("--trace-rtl / -scwarp_trace_rtl '/tmp/x.vcd': only the RTL can be traced; add "
                         "--sched-impl rtl or lockstep"),
            std::string::npos)
      << cpp.err;
  const ProcessResult sm = run_scwarp("run --config tiny --size tiny --sched pro --sched-impl rtl "
                                      "--trace-rtl /tmp/x.vcd --trace-rtl-sm 99");
  EXPECT_NE(sm.exit_status, 0);
  EXPECT_NE(sm.err.find("--trace-rtl-sm / -scwarp_trace_rtl_sm 99: the GPU has SMs 0.."), std::string::npos)
      << sm.err;
  const ProcessResult path = run_scwarp("run --config tiny --size tiny --sched pro --sched-impl rtl "
                                        "--trace-rtl /nonexistent-dir/x.vcd");
  EXPECT_NE(path.exit_status, 0);
  EXPECT_NE(path.err.find("-scwarp_trace_rtl '/nonexistent-dir/x.vcd': cannot open the file"), std::string::npos)
      << path.err;
}

TEST(SchedImpl, InvalidValueNamesTheOption) {
  const ProcessResult r = run_scwarp("run --config tiny --size tiny --sched-impl verilog");
  EXPECT_NE(r.exit_status, 0);
  EXPECT_NE(r.err.find("--sched-impl: option -scwarp_sched_impl: invalid value 'verilog' (cpp, rtl or lockstep)"),
            std::string::npos)
      << r.err;
}

TEST(SchedImpl, FunctionalExcludesIt) {
  const ProcessResult r = run_scwarp("run --functional --sched-impl rtl");
  EXPECT_NE(r.exit_status, 0);
  EXPECT_NE(r.err.find("--sched-impl"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace scwarp::cosim
