// `scwarp run|launch --trace`: the file is valid trace-event JSON, its
// scheduler spans add up to the same run's stall counters, tracing changes
// no result, and the window / SM filters keep exactly their part.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tests/cli/scwarp_process.h"

namespace scwarp::testing {
namespace {

using nlohmann::json;
using Track = std::pair<int64_t, int64_t>;  // pid, tid

// Everything the trace-event format asks of the events this file has, as
// messages (empty: valid): required fields and types, dur >= 0, B/E pairs
// that match, timestamps in order on every track, and a name for every
// process and track that has events.
std::vector<std::string> format_problems(const json& trace) {
  std::vector<std::string> problems;
  if (!trace.is_object() || !trace.contains("traceEvents") || !trace["traceEvents"].is_array())
    return {"no traceEvents array"};
  std::map<Track, double> last_ts;
  std::map<Track, std::vector<std::string>> open;  // B events not yet ended
  std::set<int64_t> named_processes;
  std::set<Track> named_tracks, used_tracks;
  for (const json& e : trace["traceEvents"]) {
    const std::string at = e.dump().substr(0, 160);
    if (!e.contains("name") || !e["name"].is_string() || !e.contains("ph") || !e["ph"].is_string() ||
        !e.contains("pid") || !e["pid"].is_number_integer() || !e.contains("tid") ||
        !e["tid"].is_number_integer() || !e.contains("ts") || !e["ts"].is_number() || e["ts"].get<double>() < 0) {
      problems.push_back("missing or mistyped name/ph/pid/tid/ts: " + at);
      continue;
    }
    const std::string ph = e["ph"];
    const Track track{e["pid"].get<int64_t>(), e["tid"].get<int64_t>()};
    if (ph == "M") {
      if (e["name"] == "process_name") named_processes.insert(track.first);
      if (e["name"] == "thread_name") named_tracks.insert(track);
      continue;
    }
    if (ph == "X" && (!e.contains("dur") || !e["dur"].is_number() || e["dur"].get<double>() < 0))
      problems.push_back("X without dur >= 0: " + at);
    if (ph == "i" && (!e.contains("s") || !std::set<std::string>{"t", "p", "g"}.contains(e["s"].get<std::string>())))
      problems.push_back("instant without scope t/p/g: " + at);
    if (ph == "C")
      for (const auto& [name, value] : e["args"].items())
        if (!value.is_number()) problems.push_back("counter value not a number: " + at);
    if (!std::set<std::string>{"X", "B", "E", "i", "C"}.contains(ph)) problems.push_back("unexpected ph: " + at);
    if (ph == "B") open[track].push_back(e["name"]);
    if (ph == "E") {
      if (open[track].empty())
        problems.push_back("E without B: " + at);
      else
        open[track].pop_back();
    }
    const double ts = e["ts"];
    if (last_ts.contains(track) && ts < last_ts[track]) problems.push_back("ts goes back on its track: " + at);
    last_ts[track] = ts;
    if (ph != "C") used_tracks.insert(track);
  }
  for (const auto& [track, names] : open)
    if (!names.empty()) problems.push_back("B without E on pid " + std::to_string(track.first));
  for (const Track& t : used_tracks) {
    if (!named_processes.contains(t.first)) problems.push_back("unnamed process " + std::to_string(t.first));
    if (!named_tracks.contains(t)) problems.push_back("unnamed track " + std::to_string(t.second));
  }
  return problems;
}

// The name metadata gives each track: "scheduler 1", "warp slot 7", ...
std::map<Track, std::string> track_names(const json& trace) {
  std::map<Track, std::string> names;
  for (const json& e : trace["traceEvents"])
    if (e["ph"] == "M" && e["name"] == "thread_name") names[{e["pid"], e["tid"]}] = e["args"]["name"];
  return names;
}

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

// Cycles of the complete events on tracks whose name starts with `kind`, by
// (SM pid, span name), clipped to [from, to).
std::map<std::pair<int64_t, std::string>, uint64_t> span_cycles(const json& trace, const char* kind,
                                                                uint64_t from = 0, uint64_t to = UINT64_MAX) {
  const auto names = track_names(trace);
  std::map<std::pair<int64_t, std::string>, uint64_t> sums;
  for (const json& e : trace["traceEvents"]) {
    if (e["ph"] != "X" || !starts_with(names.at({e["pid"], e["tid"]}), kind)) continue;
    const uint64_t ts = e["ts"], dur = e["dur"];
    const uint64_t start = std::max(ts, from), end = std::min(ts + dur, to);
    if (start < end) sums[{e["pid"], e["name"]}] += end - start;
  }
  return sums;
}

// Those summed over SMs, by span name; `key` "name" or the args field "gpgpu".
std::map<std::string, uint64_t> totals(const json& trace, const char* kind, const char* key = "name") {
  const auto names = track_names(trace);
  std::map<std::string, uint64_t> sums;
  for (const json& e : trace["traceEvents"]) {
    if (e["ph"] != "X" || !starts_with(names.at({e["pid"], e["tid"]}), kind)) continue;
    const json& by = std::string(key) == "name" ? e["name"] : e["args"].value(key, json("none"));
    sums[by.get<std::string>()] += e["dur"].get<uint64_t>();
  }
  return sums;
}

size_t count_events(const json& trace, const char* ph, const std::string& name_prefix = "") {
  return size_t(std::count_if(trace["traceEvents"].begin(), trace["traceEvents"].end(), [&](const json& e) {
    return e["ph"] == ph && starts_with(e["name"].get<std::string>(), name_prefix.c_str());
  }));
}

json report_without_host_times(json report) {
  for (const char* key : {"host", "host_seconds", "launch_seconds", "launch_cpu_seconds",
                          "thread_instructions_per_second"})
    report.erase(key);
  return report;
}

// One small barrier-heavy run (reduction at tiny, BAWS's MWF so the TB order
// is traced too), with and without a trace. ctest runs every case in its own
// process, so each makes its own (a fraction of a second).
class TracedRun : public ::testing::Test {
 protected:
  static constexpr const char* kRun = "run --workload reduction --size tiny --sched mwf_lrr";

  void SetUp() override {
    dir_ = scratch_dir();
    const ProcessResult traced =
        run_scwarp(std::string(kRun) + " --trace '" + dir_ + "/trace.json' --json '" + dir_ + "/traced.json'");
    ASSERT_EQ(traced.exit_status, 0) << traced.out << traced.err;
    ASSERT_NE(traced.out.find("trace                " + dir_ + "/trace.json ("), std::string::npos) << traced.out;
    const ProcessResult plain = run_scwarp(std::string(kRun) + " --json '" + dir_ + "/plain.json'");
    ASSERT_EQ(plain.exit_status, 0) << plain.out << plain.err;
  }

  json load(const std::string& name) const { return json::parse(read_file(dir_ + "/" + name)); }
  std::string dir_;
};

TEST_F(TracedRun, IsValidTraceEventJson) {
  const json trace = load("trace.json");
  const std::vector<std::string> problems = format_problems(trace);
  EXPECT_TRUE(problems.empty()) << problems.size() << " problems, first: " << problems.front();
  EXPECT_GT(trace["traceEvents"].size(), 100u);
}

TEST_F(TracedRun, ChangesNoResult) {
  EXPECT_EQ(report_without_host_times(load("traced.json")), report_without_host_times(load("plain.json")));
}

TEST_F(TracedRun, SchedulerSpansAddUpToTheStallCounters) {
  const json trace = load("trace.json"), report = load("traced.json");
  const std::map<std::string, uint64_t> by_hazard = totals(trace, "scheduler");
  const std::map<std::string, uint64_t> by_gpgpu = totals(trace, "scheduler", "gpgpu");
  const auto cycles = [](const std::map<std::string, uint64_t>& m, const std::string& k) {
    return m.contains(k) ? m.at(k) : 0;
  };
  for (const auto& [hazard, count] : report["stalls"]["hazards"].items())
    EXPECT_EQ(cycles(by_hazard, hazard), count.get<uint64_t>()) << hazard;
  for (const auto& [cls, count] : report["stalls"]["gpgpu"].items())
    EXPECT_EQ(cycles(by_gpgpu, cls), count.get<uint64_t>()) << cls;
  uint64_t issued = 0, scheduler_cycles = 0;
  for (const json& sm : report["sms"]) issued += sm["issued"].get<uint64_t>(), scheduler_cycles += sm["scheduler_cycles"].get<uint64_t>();
  EXPECT_EQ(cycles(by_hazard, "issue"), issued);
  EXPECT_EQ(cycles(by_gpgpu, "none"), issued);  // issue spans carry no GPGPU-Sim class
  uint64_t all = 0;
  for (const auto& [name, count] : by_hazard) all += count;
  EXPECT_EQ(all, scheduler_cycles);
  EXPECT_GT(cycles(by_hazard, "barrier"), 0u) << "reduction waits at barriers";
}

// A warp slot's runs count each of its issues once; its barrier waits say
// which TB, warp and barrier; the TB slots show the releases.
TEST_F(TracedRun, WarpSpansCountEachIssueOnceAndShowWhoWaitsAtWhichBarrier) {
  const json trace = load("trace.json"), report = load("traced.json");
  const auto names = track_names(trace);
  uint64_t issued = 0, run_issues = 0;
  for (const json& sm : report["sms"]) issued += sm["issued"].get<uint64_t>();
  size_t barrier_spans = 0;
  for (const json& e : trace["traceEvents"]) {
    if (e["ph"] != "X" || !starts_with(names.at({e["pid"], e["tid"]}), "warp slot")) continue;
    if (e["name"] == "run") {
      uint64_t cycles = 0;
      for (const char* state : {"issue", "ready", "structural", "data", "control", "fetch"})
        cycles += e["args"].value(state, uint64_t(0));
      EXPECT_EQ(cycles, e["dur"].get<uint64_t>()) << e.dump();  // no window: each run whole
      run_issues += e["args"].value("issue", uint64_t(0));
      continue;
    }
    EXPECT_TRUE(e["name"] == "barrier" || e["name"] == "exit" || e["name"] == "sibling") << e.dump();
    if (e["name"] != "barrier") continue;
    ++barrier_spans;
    for (const char* field : {"tb", "warp", "barrier", "gpgpu"}) EXPECT_TRUE(e["args"].contains(field)) << e.dump();
  }
  EXPECT_EQ(run_issues, issued);
  EXPECT_GT(barrier_spans, 0u);
  EXPECT_GT(count_events(trace, "i", "barrier "), 0u);
}

TEST_F(TracedRun, TbSlotsKernelsAndTbOrderAreThere) {
  const json trace = load("trace.json"), report = load("traced.json");
  EXPECT_EQ(count_events(trace, "X", "TB "), report["tbs"].size());
  size_t kernels = 0;
  for (const json& e : trace["traceEvents"]) kernels += e["ph"] == "X" && e["pid"] == 0;
  EXPECT_EQ(kernels, report["kernels"].size());
  EXPECT_GT(count_events(trace, "C", "TB priority rank"), 0u) << "mwf ranks TBs";
}

TEST_F(TracedRun, WindowAndSmFilterKeepExactlyTheirPart) {
  const std::string path = dir_ + "/window.json";
  const ProcessResult r =
      run_scwarp(std::string(kRun) + " --trace '" + path + "' --trace-window 100:300 --trace-sm 1,2");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  const json window = json::parse(read_file(path)), full = load("trace.json");
  EXPECT_TRUE(format_problems(window).empty());
  for (const json& e : window["traceEvents"]) {
    if (e["ph"] == "M") continue;
    EXPECT_TRUE(e["pid"] == 0 || e["pid"] == 2 || e["pid"] == 3) << e.dump();
    EXPECT_GE(e["ts"].get<uint64_t>(), 100u) << e.dump();
    EXPECT_LE(e["ts"].get<uint64_t>() + e.value("dur", uint64_t(0)), 300u) << e.dump();
  }
  for (const char* kind : {"scheduler", "warp slot"}) {
    auto expected = span_cycles(full, kind, 100, 300);
    std::erase_if(expected, [](const auto& entry) { return entry.first.first != 2 && entry.first.first != 3; });
    EXPECT_FALSE(expected.empty());
    EXPECT_EQ(span_cycles(window, kind), expected) << kind;
  }
}

TEST(Trace, LaunchWritesOneToo) {
  const std::string dir = scratch_dir();
  const ProcessResult r = run_scwarp("launch --ptx '" + data_file("kernels.ptx") +
                                     "' --kernel saxpy --grid 4 --block 32 --buffer x=seed:512:1 "
                                     "--buffer y=seed:512:2 --arg s32:100 --arg f32:2.5 --arg ptr:x --arg ptr:y "
                                     "--trace '" + dir + "/launch.json' --json '" + dir + "/report.json'");
  ASSERT_EQ(r.exit_status, 0) << r.out << r.err;
  const json trace = json::parse(read_file(dir + "/launch.json")), report = json::parse(read_file(dir + "/report.json"));
  EXPECT_TRUE(format_problems(trace).empty());
  EXPECT_EQ(count_events(trace, "X", "saxpy"), 1u);
  EXPECT_EQ(count_events(trace, "X", "TB "), 4u);
  EXPECT_EQ(totals(trace, "scheduler")["issue"], report["sms"][0]["issued"].get<uint64_t>() +
                                                     report["sms"][1]["issued"].get<uint64_t>() +
                                                     report["sms"][2]["issued"].get<uint64_t>() +
                                                     report["sms"][3]["issued"].get<uint64_t>());
}

struct BadOption {
  const char* options;
  const char* message;
};

TEST(Trace, BadOptionValuesAreRefusedNamingTheOption) {
  const std::string file = scratch_dir() + "/t.json";
  const std::vector<BadOption> cases = {
      {"--trace-window 300:100", "--trace-window '300:100': FROM must be below TO"},
      {"--trace-window 5:5", "--trace-window '5:5': FROM must be below TO"},
      {"--trace-window 5", "--trace-window '5': expected FROM:TO"},
      {"--trace-window a:9", "--trace-window 'a:9': expected FROM:TO"},
      {"--trace-sm 99", "--trace-sm '99': SM 99 does not exist (the GPU has SMs 0..14)"},
      {"--trace-sm 1,,2", "--trace-sm '1,,2': expected SM numbers"},
      {"--trace-sm -1", "--trace-sm '-1': expected SM numbers"},
  };
  for (const BadOption& c : cases) {
    const ProcessResult r =
        run_scwarp("run --workload matmul --size tiny --trace '" + file + "' " + std::string(c.options));
    EXPECT_EQ(r.exit_status, 2) << c.options << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.options << "\n" << r.err;
  }
  EXPECT_EQ(run_scwarp("run --workload matmul --size tiny --trace-window 1:2").exit_status, 2);  // needs --trace
  EXPECT_EQ(run_scwarp("run --functional --workload matmul --size tiny --trace '" + file + "'").exit_status, 2);
  const ProcessResult dir = run_scwarp("run --workload matmul --size tiny --trace /nonexistent-dir/t.json");
  EXPECT_EQ(dir.exit_status, 1) << dir.err;
  EXPECT_NE(dir.err.find("--trace '/nonexistent-dir/t.json': cannot open the file"), std::string::npos) << dir.err;
}

}  // namespace
}  // namespace scwarp::testing
