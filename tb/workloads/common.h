// What every workload driver uses: deterministic inputs (rng.h), result
// comparison (verification.h), loading its own embedded module, and picking
// a parameter by problem size.
#pragma once

#include <cstdint>
#include <string>

#include "sc_model/runtime/device.h"
#include "tb/workloads/registry.h"
#include "tb/workloads/rng.h"
#include "tb/workloads/verification.h"
#include "tb/workloads/workload.h"

namespace scwarp::workloads {

// Loads tb/workloads/ptx/<name>.ptx (embedded) into dev as "<name>.ptx".
const runtime::LoadedModule& load_workload_module(runtime::Device& dev, const std::string& name);

template <typename T>
T by_size(Size s, T tiny, T small, T paper) {
  switch (s) {
    case Size::Tiny: return tiny;
    case Size::Small: return small;
    case Size::Paper: return paper;
  }
  return tiny;
}

constexpr uint32_t ceil_div(uint64_t a, uint64_t b) { return uint32_t((a + b - 1) / b); }

}  // namespace scwarp::workloads
