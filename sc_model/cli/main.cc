// The scwarp program: one subcommand per file pair; this file only wires them
// to CLI11 and turns every error into one line on stderr and an exit status.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "sc_model/cli/bench_command.h"
#include "sc_model/cli/exit_status.h"
#include "sc_model/cli/launch_command.h"
#include "sc_model/cli/list_command.h"
#include "sc_model/cli/run_command.h"
#include "sc_model/cli/sweep_command.h"
#include "sc_model/cli/sweep_task_command.h"
#include "sc_model/cli/transform_command.h"
#include "sc_model/cli/usage_error.h"

namespace {

int report_error(const char* message, int status) {
  fmt::print(stderr, "scwarp: error: {}\n", message);
  return status;
}

// CLI11 reports a mistyped subcommand or top-level option as "A subcommand is
// required"; name what was typed instead.
std::string usage_message(CLI::App& app, const CLI::ParseError& e) {
  if (!app.get_subcommands().empty() || app.remaining().empty()) return e.what();
  const std::string typed = app.remaining().front();  // remaining() returns a copy
  if (typed.starts_with('-')) return fmt::format("unknown option '{}'", typed);
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
    if (!sub->get_group().empty()) names.push_back(sub->get_name());  // hidden ones (sweep-task) left out
  return fmt::format("unknown subcommand '{}' (expected one of: {})", typed, fmt::join(names, ", "));
}

}  // namespace

// SystemC's entry point (called by sc_elab_and_sim below).
extern "C" int sc_main(int argc, char** argv) {
  using namespace scwarp::cli;
  CLI::App app{"scwarp: a cycle-level SystemC/TLM-2.0 GPU simulator for warp-scheduling "
               "research",
               "scwarp"};
  app.require_subcommand(1, 1);
  int exit_status = kExitOk;
  add_list_command(app, exit_status);
  add_run_command(app, exit_status);
  add_launch_command(app, exit_status);
  add_bench_command(app, exit_status);
  add_sweep_command(app, exit_status);
  add_sweep_task_command(app, exit_status);
  add_transform_command(app, exit_status);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help is a "parse error" with status 0: let CLI11 print the help text.
    if (e.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) return app.exit(e);
    return report_error(usage_message(app, e).c_str(), kExitUsage);
  } catch (const UsageError& e) {
    return report_error(e.what(), kExitUsage);
  } catch (const scwarp::Error& e) {
    return report_error(e.what(), kExitError);
  } catch (const std::bad_alloc&) {
    return report_error("out of host memory", kExitError);
  } catch (const std::exception& e) {
    // Not expected: every known failure is a scwarp::Error. Still one line, no abort.
    return report_error(fmt::format("internal error: {}", e.what()).c_str(), kExitError);
  }
  return exit_status;
}

extern "C" int sc_elab_and_sim(int argc, char** argv);

// SystemC would print its banner on stdout, which belongs to reports and
// JSON; the library reads this variable before handing over to sc_main.
int main(int argc, char** argv) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  return sc_elab_and_sim(argc, argv);
}
