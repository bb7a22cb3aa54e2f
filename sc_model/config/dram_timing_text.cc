#include "sc_model/config/dram_timing_text.h"

#include <fmt/format.h>

#include <array>

#include "sc_model/config/value_text.h"

namespace scwarp::config {

namespace {

struct TimingKey {
  std::string_view key;
  uint32_t DramTiming::*field;
};

// GPGPU-Sim's key order; the number of banks is the only count (>= 1).
constexpr std::array<TimingKey, 11> kKeys{{
    {"nbk", &DramTiming::banks},
    {"CCD", &DramTiming::tCCD},
    {"RRD", &DramTiming::tRRD},
    {"RCD", &DramTiming::tRCD},
    {"RAS", &DramTiming::tRAS},
    {"RP", &DramTiming::tRP},
    {"RC", &DramTiming::tRC},
    {"CL", &DramTiming::CL},
    {"WL", &DramTiming::WL},
    {"CDLR", &DramTiming::tCDLR},
    {"WR", &DramTiming::tWR},
}};

// Bank-group timing of GDDR5, which the model does not have.
constexpr std::array<std::string_view, 3> kIgnoredKeys{"nbkgrp", "CCDL", "RTPL"};

const TimingKey* find_key(std::string_view key) {
  for (const TimingKey& k : kKeys)
    if (k.key == key) return &k;
  return nullptr;
}

bool is_ignored_key(std::string_view key) {
  for (std::string_view ignored : kIgnoredKeys)
    if (ignored == key) return true;
  return false;
}

void read_pair(std::string_view pair, DramTiming& timing) {
  const size_t eq = pair.find('=');
  if (eq == std::string_view::npos)
    throw InvalidValue(fmt::format("'{}' is not <key>=<cycles>", pair));
  const std::string_view key = pair.substr(0, eq);
  const std::string_view number = pair.substr(eq + 1);
  const TimingKey* known = find_key(key);
  if (!known && !is_ignored_key(key))
    throw InvalidValue(fmt::format("unknown DRAM timing key '{}'; known keys: "
                                   "nbk CCD RRD RCD RAS RP RC CL WL CDLR WR (nbkgrp CCDL RTPL ignored)",
                                   key));
  try {
    const uint32_t value = parse_count(number, known == &kKeys[0] ? 1 : 0);
    if (known) timing.*(known->field) = value;
  } catch (const InvalidValue& e) {
    throw InvalidValue(fmt::format("{} must be {}", key, e.what()));
  }
}

}  // namespace

DramTiming parse_dram_timing(std::string_view text, const DramTiming& defaults) {
  DramTiming timing = defaults;
  for (std::string_view pair : split(text, ':')) {
    pair = trim(pair);
    if (pair.empty()) throw InvalidValue("an empty pair; expected <key>=<cycles> joined by ':'");
    read_pair(pair, timing);
  }
  return timing;
}

std::string format_dram_timing(const DramTiming& timing) {
  std::string text;
  for (const TimingKey& k : kKeys) {
    if (!text.empty()) text += ':';
    text += fmt::format("{}={}", k.key, timing.*(k.field));
  }
  return text;
}

}  // namespace scwarp::config
