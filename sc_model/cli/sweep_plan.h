// What `scwarp sweep` runs: the cross product configs x policies x workloads,
// in that fixed order, each run as a child `scwarp run` with its own report
// file under the sweep's folder.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace scwarp::cli {

struct SweepRequest {
  std::vector<std::string> workloads;  // --workload, or empty with a suite
  std::string suite;                   // --suite barrier|other|all, or empty
  std::vector<std::string> policies;   // --sched: "ISSUE[+FETCH][@TRANSFORM][,NAME=VALUE...]"
  std::vector<std::string> configs;    // --config values; empty: the built-in gtx480
  std::string size = "paper";
  uint64_t seed = 1;
  std::vector<std::string> sets;       // --set NAME=VALUE, passed to every run
  std::string transform;               // --transform: every entry without its own @TRANSFORM gets it
  std::string configs_dir;             // where a bare config name is looked up
};

struct SweepRun {
  std::string workload;
  bool barrier_intensive = false;
  std::string policy;  // as given, with --transform's @TRANSFORM: "mwf_lrr+cff", "gto@vtw:same"
  std::string sched;   // its issue policy: "mwf_lrr"
  std::string fetch;   // its fetch policy: "cff", or empty for the config's own
  std::string transform;  // what the kernels run as: "vtw:same", or empty for the originals
  std::vector<std::string> sets;  // this grid entry's own options: "scwarp_large_warp_size=256"
  std::string config;  // the config's name in paths and reports: "gtx480", "tiny"
  std::vector<std::string> args;  // the child's `scwarp run` arguments, --json left out

  // "<config>/<policy>/<workload>": the run's place under runs/ and failed/.
  std::string stem() const { return config + "/" + policy + "/" + workload; }
};

// A run as JSON and back: the Slurm back end hands each array task its run
// in a file (slurm_backend.h).
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(SweepRun, workload, barrier_intensive, policy, sched, fetch, transform, sets,
                                   config, args)

// The suite names --suite accepts.
std::vector<std::string> sweep_suite_names();

// Every run of the request, configs outermost and workloads innermost, each
// list in command-line order (a suite's workloads sorted). Throws UsageError
// naming the option for a malformed policy, a repeated value, a config that
// does not load, or two configs with the same name.
std::vector<SweepRun> plan_sweep(const SweepRequest& request);

}  // namespace scwarp::cli
