// Helpers for the config tests: scratch config files and error capture.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <string_view>

#include "sc_model/common/error.h"

namespace scwarp::config::testing {

// Writes `text` to a file named after the running test (and this process,
// so parallel runs never share it) and returns its path.
inline std::string write_config(std::string_view text) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const auto path = std::filesystem::temp_directory_path() /
                    (std::string("scwarp_config_") + info->test_suite_name() + "_" + info->name() + "_" +
                     std::to_string(::getpid()) + ".config");
  std::ofstream(path) << text;
  return path.string();
}

// The message of the scwarp::Error `action` throws; fails the test if none.
inline std::string error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const Error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no scwarp::Error was thrown";
  return {};
}

}  // namespace scwarp::config::testing
