#include "sc_model/cli/sweep_local_backend.h"

#include <chrono>
#include <map>
#include <memory>

#include "sc_model/cli/child_process.h"

namespace scwarp::cli {
namespace {

using Clock = std::chrono::steady_clock;

struct Running {
  size_t index;
  std::unique_ptr<SelfChild> child;
  Clock::time_point start;
};

}  // namespace

std::vector<size_t> LocalSweepBackend::carry_out(const std::vector<SweepRun>& runs, const std::vector<size_t>& todo,
                                                 const std::filesystem::path& out_dir,
                                                 std::vector<RunOutcome>& outcomes, SweepProgress& progress) {
  std::map<pid_t, Running> running;
  size_t next = 0;
  while (next < todo.size() || !running.empty()) {
    while (running.size() < jobs_ && next < todo.size()) {
      const size_t i = todo[next++];
      std::unique_ptr<SelfChild> child = start_run(runs[i], out_dir);
      const pid_t pid = child->pid();
      running.emplace(pid, Running{i, std::move(child), Clock::now()});
    }
    const EndedChild ended = wait_any_child();
    const auto it = running.find(ended.pid);
    if (it == running.end()) continue;  // not one of ours
    const Running& r = it->second;
    RunOutcome o = finish_run(runs[r.index], out_dir, r.child->result(ended.wait_status));
    o.seconds = std::chrono::duration<double>(Clock::now() - r.start).count();
    progress.report(runs[r.index], o);
    outcomes[r.index] = std::move(o);
    running.erase(it);
  }
  return {};
}

}  // namespace scwarp::cli
