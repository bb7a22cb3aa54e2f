// Runs this same program again as a child process. SystemC elaborates one
// GPU per process, so a command that simulates several runs (bench) gives
// each its own process; that also measures each run's own peak memory.
#pragma once

#include <string>
#include <vector>

namespace scwarp::cli {

struct ChildResult {
  int exit_status = 0;
  std::string stderr_text;  // what the child wrote on stderr
};

// `args` are the arguments after the program name. The child's stdout is
// discarded. Throws scwarp::Error if the child cannot be started.
ChildResult run_self(const std::vector<std::string>& args);

}  // namespace scwarp::cli
