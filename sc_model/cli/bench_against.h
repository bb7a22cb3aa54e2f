// `scwarp bench --against OTHER`: races this build's timing model against
// another build's on the same workloads, run by run, so that a speed change
// is judged side by side on one (noisy) machine, and checks that both builds
// simulate the same cycles and instructions: a speed change must change no
// result.
#pragma once

#include "sc_model/cli/timing_bench.h"

namespace scwarp::cli {

// Returns the exit status: ok when every run of both builds completed,
// verified and the two agree; kExitVerificationFailed when they disagree (or
// a run failed verification); kExitError when a run could not complete.
int run_bench_against(const TimingBenchRequest& request);

}  // namespace scwarp::cli
