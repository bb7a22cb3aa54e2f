// Writing result files whole: under a temporary name first, renamed into
// place once complete, so a file under its final name is never half-written
// (a sweep killed mid-write must not leave a run that looks done).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace scwarp::cli {

// Throws scwarp::Error naming the path when it cannot be written.
void write_file_whole(const std::string& path, const std::string& text);

// A report as a JSON file (the --json options, the sweep summary). Throws
// scwarp::Error naming --json and the path when it cannot be written.
void write_json_file(const std::string& path, const nlohmann::json& report);

// A JSON file's contents; none when it is missing, unreadable or not JSON
// (a sweep's files that an interrupted run may have left half-way).
std::optional<nlohmann::json> read_json_file(const std::filesystem::path& path);

}  // namespace scwarp::cli
