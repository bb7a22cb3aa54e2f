// `scwarp sweep`: runs the cross product of workloads, scheduler policies and
// GPU configs on the timing model, several runs at a time, into one folder
// (resumable), and summarises every run in <folder>/sweep.json.
#pragma once

#include <CLI/CLI.hpp>

namespace scwarp::cli {

// Adds the subcommand to `app`; when it runs, its exit status goes to `exit_status`.
void add_sweep_command(CLI::App& app, int& exit_status);

}  // namespace scwarp::cli
