// The PTX-to-PTX transformations a run can apply to every module it loads,
// by name: "none", "vtw" or "vtw:MODE" (ptx/vtw_transform.h). The same
// spelling serves `scwarp run/launch/sweep --transform`.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "sc_model/ptx/ir.h"

namespace scwarp::ptx {

struct ModuleTransform {
  std::string name;  // canonical: "vtw:same", ...; empty = none
  std::function<Module(const Module&)> apply;
  explicit operator bool() const { return !name.empty(); }
};

// Throws scwarp::Error naming the text and what is accepted.
ModuleTransform parse_transform(std::string_view spec);
const char* transforms_help();

}  // namespace scwarp::ptx
