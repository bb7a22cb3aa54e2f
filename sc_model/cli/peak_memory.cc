#include "sc_model/cli/peak_memory.h"

#include <sys/resource.h>

namespace scwarp::cli {

uint64_t peak_resident_bytes() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return uint64_t(usage.ru_maxrss) * 1024;  // Linux reports KiB
}

}  // namespace scwarp::cli
