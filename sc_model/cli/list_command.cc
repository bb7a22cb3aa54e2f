// `scwarp list`: what can be named on other command lines.
#include "sc_model/cli/list_command.h"

#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "sc_model/cli/exit_status.h"
#include "sc_model/cli/usage_error.h"
#include "tb/workloads/workload.h"

namespace scwarp::cli {
namespace {

namespace fs = std::filesystem;

// A GPU configuration is a file configs/<name>.config; its name is the stem.
constexpr const char* kConfigExtension = ".config";

struct ListOptions {
  std::string category;
  std::string configs_dir = SCWARP_SOURCE_DIR "/configs";
};

std::vector<std::string> config_names(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw UsageError(fmt::format("--configs-dir: '{}' is not a directory", dir));
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.is_regular_file() && entry.path().extension() == kConfigExtension)
      names.push_back(entry.path().stem().string());
  }
  if (ec) throw Error(fmt::format("cannot read configs folder '{}': {}", dir, ec.message()));
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<std::string> names_in(const ListOptions& opts) {
  if (opts.category == "workloads") return workloads::workload_names();
  if (opts.category == "configs") return config_names(opts.configs_dir);
  // "schedulers": the scheduler policies arrive with the timing model; until
  // then the registry of policies is empty, which is the truthful answer.
  return {};
}

}  // namespace

void add_list_command(CLI::App& app, int& exit_status) {
  auto opts = std::make_shared<ListOptions>();
  CLI::App* cmd = app.add_subcommand(
      "list", "Print the names of workloads, scheduler policies or GPU configs, one per line");
  cmd->add_option("category", opts->category,
                  "What to list (schedulers: none exist until the timing model is built)")
      ->required()
      ->check(CLI::IsMember({"workloads", "schedulers", "configs"}));
  cmd->add_option("--configs-dir", opts->configs_dir,
                  "Folder holding the <name>.config files")
      ->capture_default_str();
  cmd->callback([opts, &exit_status] {
    for (const auto& name : names_in(*opts)) fmt::print("{}\n", name);
    exit_status = kExitOk;
  });
}

}  // namespace scwarp::cli
