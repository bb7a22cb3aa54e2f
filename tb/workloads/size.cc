// Workload problem sizes by name: tiny (unit tests), small (CI), paper.
#include "sc_model/common/error.h"
#include "tb/workloads/workload.h"

namespace scwarp::workloads {

Size parse_size(const std::string& s) {
  if (s == "tiny") return Size::Tiny;
  if (s == "small") return Size::Small;
  if (s == "paper") return Size::Paper;
  throw Error("unknown workload size '" + s + "' (expected tiny, small or paper)");
}

const char* size_name(Size s) {
  switch (s) {
    case Size::Tiny: return "tiny";
    case Size::Small: return "small";
    case Size::Paper: return "paper";
  }
  return "?";
}

}  // namespace scwarp::workloads
