// `scwarp list workloads|schedulers|configs`: one name per line.
#pragma once

#include <CLI/CLI.hpp>

namespace scwarp::cli {

// Adds the subcommand to `app`; when it runs, its exit status goes to `exit_status`.
void add_list_command(CLI::App& app, int& exit_status);

}  // namespace scwarp::cli
