// The one table of configuration options: for each, its name, the GpuConfig
// field(s) it sets, how its value is read and written back, and a one-line
// description. Files, overrides, LoadedConfig::values(), option_table_info()
// and docs/configuration.md all come from it.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "sc_model/config/gpu_config.h"

namespace scwarp::config {

struct Option {
  std::string name;         // without the leading '-'
  std::string alias;        // GPGPU-Sim 3.x's spelling where ours differs, or empty
  std::string description;
  // Reads a value into the config; throws InvalidValue saying what was expected.
  std::function<void(GpuConfig&, std::string_view)> parse;
  // The value as it stands, in text `parse` reads back to the same fields.
  std::function<std::string(const GpuConfig&)> format;
};

const std::vector<Option>& option_table();
// By name or alias (without '-'); nullptr when the option is not ours.
const Option* find_option(std::string_view name);
// Why a name scwarp used to read (without '-') is no longer an option
// ("was renamed -x (...)" or "was removed: ..."), or nullptr: old names are
// refused with the reason, never ignored as unknown.
const char* retired_option(std::string_view old_name);
// Every option's current value, keyed by name (without '-').
std::map<std::string, std::string> option_values(const GpuConfig& gpu);

}  // namespace scwarp::config
