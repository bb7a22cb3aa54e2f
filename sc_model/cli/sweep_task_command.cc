#include "sc_model/cli/sweep_task_command.h"

#include <memory>
#include <string>

#include "sc_model/cli/exit_status.h"
#include "sc_model/cli/slurm_backend.h"

namespace scwarp::cli {
namespace {

struct SweepTaskOptions {
  std::string plan;
  size_t index = 0;
};

}  // namespace

void add_sweep_task_command(CLI::App& app, int& exit_status) {
  auto opts = std::make_shared<SweepTaskOptions>();
  CLI::App* cmd = app.add_subcommand("sweep-task", "One task of a sweep's Slurm job array (internal)");
  cmd->group("");  // hidden: the batch script of `scwarp sweep --backend slurm` runs it
  cmd->add_option("--plan", opts->plan, "The array's plan.json")->required();
  cmd->add_option("--index", opts->index, "The task's index in the plan")->required();
  cmd->callback([opts, &exit_status] {
    run_sweep_task(opts->plan, opts->index);
    exit_status = kExitOk;  // the run's own outcome is in the files it left
  });
}

}  // namespace scwarp::cli
