#include "sc_model/config/policy_options.h"

#include <fmt/format.h>

#include <algorithm>

#include "sc_model/common/error.h"
#include "sc_model/config/value_text.h"

namespace scwarp::config {

namespace {

// Function-local: registration runs during static initialisation, in
// whatever order the linker lays out the policies' object files.
std::vector<PolicyOptionSpec>& specs() {
  static std::vector<PolicyOptionSpec> table;
  return table;
}

std::string expected_range(const PolicyOptionSpec& spec) {
  if (spec.kind == PolicyOptionKind::Count)
    return spec.max < 0xffffffffu ? fmt::format("an unsigned integer in [{}, {}]", spec.min, spec.max)
                                  : fmt::format("an unsigned integer >= {}", spec.min);
  return fmt::format("a number in [{}, {}]", format_double(spec.min), format_double(spec.max));
}

// The value in the text a config file takes, checked against the kind.
std::string normalised(const PolicyOptionSpec& spec, std::string_view value) {
  switch (spec.kind) {
    case PolicyOptionKind::Count: {
      const uint64_t count = parse_unsigned(value, 0xffffffffu, expected_range(spec));
      if (double(count) < spec.min || double(count) > spec.max) throw InvalidValue(expected_range(spec));
      return std::to_string(count);
    }
    case PolicyOptionKind::Real:
      return format_double(parse_real(value, spec.min, spec.max, expected_range(spec)));
    case PolicyOptionKind::Text:
      if (spec.check) spec.check(value);
      return std::string(value);
  }
  return std::string(value);
}

const PolicyOptionSpec& spec_of(std::string_view name) {
  if (const PolicyOptionSpec* spec = find_policy_option(name)) return *spec;
  throw Error(fmt::format("policy option -{} is not registered by any linked policy", name));
}

}  // namespace

PolicyOptionSpec count_option(std::string name, std::string default_value, std::string description, uint32_t min,
                              uint32_t max) {
  return {std::move(name), PolicyOptionKind::Count, std::move(default_value), std::move(description), double(min),
          double(max), nullptr};
}

PolicyOptionSpec real_option(std::string name, std::string default_value, std::string description, double min,
                             double max) {
  return {std::move(name), PolicyOptionKind::Real, std::move(default_value), std::move(description), min, max,
          nullptr};
}

PolicyOptionSpec text_option(std::string name, std::string default_value, std::string description,
                             std::function<void(std::string_view)> check) {
  return {std::move(name), PolicyOptionKind::Text, std::move(default_value), std::move(description), 0, 0,
          std::move(check)};
}

void register_policy_option(PolicyOptionSpec spec) {
  if (find_policy_option(spec.name)) throw Error("policy option -" + spec.name + " registered twice");
  try {
    spec.default_value = normalised(spec, spec.default_value);
  } catch (const InvalidValue& e) {
    throw Error(fmt::format("policy option -{}: its default '{}' is not {}", spec.name, spec.default_value,
                            e.what()));
  }
  std::vector<PolicyOptionSpec>& table = specs();
  auto at = std::lower_bound(table.begin(), table.end(), spec.name,
                             [](const PolicyOptionSpec& s, const std::string& n) { return s.name < n; });
  table.insert(at, std::move(spec));
}

const std::vector<PolicyOptionSpec>& policy_option_specs() { return specs(); }

const PolicyOptionSpec* find_policy_option(std::string_view name) {
  for (const PolicyOptionSpec& spec : specs())
    if (spec.name == name) return &spec;
  return nullptr;
}

void set_policy_option(GpuConfig& cfg, const PolicyOptionSpec& spec, std::string_view value) {
  cfg.policy_options[spec.name] = normalised(spec, trim(value));
}

std::string policy_text(const GpuConfig& cfg, std::string_view name) {
  const PolicyOptionSpec& spec = spec_of(name);
  auto it = cfg.policy_options.find(spec.name);
  return it == cfg.policy_options.end() ? spec.default_value : it->second;
}

// Stored values were checked by normalised(): these parses cannot fail.
uint32_t policy_count(const GpuConfig& cfg, std::string_view name) {
  return uint32_t(parse_unsigned(policy_text(cfg, name), 0xffffffffu, "a count"));
}

double policy_real(const GpuConfig& cfg, std::string_view name) {
  return parse_real(policy_text(cfg, name), -1e300, 1e300, "a number");
}

}  // namespace scwarp::config
