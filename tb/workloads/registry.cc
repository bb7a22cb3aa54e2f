// The workload registry: name -> factory, filled by SCWARP_REGISTER_WORKLOAD.
#include "tb/workloads/registry.h"

#include <map>

#include "sc_model/common/error.h"

namespace scwarp::workloads {
namespace {

// Function-local static: registrations run from other translation units'
// static initialisers, whose order relative to a namespace-scope map is unknown.
std::map<std::string, WorkloadFactory>& factories() {
  static std::map<std::string, WorkloadFactory> map;
  return map;
}

}  // namespace

void register_workload(const std::string& name, WorkloadFactory factory) {
  if (!factory) throw Error("register_workload: empty factory for '" + name + "'");
  if (!factories().emplace(name, std::move(factory)).second)
    throw Error("register_workload: workload '" + name + "' registered twice");
}

std::vector<std::string> workload_names() {
  std::vector<std::string> names;
  for (const auto& entry : factories()) names.push_back(entry.first);
  return names;  // std::map keeps them sorted
}

std::vector<std::string> suite_workload_names() {
  std::vector<std::string> names;
  for (const auto& entry : factories())
    if (!entry.second()->microbenchmark()) names.push_back(entry.first);
  return names;
}

std::unique_ptr<Workload> make_workload(const std::string& name) {
  auto it = factories().find(name);
  if (it == factories().end()) {
    std::string known;
    for (const auto& n : workload_names()) known += (known.empty() ? "" : ", ") + n;
    throw Error("unknown workload '" + name + "' (known: " + known + ")");
  }
  return it->second();
}

}  // namespace scwarp::workloads
