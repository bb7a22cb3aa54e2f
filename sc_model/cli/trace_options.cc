#include "sc_model/cli/trace_options.h"

#include <fmt/core.h>

#include "sc_model/cli/unsigned_text.h"
#include "sc_model/cli/usage_error.h"
#include "sc_model/sched/registry.h"

namespace scwarp::cli {
namespace {

stats::TraceFilter parse_filter(const TraceChoice& choice, uint32_t sm_count) {
  stats::TraceFilter filter;
  if (!choice.window.empty()) {
    const auto expected_two_numbers = [&] {
      return UsageError(fmt::format("--trace-window '{}': expected FROM:TO, two cycle numbers", choice.window));
    };
    const size_t colon = choice.window.find(':');
    if (colon == std::string::npos) throw expected_two_numbers();
    const auto from = parse_unsigned_text(choice.window.substr(0, colon));
    const auto to = parse_unsigned_text(choice.window.substr(colon + 1));
    if (!from || !to) throw expected_two_numbers();
    if (*from >= *to)
      throw UsageError(fmt::format("--trace-window '{}': FROM must be below TO", choice.window));
    filter.from = *from, filter.to = *to;
  }
  size_t at = 0;
  while (!choice.sms.empty() && at <= choice.sms.size()) {
    const size_t comma = std::min(choice.sms.find(',', at), choice.sms.size());
    const auto sm = parse_unsigned_text(choice.sms.substr(at, comma - at));
    if (!sm) throw UsageError(fmt::format("--trace-sm '{}': expected SM numbers N[,M...]", choice.sms));
    if (*sm >= sm_count)
      throw UsageError(fmt::format("--trace-sm '{}': SM {} does not exist (the GPU has SMs 0..{})", choice.sms, *sm,
                                   sm_count - 1));
    filter.sms.push_back(uint32_t(*sm));
    at = comma + 1;
  }
  return filter;
}

}  // namespace

void add_trace_options(CLI::App* cmd, TraceChoice& choice, CLI::Option* functional) {
  CLI::Option* trace = cmd->add_option("--trace", choice.file,
                                       "Write a timeline of the run (Chrome trace-event JSON: open it in "
                                       "https://ui.perfetto.dev or chrome://tracing; docs/trace.md)")
                           ->excludes(functional);
  cmd->add_option("--trace-window", choice.window, "Trace only cycles FROM:TO (FROM included, TO not)")
      ->needs(trace);
  cmd->add_option("--trace-sm", choice.sms, "Trace only these SMs: N[,M...] (default: every SM)")->needs(trace);
}

std::unique_ptr<stats::TraceWriter> open_trace(const TraceChoice& choice, const config::GpuConfig& gpu) {
  if (choice.file.empty()) return nullptr;
  // The trace ranks VTW's TBs by its issue order; the VTW RTL decides only
  // the warp each scheduler issues (docs/rtl.md, "VTW blocks").
  if (gpu.scheduler == "vtw" && sched::issue_policy_impl(gpu.scheduler, gpu) == "rtl")
    throw UsageError("--trace: the trace ranks TBs by the whole issue order, and the VTW RTL (vtw_sched) decides "
                     "only the warp each scheduler issues; trace with --sched-impl cpp or lockstep (the same "
                     "decisions, checked against the RTL)");
  const stats::TraceShape shape{gpu.sm_count(), gpu.max_tbs_per_sm, gpu.schedulers_per_sm,
                                gpu.scheduled_warps_per_sm()};
  return std::make_unique<stats::TraceWriter>(choice.file, shape, parse_filter(choice, gpu.sm_count()));
}

void finish_trace(stats::TraceWriter* trace, const TraceChoice& choice) {
  if (!trace) return;
  trace->finish();
  fmt::print("trace                {} ({} events)\n", choice.file, trace->events());
}

}  // namespace scwarp::cli
