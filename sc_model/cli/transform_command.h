// `scwarp transform`: writes a PTX module transformed for VTW (virtual thread
// blocks and warps) so a user can read it, diff it and run it with
// `scwarp launch`.
#pragma once

#include <CLI/CLI.hpp>

namespace scwarp::cli {

// Adds the subcommand to `app`; when it runs, its exit status goes to `exit_status`.
void add_transform_command(CLI::App& app, int& exit_status);

}  // namespace scwarp::cli
