// What Device::launch checks before anything runs, each with an Error that
// names the kernel and the offending value: the kernel exists, the launch
// shape fits CUDA's limits and the kernel's directives, the arguments match
// its parameters.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sc_model/runtime/device.h"

namespace scwarp::runtime {

inline constexpr uint32_t kMaxThreadsPerBlock = 1024;
inline constexpr uint64_t kMaxSharedPerBlock = 48 * 1024;

// The entry function `name`; otherwise an Error listing the module's kernels.
const ptx::Function& find_kernel(const ptx::Module& m, const std::string& name);

// Grid and block dimensions, .maxntid/.reqntid and shared memory size.
void check_launch_shape(const ptx::Function& kernel, Dim3 grid, Dim3 block,
                        uint32_t dynamic_shared_bytes);

// The kernel's parameter buffer with every argument at its parameter's offset,
// after checking count and sizes.
std::vector<uint8_t> build_parameter_buffer(const ptx::Module& m, const ptx::Function& kernel,
                                            const KernelArgs& args);

}  // namespace scwarp::runtime
