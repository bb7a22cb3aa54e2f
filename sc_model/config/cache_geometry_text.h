// GPGPU-Sim 3.x's cache geometry text (-gpgpu_cache:dl1 and friends):
//   <sets>:<line bytes>:<ways>,<repl>:<write>:<alloc>:<write alloc>[:<set index>]
//   [,<mshr kind>:<mshr entries>:<max merge>[,<miss queue>[:<result fifo>][,<data port width>]]]
// The parts in brackets may be left out; left-out parts keep `defaults`.
// The set index function (L linear / H hashed), the texture result FIFO and
// the data port width are accepted so GPGPU-Sim's own option dumps load,
// but the model does not use them (docs/configuration.md says so).
#pragma once

#include <string>
#include <string_view>

#include "sc_model/config/gpu_config.h"

namespace scwarp::config {

// Throws InvalidValue naming the part that is wrong.
CacheGeometry parse_cache_geometry(std::string_view text, const CacheGeometry& defaults);
// The canonical text: every part we model, nothing we ignore.
std::string format_cache_geometry(const CacheGeometry& geometry);

}  // namespace scwarp::config
