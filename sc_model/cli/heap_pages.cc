#include "sc_model/cli/heap_pages.h"

#include <fmt/format.h>

#if SCWARP_MIMALLOC
#include <mimalloc.h>
#endif

namespace scwarp::cli {

void use_large_heap_pages() {
#if SCWARP_MIMALLOC
  // Where the kernel has no huge page to give (THP off, memory fragmented)
  // mimalloc falls back to ordinary pages silently: same results, only slower.
  mi_option_enable(mi_option_large_os_pages);
#endif
}

std::string heap_description() {
#if SCWARP_MIMALLOC
  const int v = mi_version();  // major * 100 + minor * 10 + patch
  return fmt::format("mimalloc {}.{}.{}, {}", v / 100, v / 10 % 10, v % 10,
                     mi_option_is_enabled(mi_option_large_os_pages) ? "2 MiB pages" : "4 KB pages");
#else
  return "the C library's malloc";
#endif
}

}  // namespace scwarp::cli
