#include "tests/cli/scwarp_process.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace scwarp::testing {

ProcessResult run_scwarp(const std::string& args) {
  const std::string err_path = scratch_dir() + "/stderr.txt";
  const std::string command = std::string("'") + SCWARP_BINARY + "' " + args + " 2>'" + err_path + "'";
  ProcessResult result;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return result;
  std::array<char, 4096> chunk;
  size_t got = 0;
  while ((got = fread(chunk.data(), 1, chunk.size(), pipe)) > 0) result.out.append(chunk.data(), got);
  const int status = pclose(pipe);
  if (status != -1 && WIFEXITED(status)) result.exit_status = WEXITSTATUS(status);
  result.err = read_file(err_path);
  return result;
}

std::string data_file(const std::string& name) {
  return std::string(SCWARP_SOURCE_DIR) + "/tests/cli/data/" + name;
}

std::string scratch_dir() {
  const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) /
                                    ("scwarp_cli_" + std::to_string(getpid())) /
                                    (std::string(test->test_suite_name()) + "." + test->name());
  std::filesystem::create_directories(dir);
  return dir.string();
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

}  // namespace scwarp::testing
