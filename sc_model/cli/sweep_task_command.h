// `scwarp sweep-task --plan FILE --index I`: one task of a sweep's Slurm job
// array (slurm_backend.h). Hidden from --help: only the batch script that
// `scwarp sweep --backend slurm` writes runs it.
#pragma once

#include <CLI/CLI.hpp>

namespace scwarp::cli {

void add_sweep_task_command(CLI::App& app, int& exit_status);

}  // namespace scwarp::cli
