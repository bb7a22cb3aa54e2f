// Writing a module-scope .global/.const variable from the host, like
// cudaMemcpyToSymbol: workloads that keep coefficients in constant memory
// fill them after loading their module.
#pragma once

#include <cstdint>
#include <string>

#include "sc_model/runtime/device.h"

namespace scwarp::workloads {

// Throws scwarp::Error when the module has no such .global/.const variable or
// `bytes` exceeds its size.
void copy_to_symbol(runtime::Device& dev, const runtime::LoadedModule& module,
                    const std::string& symbol, const void* src, uint64_t bytes);

}  // namespace scwarp::workloads
