// Options that belong to one scheduling policy and are registered by that
// policy's own file (SCWARP_REGISTER_POLICY_OPTION in sched/registry.h), so
// a policy with options is still one file pair plus registration. They are
// read like every other option (config files, --set, `scwarp list options`,
// docs/configuration.md) and kept as text in GpuConfig::policy_options; a
// policy reads its typed value with policy_count/real/text().
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "sc_model/config/gpu_config.h"

namespace scwarp::config {

enum class PolicyOptionKind : uint8_t {
  Count,  // an unsigned 32-bit integer >= min
  Real,   // a finite decimal number in [min, max]
  Text,   // any text the policy's `check` accepts
};

struct PolicyOptionSpec {
  std::string name;           // without '-'
  PolicyOptionKind kind = PolicyOptionKind::Count;
  std::string default_value;  // text, as a config file writes it
  std::string description;
  double min = 0;             // Count, Real
  double max = 0;             // Count, Real
  // Text: throws InvalidValue (value_text.h) saying what was expected; also
  // run on the default at registration.
  std::function<void(std::string_view)> check;
};

// The three kinds of option, as register_policy_option() takes them.
PolicyOptionSpec count_option(std::string name, std::string default_value, std::string description, uint32_t min = 0,
                              uint32_t max = 0xffffffffu);
PolicyOptionSpec real_option(std::string name, std::string default_value, std::string description, double min,
                             double max);
PolicyOptionSpec text_option(std::string name, std::string default_value, std::string description,
                             std::function<void(std::string_view)> check);

// At static initialisation, from the policy's .cc. Throws (a programming
// error) on a duplicate name or a default its own kind refuses.
void register_policy_option(PolicyOptionSpec spec);
// Every registered policy option, sorted by name.
const std::vector<PolicyOptionSpec>& policy_option_specs();
const PolicyOptionSpec* find_policy_option(std::string_view name);

// Checks `value` against the option's kind and stores it (normalised) in
// cfg.policy_options; throws InvalidValue saying what was expected.
void set_policy_option(GpuConfig& cfg, const PolicyOptionSpec& spec, std::string_view value);
// The value set in cfg, else the registered default. Throw scwarp::Error for
// a name no policy registered (a programming error in the caller).
std::string policy_text(const GpuConfig& cfg, std::string_view name);
uint32_t policy_count(const GpuConfig& cfg, std::string_view name);
double policy_real(const GpuConfig& cfg, std::string_view name);

}  // namespace scwarp::config
