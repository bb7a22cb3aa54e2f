// The list of every configuration option, for `scwarp list options` and
// docs: the same table that parsing uses, so the list cannot drift.
#pragma once

#include <string>
#include <vector>

namespace scwarp::config {

struct OptionInfo {
  std::string name;           // without the leading '-', e.g. "gpgpu_n_clusters"
  std::string default_value;  // as builtin_gtx480() has it, in the text a config file takes
  std::string description;    // one line; names the GPGPU-Sim 3.x alias where there is one
};

// In the order of the table (grouped like GpuConfig's fields).
std::vector<OptionInfo> option_table_info();

}  // namespace scwarp::config
