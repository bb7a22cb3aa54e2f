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
#include "sc_model/config/options.h"
#include "sc_model/sched/registry.h"
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

std::vector<std::string> described(const std::vector<sched::PolicyInfo>& policies) {
  std::vector<std::string> lines;
  for (const auto& p : policies) lines.push_back(fmt::format("{:<16} {}", p.name, p.description));
  return lines;
}

std::vector<std::string> option_lines() {
  std::vector<std::string> lines;
  for (const auto& o : config::option_table_info())
    lines.push_back(fmt::format("-{} {}    # {}", o.name, o.default_value, o.description));
  return lines;
}

// One line per item: a name first, then (for policies and options) what it is.
std::vector<std::string> lines_for(const ListOptions& opts) {
  if (opts.category == "workloads") return workloads::workload_names();
  if (opts.category == "configs") return config_names(opts.configs_dir);
  if (opts.category == "schedulers") return described(sched::issue_policies());
  if (opts.category == "fetch-policies") return described(sched::fetch_policies());
  return option_lines();
}

}  // namespace

void add_list_command(CLI::App& app, int& exit_status) {
  auto opts = std::make_shared<ListOptions>();
  CLI::App* cmd = app.add_subcommand(
      "list", "Print workloads, scheduler or fetch policies, GPU configs, or config options, "
              "one per line");
  cmd->add_option("category", opts->category, "What to list")
      ->required()
      ->check(CLI::IsMember({"workloads", "schedulers", "fetch-policies", "configs", "options"}));
  cmd->add_option("--configs-dir", opts->configs_dir,
                  "Folder holding the <name>.config files")
      ->capture_default_str();
  cmd->callback([opts, &exit_status] {
    for (const auto& line : lines_for(*opts)) fmt::print("{}\n", line);
    exit_status = kExitOk;
  });
}

}  // namespace scwarp::cli
