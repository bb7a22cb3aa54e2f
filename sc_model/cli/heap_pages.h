// The simulator's heap on 2 MiB pages. The timing model's state is about
// 100 MB of small objects (warp tables, register files, queues, cache tags)
// touched all over every cycle; with 4 KB pages the data TLB misses cost
// about a tenth of a run (docs/performance.md, "Seventh round"). The
// `scwarp` program allocates through mimalloc, which asks the kernel for
// transparent huge pages (madvise) for its segments when told to here.
#pragma once

#include <string>

namespace scwarp::cli {

// Call first thing in sc_main: memory allocated before it stays on 4 KB
// pages. Does nothing in builds without mimalloc (the sanitizer and fuzz
// builds, whose runtimes replace malloc themselves).
void use_large_heap_pages();

// What serves this process's heap, for benchmark reports: "mimalloc 2.0.9,
// 2 MiB pages" (pages asked for; the kernel may still give 4 KB ones) or
// "the C library's malloc".
std::string heap_description();

}  // namespace scwarp::cli
