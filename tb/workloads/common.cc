#include "tb/workloads/common.h"

namespace scwarp::workloads {

const runtime::LoadedModule& load_workload_module(runtime::Device& dev, const std::string& name) {
  return dev.load_module(workload_ptx(name), name + ".ptx", kernel_resources_after(dev.module_transform()));
}

}  // namespace scwarp::workloads
