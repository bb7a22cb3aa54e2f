// Writing a report as a JSON file (the --json option of run and bench).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace scwarp::cli {

// Throws scwarp::Error naming the path when it cannot be written.
void write_json_file(const std::string& path, const nlohmann::json& report);

}  // namespace scwarp::cli
