// Runs the built scwarp program as a user would and captures what it says.
#pragma once

#include <string>

namespace scwarp::testing {

struct ProcessResult {
  int exit_status = -1;   // -1 when the program did not exit normally (a crash)
  std::string out, err;
};

// Runs SCWARP_BINARY with `args` (shell words, quote paths yourself).
ProcessResult run_scwarp(const std::string& args);

// A file of tests/cli/data/.
std::string data_file(const std::string& name);

// A fresh folder for the running test (unique per test and process).
std::string scratch_dir();

std::string read_file(const std::string& path);
void write_file(const std::string& path, const std::string& bytes);

}  // namespace scwarp::testing
