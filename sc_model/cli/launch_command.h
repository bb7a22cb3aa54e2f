// `scwarp launch`: runs a user's PTX kernel with buffers and arguments given
// on the command line, no C++ needed.
#pragma once

#include <CLI/CLI.hpp>

namespace scwarp::cli {

// Adds the subcommand to `app`; when it runs, its exit status goes to `exit_status`.
void add_launch_command(CLI::App& app, int& exit_status);

}  // namespace scwarp::cli
