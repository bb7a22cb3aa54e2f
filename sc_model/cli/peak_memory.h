// The process's peak resident memory, for benchmark reports.
#pragma once

#include <cstdint>

namespace scwarp::cli {

// Peak resident set size of this process so far, in bytes (getrusage ru_maxrss).
uint64_t peak_resident_bytes();

}  // namespace scwarp::cli
