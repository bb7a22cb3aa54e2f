#include "sc_model/cli/sweep_runner.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string_view>

#include "sc_model/cli/child_process.h"
#include "sc_model/cli/exit_status.h"
#include "sc_model/cli/json_file.h"
#include "sc_model/cli/sweep_backend.h"
#include "sc_model/common/error.h"

namespace scwarp::cli {
namespace {

namespace fs = std::filesystem;

// The key a finished report carries: the child's arguments (--json left
// out). A report is complete for a run when it carries that run's key.
constexpr const char* kArgsKey = "sweep_args";

RunOutcome completed_outcome(const nlohmann::json& report) {
  RunOutcome o;
  const bool verified = report.at("verified").get<bool>();
  o.status = verified ? RunStatus::Verified : RunStatus::Unverified;
  o.scheduler = report.at("config").at("scheduler").get<std::string>();
  o.fetch_policy = report.at("config").at("fetch_policy").get<std::string>();
  o.cycles = report.at("cycles").get<uint64_t>();
  o.ipc = report.at("ipc").get<double>();
  o.host_seconds = report.at("host_seconds").get<double>();
  return o;
}

// The line of a child's stderr that says what went wrong.
std::string error_line(const std::string& stderr_text) {
  std::istringstream lines(stderr_text);
  std::string line, last;
  while (std::getline(lines, line)) {
    constexpr std::string_view kPrefix = "scwarp: error: ";
    if (line.starts_with(kPrefix)) return line.substr(kPrefix.size());
    if (!line.empty()) last = line;
  }
  return last.empty() ? "(no message)" : last;
}

void record_failure(const SweepRun& run, const fs::path& out_dir, const ChildResult& child) {
  const fs::path path = out_dir / run_failure_path(run);
  fs::create_directories(path.parent_path());
  write_file_whole(path.string(), fmt::format("command: scwarp {} --json {}\nexit status: {}\n\n{}",
                                              fmt::join(run.args, " "), run_report_path(run),
                                              child.exit_status, child.stderr_text));
}

const char* status_word(const RunOutcome& o) {
  if (o.kept) return "kept";
  switch (o.status) {
    case RunStatus::Verified: return "done";
    case RunStatus::Unverified: return "UNVERIFIED";
    case RunStatus::Failed: break;
  }
  return "FAILED";
}

}  // namespace

std::string run_report_path(const SweepRun& run) { return "runs/" + run.stem() + ".json"; }
std::string run_failure_path(const SweepRun& run) { return "failed/" + run.stem() + ".txt"; }

std::optional<RunOutcome> completed_report(const SweepRun& run, const fs::path& out_dir) {
  const std::optional<nlohmann::json> report = read_json_file(out_dir / run_report_path(run));
  if (!report || !report->contains(kArgsKey) || report->at(kArgsKey) != nlohmann::json(run.args))
    return std::nullopt;
  try {
    return completed_outcome(*report);
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;  // not a complete timing report: run it again
  }
}

RunOutcome record_failed_run(const SweepRun& run, const fs::path& out_dir, const ChildResult& child,
                             const std::string& error) {
  record_failure(run, out_dir, child);
  const fs::path report_path = out_dir / run_report_path(run);
  std::error_code ec;
  fs::remove(report_path, ec);  // a stale report of other arguments
  fs::remove(report_path.string() + ".part", ec);
  fs::remove(report_path.parent_path(), ec);  // only if no other run of this policy left one
  RunOutcome o;
  o.exit_status = child.exit_status;
  o.error = error;
  return o;
}

// The child wrote its report to <report>.part; the report stamped with the
// run's key goes under its final name whole (write_json_file), so a sweep
// killed at any point never leaves a report that a resume would keep.
RunOutcome finish_run(const SweepRun& run, const fs::path& out_dir, const ChildResult& child) {
  const fs::path report_path = out_dir / run_report_path(run);
  const fs::path part = report_path.string() + ".part";
  if (child.exit_status != kExitOk && child.exit_status != kExitVerificationFailed)
    return record_failed_run(run, out_dir, child, error_line(child.stderr_text));
  std::optional<nlohmann::json> report = read_json_file(part);
  if (!report) return record_failed_run(run, out_dir, child, "the run's JSON report is missing or unreadable");
  (*report)[kArgsKey] = run.args;
  write_json_file(report_path.string(), *report);
  std::error_code ec;
  fs::remove(part, ec);
  fs::remove(out_dir / run_failure_path(run), ec);  // from an earlier, failed attempt
  return completed_outcome(*report);
}

std::unique_ptr<SelfChild> start_run(const SweepRun& run, const fs::path& out_dir) {
  const fs::path report_path = out_dir / run_report_path(run);
  fs::create_directories(report_path.parent_path());
  std::vector<std::string> args = run.args;
  args.insert(args.end(), {"--json", report_path.string() + ".part"});
  return std::make_unique<SelfChild>(args);
}

void SweepProgress::report(const SweepRun& run, const RunOutcome& o) {
  fmt::print(stderr, "[{}/{}] {} {} {} {} ({:.1f} s){}\n", ++finished_, total_, status_word(o), run.workload,
             run.policy, run.config, o.seconds, o.error.empty() ? "" : ": " + o.error);
}

SweepResult execute_sweep(const std::vector<SweepRun>& runs, const std::string& out_dir, SweepBackend& backend) {
  SweepResult result{std::vector<RunOutcome>(runs.size()), {}};
  std::vector<size_t> todo;
  for (size_t i = 0; i < runs.size(); ++i) {
    if (std::optional<RunOutcome> kept = completed_report(runs[i], out_dir)) {
      result.outcomes[i] = std::move(*kept);
      result.outcomes[i].kept = true;
    } else {
      todo.push_back(i);
    }
  }
  const size_t kept = runs.size() - todo.size();
  if (kept > 0)
    fmt::print(stderr, "scwarp sweep: {} of {} runs kept from an earlier sweep in {}\n", kept, runs.size(), out_dir);
  SweepProgress progress(kept, runs.size());
  result.pending = backend.carry_out(runs, todo, out_dir, result.outcomes, progress);
  return result;
}

}  // namespace scwarp::cli
