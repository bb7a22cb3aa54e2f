#include "sc_model/cli/sweep_plan.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>
#include <utility>

#include "sc_model/cli/run_config.h"
#include "sc_model/cli/usage_error.h"
#include "sc_model/common/error.h"
#include "sc_model/ptx/transform_spec.h"
#include "tb/workloads/workload.h"

namespace scwarp::cli {
namespace {

constexpr const char* kBuiltinConfigName = "gtx480";

bool barrier_intensive(const std::string& workload) {
  return workloads::make_workload(workload)->barrier_intensive();
}

std::vector<std::string> suite_workloads(const std::string& suite) {
  std::vector<std::string> names;
  for (const std::string& name : workloads::suite_workload_names()) {
    if (suite == "all" || (suite == "barrier") == barrier_intensive(name)) names.push_back(name);
  }
  return names;
}

void require_distinct(const char* option, const std::vector<std::string>& values) {
  std::set<std::string> seen;
  for (const std::string& v : values) {
    if (!seen.insert(v).second) throw UsageError(fmt::format("{} '{}' is given twice", option, v));
  }
}

// A policy name becomes a folder name: letters, digits, '_', '-', '.' only.
bool is_policy_name(const std::string& name) {
  return !name.empty() && name != "." && name != ".." &&
         std::all_of(name.begin(), name.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.'; });
}

struct PolicyParts {
  std::string sched, fetch, transform;
  std::vector<std::string> sets;
  std::string entry;  // as given
};

// ",NAME=VALUE,..." after a grid entry: options of that entry's runs, so a
// machine parameter is a sweep axis too (seed 002's large-warp sizes).
std::vector<std::string> entry_sets(const std::string& policy, size_t comma) {
  std::vector<std::string> sets;
  while (comma != std::string::npos) {
    const size_t next = policy.find(',', comma + 1);
    const std::string set = policy.substr(comma + 1, next == std::string::npos ? next : next - comma - 1);
    const size_t eq = set.find('=');
    if (eq == 0 || eq == std::string::npos || eq + 1 == set.size())
      throw UsageError(fmt::format("--sched '{}': '{}' is not NAME=VALUE (expected ISSUE[+FETCH][@TRANSFORM]"
                                   "[,NAME=VALUE...])",
                                   policy, set));
    sets.push_back(set);
    comma = next;
  }
  return sets;
}

// "ISSUE[+FETCH][@TRANSFORM][,NAME=VALUE...]" into its parts: the
// transformation is a sweep axis too (vGTO is "gto@vtw:same": GTO running
// the VTW-transformed kernels), and so are options ("lrr,scwarp_large_warp_size=256").
PolicyParts split_policy(const std::string& entry) {
  const size_t comma = entry.find(',');
  const std::string policy = entry.substr(0, comma);
  const size_t at = policy.find('@');
  const std::string policies = policy.substr(0, at);
  const size_t plus = policies.find('+');
  PolicyParts parts{policies.substr(0, plus), plus == std::string::npos ? "" : policies.substr(plus + 1), "",
                    entry_sets(entry, comma), entry};
  if (!is_policy_name(parts.sched) || (plus != std::string::npos && !is_policy_name(parts.fetch)))
    throw UsageError(fmt::format("--sched '{}': expected ISSUE[+FETCH][@TRANSFORM][,NAME=VALUE...], policy "
                                 "names of letters, digits, '_', '-' and '.'",
                                 entry));
  if (at != std::string::npos) {
    try {
      parts.transform = ptx::parse_transform(policy.substr(at + 1)).name;
    } catch (const Error& e) {
      throw UsageError(fmt::format("--sched '{}': {}", entry, e.what()));
    }
  }
  return parts;
}

// Loads each config once (so a bad --config or --set fails here, not in every
// run) and names it; two configs may not share a name.
std::vector<std::string> config_names(const SweepRequest& req, const std::vector<std::string>& configs,
                                      const std::vector<PolicyParts>& entries) {
  std::vector<std::string> names;
  for (const std::string& config : configs) {
    ConfigChoice choice;
    choice.config = config;
    choice.sets = req.sets;
    load_run_config(choice, req.configs_dir);
    for (const PolicyParts& entry : entries) {  // a grid entry's options apply to every config
      if (entry.sets.empty()) continue;
      ConfigChoice with_entry = choice;
      with_entry.sets.insert(with_entry.sets.end(), entry.sets.begin(), entry.sets.end());
      try {
        load_run_config(with_entry, req.configs_dir);
      } catch (const Error& e) {
        throw UsageError(fmt::format("--sched '{}': {}", entry.entry, e.what()));
      }
    }
    names.push_back(config.empty() ? kBuiltinConfigName : std::filesystem::path(config).stem().string());
  }
  for (size_t i = 0; i < names.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (names[i] == names[j])
        throw UsageError(fmt::format("--config '{}' and '{}' are both named '{}'", configs[j].empty() ? "(built-in)" : configs[j],
                                     configs[i], names[i]));
    }
  }
  return names;
}

std::vector<std::string> child_args(const SweepRequest& req, const SweepRun& run, const std::string& config) {
  std::vector<std::string> args{"run", "--workload", run.workload, "--size", req.size,
                                "--seed", std::to_string(req.seed), "--sched", run.sched};
  if (!run.fetch.empty()) args.insert(args.end(), {"--fetch", run.fetch});
  if (!run.transform.empty()) args.insert(args.end(), {"--transform", run.transform});
  if (!config.empty()) args.insert(args.end(), {"--config", config, "--configs-dir", req.configs_dir});
  for (const std::string& set : req.sets) args.insert(args.end(), {"--set", set});
  for (const std::string& set : run.sets) args.insert(args.end(), {"--set", set});
  return args;
}

// A grid entry with --transform's transformation, written into its name
// ("gto" -> "gto@vtw:same") so its runs never mix with the originals' in
// runs/; an entry naming another transformation is refused.
std::string with_transform(const std::string& entry, const std::string& transform) {
  if (transform.empty()) return entry;
  const size_t options = entry.find(',');
  const std::string policy = entry.substr(0, options);
  const size_t at = policy.find('@');
  if (at == std::string::npos)
    return policy + "@" + transform + (options == std::string::npos ? "" : entry.substr(options));
  std::string own;
  try {
    own = ptx::parse_transform(policy.substr(at + 1)).name;
  } catch (const Error&) {
    return entry;  // split_policy names what is wrong with it
  }
  if (own != transform)
    throw UsageError(fmt::format("--sched '{}' names another transformation than --transform '{}'", entry, transform));
  return entry;
}

}  // namespace

std::vector<std::string> sweep_suite_names() { return {"barrier", "other", "all"}; }

std::vector<SweepRun> plan_sweep(const SweepRequest& req) {
  const std::vector<std::string> workload_list = req.suite.empty() ? req.workloads : suite_workloads(req.suite);
  const std::vector<std::string> configs = req.configs.empty() ? std::vector<std::string>{""} : req.configs;
  require_distinct("--workload", workload_list);
  require_distinct("--sched", req.policies);
  require_distinct("--config", configs);
  std::string transform;
  if (!req.transform.empty()) {
    try {
      transform = ptx::parse_transform(req.transform).name;
    } catch (const Error& e) {
      throw UsageError(fmt::format("--transform '{}': {}", req.transform, e.what()));
    }
  }
  std::vector<std::string> policies;
  for (const std::string& policy : req.policies) policies.push_back(with_transform(policy, transform));
  require_distinct("--sched", policies);
  std::vector<PolicyParts> entries;
  for (const std::string& policy : policies) entries.push_back(split_policy(policy));
  const std::vector<std::string> names = config_names(req, configs, entries);
  std::vector<SweepRun> runs;
  for (size_t c = 0; c < configs.size(); ++c) {
    for (size_t p = 0; p < req.policies.size(); ++p) {
      const PolicyParts& parts = entries[p];
      for (const std::string& workload : workload_list) {
        SweepRun run{workload, barrier_intensive(workload), policies[p], parts.sched, parts.fetch,
                     parts.transform, parts.sets, names[c], {}};
        run.args = child_args(req, run, configs[c]);
        runs.push_back(std::move(run));
      }
    }
  }
  return runs;
}

}  // namespace scwarp::cli
