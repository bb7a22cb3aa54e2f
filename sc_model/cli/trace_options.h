// --trace FILE, --trace-window FROM:TO and --trace-sm N[,M...]: the timeline
// trace options `scwarp run` and `scwarp launch` share (docs/trace.md). They
// are output options, not GPU configuration: a traced run's report is the
// untraced run's.
#pragma once

#include <CLI/CLI.hpp>

#include <memory>
#include <string>

#include "sc_model/config/gpu_config.h"
#include "sc_model/stats/trace_writer.h"

namespace scwarp::cli {

struct TraceChoice {
  std::string file;    // --trace; empty: no trace
  std::string window;  // --trace-window FROM:TO
  std::string sms;     // --trace-sm N[,M...]
};

// Adds the options to `cmd`; none goes with `functional` (no cycles to trace).
void add_trace_options(CLI::App* cmd, TraceChoice& choice, CLI::Option* functional);

// The writer --trace asks for, or null without --trace. Throws UsageError
// naming the option for a malformed window or an SM the GPU does not have,
// scwarp::Error when the file cannot be written.
std::unique_ptr<stats::TraceWriter> open_trace(const TraceChoice& choice, const config::GpuConfig& gpu);

// "trace                FILE (N events)" after the run.
void finish_trace(stats::TraceWriter* trace, const TraceChoice& choice);

}  // namespace scwarp::cli
