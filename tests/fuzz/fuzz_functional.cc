// libFuzzer harness: PTX that parses is loaded and every kernel of it run on
// the functional engine, two blocks of 33 threads (a partial warp), each
// parameter a pointer to a zeroed 256-byte buffer (8-byte parameters) or
// zero bytes, under an instruction limit so a loop cannot hang the fuzzer.
// Faults must end in a scwarp::Error naming where.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sc_model/common/error.h"
#include "sc_model/runtime/device.h"

namespace {

constexpr uint64_t kMaxThreadInstructions = 20000;
constexpr uint64_t kBufferBytes = 256;

scwarp::runtime::KernelArgs zero_args(scwarp::runtime::Device& device, const scwarp::ptx::Module& m,
                                      const scwarp::ptx::Function& kernel) {
  scwarp::runtime::KernelArgs args;
  for (uint32_t param : kernel.params) {
    const uint64_t bytes = m.symbols[param].size;
    if (bytes == 8) {
      const uint64_t buffer = device.malloc(kBufferBytes);
      device.copy_to_device(buffer, std::vector<uint8_t>(kBufferBytes).data(), kBufferBytes);
      args.add(buffer);
    } else {
      args.add_bytes(std::vector<uint8_t>(bytes));
    }
  }
  return args;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  scwarp::runtime::Device device(scwarp::runtime::make_functional_executor(kMaxThreadInstructions));
  try {
    const scwarp::runtime::LoadedModule& module =
        device.load_module(std::string(reinterpret_cast<const char*>(data), size), "fuzz.ptx");
    for (const scwarp::ptx::Function& f : module.ir.functions) {
      if (!f.is_entry) continue;
      try {
        device.launch(module, f.name, {2, 1, 1}, {33, 1, 1}, 0, zero_args(device, module.ir, f));
      } catch (const scwarp::Error&) {
      }
    }
  } catch (const scwarp::Error&) {
  }
  return 0;
}
