// workload_ptx() and kernel_resources(): lookups into the embedded PTX and
// resources.json (see embedded_data.h).
#include <map>
#include <nlohmann/json.hpp>

#include "sc_model/common/error.h"
#include "tb/workloads/embedded_data.h"
#include "tb/workloads/workload.h"

namespace scwarp::workloads {
namespace {

const std::map<std::string, std::string>& ptx_by_name() {
  static const std::map<std::string, std::string> table = [] {
    std::map<std::string, std::string> t;
    for (size_t i = 0; i < kEmbeddedPtxCount; ++i) t.emplace(kEmbeddedPtx[i].name, kEmbeddedPtx[i].text);
    return t;
  }();
  return table;
}

uint32_t resource_field(const nlohmann::json& entry, const std::string& kernel, const char* field) {
  if (!entry.contains(field) || !entry[field].is_number_unsigned())
    throw Error("resources.json: kernel '" + kernel + "' has no unsigned field '" + field + "'");
  return entry[field].get<uint32_t>();
}

}  // namespace

const std::map<std::string, KernelResources>& all_kernel_resources() {
  static const std::map<std::string, KernelResources> table = [] {
    nlohmann::json doc;
    try {
      doc = nlohmann::json::parse(kEmbeddedResourcesJson);
    } catch (const nlohmann::json::exception& e) {
      throw Error(std::string("embedded resources.json is not valid JSON: ") + e.what());
    }
    if (!doc.is_object()) throw Error("embedded resources.json: top level must be an object");
    std::map<std::string, KernelResources> t;
    for (const auto& [kernel, entry] : doc.items()) {
      t[kernel] = KernelResources{resource_field(entry, kernel, "registers"),
                                  resource_field(entry, kernel, "shared_bytes"),
                                  resource_field(entry, kernel, "local_bytes")};
    }
    return t;
  }();
  return table;
}

const std::string& workload_ptx(const std::string& name) {
  const auto& table = ptx_by_name();
  auto it = table.find(name);
  if (it == table.end())
    throw Error("no embedded PTX for workload '" + name + "' (expected tb/workloads/ptx/" + name +
                ".ptx; run scripts/gen_ptx.sh and rebuild)");
  return it->second;
}

std::map<std::string, KernelResources> kernel_resources_after(const std::string& transform) {
  const std::string prefix = transform.empty() ? "" : transform + "/";
  std::map<std::string, KernelResources> out;
  for (const auto& [name, resources] : all_kernel_resources()) {
    const bool transformed = name.find('/') != std::string::npos;
    if (transformed == !prefix.empty() && name.starts_with(prefix)) out[name.substr(prefix.size())] = resources;
  }
  return out;
}

KernelResources kernel_resources(const std::string& mangled_kernel_name) {
  const auto& table = all_kernel_resources();
  auto it = table.find(mangled_kernel_name);
  if (it == table.end())
    throw Error("no resources for kernel '" + mangled_kernel_name +
                "' in tb/workloads/ptx/resources.json (run scripts/gen_ptx.sh)");
  return it->second;
}

}  // namespace scwarp::workloads
