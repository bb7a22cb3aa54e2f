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
constexpr std::array<TimingKey, 14> kKeys{{
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
    {"nbkgrp", &DramTiming::bank_groups},
    {"CCDL", &DramTiming::tCCDL},
    {"RTPL", &DramTiming::tRTPL},
}};

const TimingKey* find_key(std::string_view key) {
  for (const TimingKey& k : kKeys)
    if (k.key == key) return &k;
  return nullptr;
}

void read_pair(std::string_view pair, DramTiming& timing) {
  const size_t eq = pair.find('=');
  if (eq == std::string_view::npos)
    throw InvalidValue(fmt::format("'{}' is not <key>=<cycles>", pair));
  const std::string_view key = pair.substr(0, eq);
  const std::string_view number = pair.substr(eq + 1);
  const TimingKey* known = find_key(key);
  if (!known)
    throw InvalidValue(fmt::format("unknown DRAM timing key '{}'; known keys: "
                                   "nbk CCD RRD RCD RAS RP RC CL WL CDLR WR nbkgrp CCDL RTPL",
                                   key));
  try {
    const bool at_least_one = known->field == &DramTiming::banks || known->field == &DramTiming::bank_groups;
    timing.*(known->field) = parse_count(number, at_least_one ? 1 : 0);
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
