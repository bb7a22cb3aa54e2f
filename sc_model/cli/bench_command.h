// `scwarp bench`: functional simulation speed over a set of workloads.
#pragma once

#include <CLI/CLI.hpp>

namespace scwarp::cli {

// Adds the subcommand to `app`; when it runs, its exit status goes to `exit_status`.
void add_bench_command(CLI::App& app, int& exit_status);

}  // namespace scwarp::cli
