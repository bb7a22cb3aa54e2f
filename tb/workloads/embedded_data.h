// The committed PTX of every workload and ptxas's resource report, compiled
// into the library by embed_ptx.cmake (the generated embedded_ptx.cc defines
// these). Read them through workload_ptx() / kernel_resources() instead.
#pragma once

#include <cstddef>

namespace scwarp::workloads {

struct EmbeddedPtx {
  const char* name;   // file stem: the workload name
  const char* text;   // the whole .ptx file
};
extern const EmbeddedPtx* const kEmbeddedPtx;   // sorted by name
extern const size_t kEmbeddedPtxCount;
extern const char* const kEmbeddedResourcesJson;  // tb/workloads/ptx/resources.json

}  // namespace scwarp::workloads
