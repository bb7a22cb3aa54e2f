#include "sc_model/cli/json_file.h"

#include <fmt/core.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "sc_model/common/error.h"

namespace scwarp::cli {

void write_json_file(const std::string& path, const nlohmann::json& report) {
  std::ofstream out(path);
  if (out) out << report.dump(2) << '\n';
  out.close();
  if (!out) throw Error(fmt::format("--json: cannot write '{}': {}", path, std::strerror(errno)));
}

}  // namespace scwarp::cli
