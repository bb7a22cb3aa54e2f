#include "sc_model/ptx/transform_spec.h"

#include <fmt/format.h>

#include "sc_model/common/error.h"
#include "sc_model/ptx/vtw_transform.h"

namespace scwarp::ptx {

ModuleTransform parse_transform(std::string_view spec) {
  if (spec.empty() || spec == "none") return {};
  if (spec == "vtw" || spec.starts_with("vtw:")) {
    const VtwMode mode = parse_vtw_mode(spec == "vtw" ? std::string_view("same") : spec.substr(4));
    return {"vtw:" + vtw_mode_name(mode), [mode](const Module& m) { return vtw_transform(m, mode); }};
  }
  throw Error(fmt::format("--transform: unknown transformation '{}': {}", spec, transforms_help()));
}

const char* transforms_help() {
  return "none, or vtw[:MODE] with MODE one of same (default), slowest, lowest, software (docs/vtw.md)";
}

}  // namespace scwarp::ptx
