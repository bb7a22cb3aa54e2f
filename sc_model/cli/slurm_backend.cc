#include "sc_model/cli/slurm_backend.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdio>
#include <chrono>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string_view>
#include <thread>
#include <utility>

#include "sc_model/cli/child_process.h"
#include "sc_model/cli/exit_status.h"
#include "sc_model/cli/json_file.h"
#include "sc_model/cli/slurm_text.h"
#include "sc_model/common/error.h"

namespace scwarp::cli {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// The files of one array, in <out>/slurm/array-<n>/.
fs::path plan_file(const fs::path& dir) { return dir / "plan.json"; }
fs::path script_file(const fs::path& dir) { return dir / "job.sh"; }
fs::path submitted_file(const fs::path& dir) { return dir / "submitted.json"; }
fs::path collected_file(const fs::path& dir) { return dir / "collected.json"; }
fs::path output_pattern(const fs::path& dir) { return dir / "%a.out"; }
fs::path task_output(const fs::path& dir, size_t task) { return dir / fmt::format("{}.out", task); }
fs::path task_outcome(const fs::path& dir, size_t task) { return dir / fmt::format("{}.outcome.json", task); }

// Longest pause between two looks at the queue.
constexpr std::chrono::seconds kMaxQueuePoll{30};

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

struct ArrayPlan {
  fs::path out_dir;  // absolute: tasks may start in another folder
  std::vector<SweepRun> runs;
};

ArrayPlan read_plan(const fs::path& file) {
  const std::optional<nlohmann::json> j = read_json_file(file);
  try {
    if (j) return {j->at("out_dir").get<std::string>(), j->at("runs").get<std::vector<SweepRun>>()};
  } catch (const nlohmann::json::exception&) {
  }
  throw Error(fmt::format("{}: not a sweep array's plan (missing, unreadable or malformed)", file.string()));
}

// A command's message as one line of an error: its lines joined by "; ".
std::string one_line(const std::string& text) {
  std::istringstream lines(text);
  std::string line, joined;
  while (std::getline(lines, line)) {
    if (line.find_first_not_of(' ') == std::string::npos) continue;
    joined += (joined.empty() ? "" : "; ") + line;
  }
  return joined.empty() ? "(no message)" : joined;
}

// A Slurm command; one that cannot be started says what is missing.
ProgramResult slurm_command(const std::vector<std::string>& argv) {
  try {
    return run_program(argv);
  } catch (const Error& e) {
    throw Error(fmt::format("{} (--backend slurm needs Slurm's commands on PATH)", e.what()));
  }
}

// Whether Slurm still has tasks of the job pending or running.
bool array_active(const std::string& job_id) {
  const ProgramResult r = slurm_command({"squeue", "--noheader", "--jobs", job_id, "--format=%T"});
  if (r.exit_status == 0) return r.stdout_text.find_first_not_of(" \n") != std::string::npos;
  if (r.stderr_text.find("Invalid job id") != std::string::npos) return false;  // long gone
  throw Error(fmt::format("squeue --jobs {} failed (status {}): {}", job_id, r.exit_status, one_line(r.stderr_text)));
}

// How Slurm saw the task end: scontrol while the controller remembers the
// job (MinJobAge), else the accounting database when there is one.
SlurmTaskState task_state(const std::string& job_id, size_t task) {
  const ProgramResult shown = slurm_command({"scontrol", "--oneliner", "show", "job", job_id});
  std::map<unsigned, SlurmTaskState> tasks = parse_scontrol_tasks(shown.exit_status == 0 ? shown.stdout_text : "");
  if (!tasks.contains(task)) {
    const ProgramResult acct =
        slurm_command({"sacct", "--noheader", "--parsable2", "--allocations", "--jobs", job_id,
                       "--format=JobID,State,ExitCode"});
    tasks = parse_sacct_tasks(acct.exit_status == 0 ? acct.stdout_text : "");
  }
  const auto it = tasks.find(task);
  return it == tasks.end() ? SlurmTaskState{} : it->second;
}

// A run whose task ended without leaving its outcome: Slurm killed it
// (cancelled, time limit, node failure) or it never ran. Recorded as failed
// with Slurm's reason, never as a result.
RunOutcome unfinished_outcome(const SweepRun& run, const fs::path& out_dir, const fs::path& dir,
                              const std::string& job_id, size_t task, const SlurmTaskState& state) {
  const std::string output = read_text(task_output(dir, task));
  const std::string error = fmt::format("Slurm array task {}_{} ended without finishing its run: {}", job_id, task,
                                        slurm_end_reason(state, output));
  const ChildResult child{
      slurm_exit_status(state.exit_code, kExitError),
      fmt::format("{}\nSlurm exit code: {}\ntask output ({}):\n{}", error,
                  state.exit_code.empty() ? "unknown" : state.exit_code, task_output(dir, task).string(), output)};
  return record_failed_run(run, out_dir, child, error);
}

// The outcome a task left (it writes it last): the run's report, or the
// failure the task recorded.
RunOutcome finished_outcome(const SweepRun& run, const fs::path& out_dir, const nlohmann::json& left) {
  RunOutcome o;
  if (std::optional<RunOutcome> done = completed_report(run, out_dir)) {
    o = std::move(*done);
  } else {
    o.exit_status = left.value("exit_status", kExitError);
    o.error = left.value("error", std::string("the task's report is gone"));
  }
  o.seconds = left.value("seconds", 0.0);
  return o;
}

struct Array {
  fs::path dir;
  std::string job_id;
  std::vector<SweepRun> runs;
  bool active = true;
  bool looked_at = false;                     // in the queue by this call
  std::optional<Clock::time_point> seen_end = std::nullopt;  // when this call saw it leave the queue
};

// How long a task Slurm says COMPLETED may take to show its outcome file: a
// shared file system (NFS) may show another node's new files late, and a
// task exits 0 only once it has written its outcome.
constexpr std::chrono::seconds kSharedFileSystemGrace{60};

void look_at_queue(Array& a) {
  if (!a.active) return;
  a.active = array_active(a.job_id);
  if (!a.active && a.looked_at) a.seen_end = Clock::now();
  a.looked_at = true;
}

bool outcome_may_be_on_its_way(const Array& a, const SlurmTaskState& state) {
  return state.state == "COMPLETED" && a.seen_end && Clock::now() - *a.seen_end < kSharedFileSystemGrace;
}

constexpr std::string_view kArrayPrefix = "array-";

// n of an "array-<n>" folder.
std::optional<size_t> array_number(const fs::path& dir) {
  const std::string name = dir.filename().string();
  if (!name.starts_with(kArrayPrefix) || name.size() == kArrayPrefix.size() || name.size() > 15 ||
      name.find_first_not_of("0123456789", kArrayPrefix.size()) != std::string::npos)
    return std::nullopt;
  return std::stoul(name.substr(kArrayPrefix.size()));
}

// The arrays earlier calls submitted and did not collect, oldest first.
std::vector<Array> uncollected_arrays(const fs::path& slurm_dir) {
  std::vector<Array> arrays;
  if (!fs::is_directory(slurm_dir)) return arrays;
  for (const fs::directory_entry& e : fs::directory_iterator(slurm_dir)) {
    if (!array_number(e.path())) continue;
    const std::optional<nlohmann::json> submitted = read_json_file(submitted_file(e.path()));
    if (!submitted || !submitted->contains("job_id") || fs::exists(collected_file(e.path()))) continue;
    arrays.push_back({e.path(), submitted->value("job_id", std::string()), read_plan(plan_file(e.path())).runs});
  }
  std::sort(arrays.begin(), arrays.end(),
            [](const Array& a, const Array& b) { return *array_number(a.dir) < *array_number(b.dir); });
  return arrays;
}

fs::path new_array_dir(const fs::path& slurm_dir) {
  for (size_t n = 1;; ++n) {
    const fs::path dir = slurm_dir / fmt::format("{}{}", kArrayPrefix, n);
    if (fs::create_directories(dir)) return dir;
  }
}

std::vector<std::string> sbatch_command(const SlurmOptions& options, const fs::path& dir, size_t tasks) {
  std::vector<std::string> argv{"sbatch", "--parsable", "--job-name=scwarp-sweep",
                                "--array=" + slurm_array_spec(tasks, options.max_running),
                                "--output=" + output_pattern(dir).string()};
  if (!options.partition.empty()) argv.push_back("--partition=" + options.partition);
  if (!options.account.empty()) argv.push_back("--account=" + options.account);
  if (!options.time.empty()) argv.push_back("--time=" + options.time);
  argv.insert(argv.end(), options.sbatch_args.begin(), options.sbatch_args.end());
  argv.push_back(script_file(dir).string());
  return argv;
}

Array submit_array(const SlurmOptions& options, const fs::path& out_dir, std::vector<SweepRun> runs) {
  const fs::path dir = new_array_dir(out_dir / "slurm");
  write_json_file(plan_file(dir).string(), {{"out_dir", out_dir.string()}, {"runs", runs}});
  const std::string scwarp =
      options.scwarp_binary.empty() ? fs::read_symlink("/proc/self/exe").string() : options.scwarp_binary;
  write_file_whole(script_file(dir).string(), slurm_batch_script(scwarp, plan_file(dir).string()));
  const std::vector<std::string> argv = sbatch_command(options, dir, runs.size());
  const ProgramResult r = [&] {
    try {
      return slurm_command(argv);
    } catch (const Error&) {
      fs::remove_all(dir);
      throw;
    }
  }();
  if (r.exit_status != 0) {
    fs::remove_all(dir);  // nothing was submitted
    throw Error(fmt::format("sbatch failed (status {}): {} (command: {})", r.exit_status,
                            one_line(r.stderr_text.empty() ? r.stdout_text : r.stderr_text), fmt::join(argv, " ")));
  }
  const std::string job_id = slurm_job_id(r.stdout_text);
  write_json_file(submitted_file(dir).string(), {{"job_id", job_id}, {"tasks", runs.size()}, {"sbatch", argv}});
  fmt::print("scwarp sweep: submitted Slurm job {}: an array of {} run{}{}; files in {}\n", job_id, runs.size(),
             runs.size() == 1 ? "" : "s", options.max_running ? fmt::format(", {} at a time", options.max_running) : "",
             dir.string());
  std::fflush(stdout);
  return {dir, job_id, std::move(runs), true};
}

// A run of this sweep waiting on an array's task.
struct Watched {
  size_t run;  // index into the sweep's runs
  Array* array;
  size_t task;
};

// The task of an uncollected array that runs exactly this run, the newest.
std::optional<std::pair<Array*, size_t>> task_of(std::vector<Array>& arrays, const SweepRun& run) {
  for (auto a = arrays.rbegin(); a != arrays.rend(); ++a) {
    for (size_t t = 0; t < a->runs.size(); ++t) {
      if (a->runs[t].stem() == run.stem() && a->runs[t].args == run.args) return std::make_pair(&*a, t);
    }
  }
  return std::nullopt;
}

// Each run of `todo` to the task of an uncollected array that holds it, or
// else to a new array, submitted here.
std::vector<Watched> watch_runs(const SlurmOptions& options, const std::vector<SweepRun>& runs,
                                const std::vector<size_t>& todo, const fs::path& out_dir, std::vector<Array>& arrays) {
  std::vector<Watched> watched;
  std::vector<SweepRun> to_submit;
  std::vector<size_t> submitted_runs;
  for (size_t i : todo) {
    if (const auto held = task_of(arrays, runs[i])) {
      watched.push_back({i, held->first, held->second});
    } else {
      to_submit.push_back(runs[i]);
      submitted_runs.push_back(i);
    }
  }
  if (!to_submit.empty()) {
    arrays.push_back(submit_array(options, out_dir, std::move(to_submit)));
    for (size_t t = 0; t < submitted_runs.size(); ++t) watched.push_back({submitted_runs[t], &arrays.back(), t});
  }
  return watched;
}

// Fills the outcome of every watched run whose task has ended; returns the
// others.
std::vector<Watched> collect_ended(const std::vector<SweepRun>& runs, const std::vector<Watched>& watched,
                                   const fs::path& out_dir, std::vector<RunOutcome>& outcomes,
                                   SweepProgress& progress) {
  std::vector<Watched> left;
  for (const Watched& w : watched) {
    const fs::path& dir = w.array->dir;
    if (const std::optional<nlohmann::json> outcome = read_json_file(task_outcome(dir, w.task))) {
      outcomes[w.run] = finished_outcome(runs[w.run], out_dir, *outcome);
    } else if (w.array->active) {
      left.push_back(w);
      continue;
    } else {
      const SlurmTaskState state = task_state(w.array->job_id, w.task);
      if (outcome_may_be_on_its_way(*w.array, state)) {
        left.push_back(w);
        continue;
      }
      outcomes[w.run] = unfinished_outcome(runs[w.run], out_dir, dir, w.array->job_id, w.task, state);
    }
    progress.report(runs[w.run], outcomes[w.run]);
  }
  return left;
}

}  // namespace

SlurmSweepBackend::SlurmSweepBackend(SlurmOptions options) : options_(std::move(options)) {}

std::vector<size_t> SlurmSweepBackend::carry_out(const std::vector<SweepRun>& runs, const std::vector<size_t>& todo,
                                                 const fs::path& out_dir_given, std::vector<RunOutcome>& outcomes,
                                                 SweepProgress& progress) {
  const fs::path out_dir = fs::absolute(out_dir_given);
  std::vector<Array> arrays = uncollected_arrays(out_dir / "slurm");
  arrays.reserve(arrays.size() + 1);  // Watched points into it
  std::vector<Watched> watched = watch_runs(options_, runs, todo, out_dir, arrays);
  // Outcomes are looked for every second (a file each); the queue less and
  // less often, up to kMaxQueuePoll: it only tells which tasks ended
  // without one.
  std::chrono::seconds queue_poll{1};
  Clock::time_point next_queue_look = Clock::now();
  while (true) {
    // The queue before the outcomes: a task of an array that had ended
    // before the outcomes were looked at has left its outcome, or never will.
    if (Clock::now() >= next_queue_look) {
      for (Array& a : arrays) look_at_queue(a);
      next_queue_look = Clock::now() + queue_poll;
      queue_poll = std::min(queue_poll * 2, kMaxQueuePoll);
    }
    watched = collect_ended(runs, watched, out_dir, outcomes, progress);
    if (watched.empty() || !options_.wait) break;
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
  for (const Array& a : arrays) {
    const bool waited_on = std::any_of(watched.begin(), watched.end(), [&](const Watched& w) { return w.array == &a; });
    if (!a.active && !waited_on) write_json_file(collected_file(a.dir).string(), {{"job_id", a.job_id}});
  }
  std::vector<size_t> pending;
  for (const Watched& w : watched) pending.push_back(w.run);
  std::sort(pending.begin(), pending.end());
  return pending;
}

void run_sweep_task(const fs::path& plan_path, size_t index) {
  const ArrayPlan plan = read_plan(plan_path);
  if (index >= plan.runs.size())
    throw Error(fmt::format("{}: no run of index {} (it has {})", plan_path.string(), index, plan.runs.size()));
  const SweepRun& run = plan.runs[index];
  const Clock::time_point start = Clock::now();
  const ChildResult child = start_run(run, plan.out_dir)->wait();
  const RunOutcome o = finish_run(run, plan.out_dir, child);
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  write_json_file(task_outcome(plan_path.parent_path(), index).string(),
                  {{"exit_status", child.exit_status}, {"error", o.error}, {"seconds", seconds}});
}

}  // namespace scwarp::cli
