#include "sc_model/cli/json_file.h"

#include <fmt/core.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "sc_model/common/error.h"

namespace scwarp::cli {

void write_file_whole(const std::string& path, const std::string& text) {
  const std::string temp = path + ".tmp";
  std::ofstream out(temp, std::ios::binary);
  if (out) out << text;
  out.close();
  if (!out || std::rename(temp.c_str(), path.c_str()) != 0) {
    const int reason = errno;
    std::remove(temp.c_str());
    throw Error(fmt::format("cannot write '{}': {}", path, std::strerror(reason)));
  }
}

void write_json_file(const std::string& path, const nlohmann::json& report) {
  try {
    write_file_whole(path, report.dump(2) + '\n');
  } catch (const Error& e) {
    throw Error(fmt::format("--json: {}", e.what()));
  }
}

std::optional<nlohmann::json> read_json_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  nlohmann::json j = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return std::nullopt;
  return j;
}

}  // namespace scwarp::cli
