#include "sc_model/config/cache_geometry_text.h"

#include <fmt/format.h>

#include <vector>

#include "sc_model/config/value_text.h"

namespace scwarp::config {

namespace {

constexpr std::string_view kSyntax =
    "[<type N|S>:]<sets>:<line bytes>:<ways>,<repl L|F>:<write R|B|T|E|L>:<alloc m|f>:<write alloc N|W|F|L>"
    "[:<set index L|H>][,<mshr A|S|F|T>:<entries>:<max merge>[,<miss queue>]]";

[[noreturn]] void fail(std::string_view what) {
  throw InvalidValue(fmt::format("{}; expected {}", what, kSyntax));
}

// One field of the geometry: an unsigned number >= min, or a power of two.
uint32_t field_number(std::string_view text, std::string_view name, uint32_t min, bool power_of_two) {
  try {
    return power_of_two ? parse_power_of_two(text, min) : parse_count(text, min);
  } catch (const InvalidValue& e) {
    fail(fmt::format("{} must be {}", name, e.what()));
  }
}

char field_letter(std::string_view text, std::string_view name, std::string_view allowed) {
  if (text.size() != 1 || allowed.find(text[0]) == std::string_view::npos)
    fail(fmt::format("{} must be one of {}", name, allowed));
  return text[0];
}

std::vector<std::string_view> fields(std::string_view section, size_t min, size_t max,
                                     std::string_view name) {
  std::vector<std::string_view> parts = split(section, ':');
  if (parts.size() < min || parts.size() > max)
    fail(fmt::format("the {} part has {} fields", name, parts.size()));
  return parts;
}

// GPGPU-Sim 4.x prefixes the shape with the cache type: N normal, S sectored.
void read_shape(std::string_view section, CacheGeometry& g) {
  auto parts = fields(section, 3, 4, "shape");
  g.type = parts.size() == 4 ? field_letter(parts[0], "cache type", "NS") : 'N';
  if (parts.size() == 4) parts.erase(parts.begin());
  g.sets = field_number(parts[0], "sets", 1, true);
  g.line_bytes = field_number(parts[1], "line bytes", 32, true);
  g.ways = field_number(parts[2], "ways", 1, false);
}

void read_policies(std::string_view section, CacheGeometry& g) {
  const auto parts = fields(section, 4, 5, "policy");
  g.replacement = field_letter(parts[0], "replacement", "LF");
  g.write_policy = field_letter(parts[1], "write policy", "RBTEL");
  g.alloc_policy = field_letter(parts[2], "allocation", "mf");
  g.write_alloc = field_letter(parts[3], "write allocation", "NWFL");
  if (parts.size() == 5) field_letter(parts[4], "set index function", "LH");  // accepted, not modelled
}

void read_mshr(std::string_view section, CacheGeometry& g) {
  const auto parts = fields(section, 3, 3, "MSHR");
  g.mshr_kind = field_letter(parts[0], "MSHR kind", "ASFT");
  g.mshr_entries = field_number(parts[1], "MSHR entries", 1, false);
  g.mshr_max_merge = field_number(parts[2], "MSHR max merge", 1, false);
}

void read_miss_queue(std::string_view section, CacheGeometry& g) {
  const auto parts = fields(section, 1, 2, "miss queue");
  g.miss_queue = field_number(parts[0], "miss queue", 1, false);
  if (parts.size() == 2) field_number(parts[1], "result FIFO", 0, false);  // accepted, not modelled
}

}  // namespace

CacheGeometry parse_cache_geometry(std::string_view text, const CacheGeometry& defaults) {
  const std::vector<std::string_view> sections = split(text, ',');
  if (sections.size() < 2 || sections.size() > 5) fail("wrong number of ','-separated parts");
  CacheGeometry g = defaults;
  read_shape(sections[0], g);
  read_policies(sections[1], g);
  if (sections.size() > 2) read_mshr(sections[2], g);
  if (sections.size() > 3) read_miss_queue(sections[3], g);
  if (sections.size() > 4) field_number(sections[4], "data port width", 0, false);  // accepted, not modelled
  return g;
}

std::string format_cache_geometry(const CacheGeometry& g) {
  std::string type = g.type == 'N' ? "" : fmt::format("{}:", g.type);  // 3.x's form unless sectored
  return fmt::format("{}{}:{}:{},{}:{}:{}:{},{}:{}:{},{}", type, g.sets, g.line_bytes, g.ways, g.replacement,
                     g.write_policy, g.alloc_policy, g.write_alloc, g.mshr_kind, g.mshr_entries,
                     g.mshr_max_merge, g.miss_queue);
}

}  // namespace scwarp::config
