#include "tb/workloads/module_symbol.h"

#include <fmt/format.h>

#include "sc_model/common/error.h"

namespace scwarp::workloads {

void copy_to_symbol(runtime::Device& dev, const runtime::LoadedModule& module,
                    const std::string& symbol, const void* src, uint64_t bytes) {
  for (const ptx::Symbol& s : module.ir.symbols) {
    if (s.name != symbol || s.is_function) continue;
    if (s.space != ptx::Space::Global && s.space != ptx::Space::Const) continue;
    if (bytes > s.size)
      throw Error(fmt::format("{}: {} bytes do not fit in '{}' ({} bytes)", module.ir.file, bytes,
                              symbol, s.size));
    uint64_t segment = s.space == ptx::Space::Global ? module.global_segment : module.const_segment;
    dev.copy_to_device(segment + s.offset, src, bytes);
    return;
  }
  throw Error(fmt::format("{}: no .global or .const variable named '{}'", module.ir.file, symbol));
}

}  // namespace scwarp::workloads
