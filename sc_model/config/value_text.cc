#include "sc_model/config/value_text.h"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cmath>
#include <limits>

namespace scwarp::config {

uint64_t parse_unsigned(std::string_view text, uint64_t max, std::string_view expected) {
  const bool leading_zero = text.size() > 1 && text[0] == '0';
  uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, ec] = std::from_chars(text.data(), end, value);
  // from_chars takes no '+', and for unsigned types no '-', so digits only remain.
  if (text.empty() || leading_zero || ec != std::errc() || stop != end || value > max)
    throw InvalidValue(std::string(expected));
  return value;
}

uint32_t parse_count(std::string_view text, uint32_t min) {
  const std::string expected = min == 0 ? "an unsigned 32-bit integer"
                                        : fmt::format("an unsigned 32-bit integer >= {}", min);
  const uint64_t value = parse_unsigned(text, std::numeric_limits<uint32_t>::max(), expected);
  if (value < min) throw InvalidValue(expected);
  return static_cast<uint32_t>(value);
}

uint32_t parse_power_of_two(std::string_view text, uint32_t min) {
  const std::string expected = fmt::format("a power of two >= {}", min);
  const uint64_t value = parse_unsigned(text, std::numeric_limits<uint32_t>::max(), expected);
  if (value < min || (value & (value - 1)) != 0) throw InvalidValue(expected);
  return static_cast<uint32_t>(value);
}

bool parse_bool(std::string_view text) {
  if (text == "0") return false;
  if (text == "1") return true;
  throw InvalidValue("0 or 1");
}

double parse_real(std::string_view text, double min, double max, std::string_view expected) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || stop != end || !std::isfinite(value) || value < min || value > max)
    throw InvalidValue(std::string(expected));
  return value;
}

double parse_positive_double(std::string_view text) {
  const double value = parse_real(text, 0, std::numeric_limits<double>::max(), "a finite number > 0");
  if (value == 0) throw InvalidValue("a finite number > 0");
  return value;
}

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  for (size_t pos = text.find(sep); pos != std::string_view::npos; pos = text.find(sep, start)) {
    parts.push_back(text.substr(start, pos - start));
    start = pos + 1;
  }
  parts.push_back(text.substr(start));
  return parts;
}

std::string_view trim(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

namespace {

// The order GPGPU-Sim lists the operation kinds in.
std::array<OpTiming*, 6> op_entries(OpTimingTable& t) {
  return {&t.add, &t.max, &t.mul, &t.mad, &t.div, &t.shfl};
}
std::array<const OpTiming*, 6> op_entries(const OpTimingTable& t) {
  return {&t.add, &t.max, &t.mul, &t.mad, &t.div, &t.shfl};
}

size_t op_list_size(ShflEntry shfl) { return shfl == ShflEntry::Optional ? 6 : 5; }

}  // namespace

void parse_op_list(std::string_view text, OpTimingTable& table, uint32_t OpTiming::*part, ShflEntry shfl) {
  const std::string expected = shfl == ShflEntry::Optional
                                   ? "five or six unsigned integers >= 1 as <ADD>,<MAX>,<MUL>,<MAD>,<DIV>[,<SHFL>]"
                                   : "five unsigned integers >= 1 as <ADD>,<MAX>,<MUL>,<MAD>,<DIV>";
  const std::vector<std::string_view> parts = split(text, ',');
  if (parts.size() != 5 && parts.size() != op_list_size(shfl)) throw InvalidValue(expected);
  OpTimingTable parsed = table;
  const auto entries = op_entries(parsed);
  for (size_t i = 0; i < parts.size(); ++i) {
    const uint64_t value = parse_unsigned(parts[i], std::numeric_limits<uint32_t>::max(), expected);
    if (value == 0) throw InvalidValue(expected);
    entries[i]->*part = static_cast<uint32_t>(value);
  }
  table = parsed;
}

std::string format_op_list(const OpTimingTable& table, uint32_t OpTiming::*part, ShflEntry shfl) {
  std::string text;
  const auto entries = op_entries(table);
  for (size_t i = 0; i < op_list_size(shfl); ++i) {
    if (!text.empty()) text += ',';
    text += std::to_string(entries[i]->*part);
  }
  return text;
}

PipelineWidths parse_pipeline_widths(std::string_view text) {
  static constexpr std::string_view kExpected =
      "11 or 13 unsigned integers ID_OC_SP,ID_OC_DP,ID_OC_INT,ID_OC_SFU,ID_OC_MEM,OC_EX_SP,OC_EX_DP,"
      "OC_EX_INT,OC_EX_SFU,OC_EX_MEM,EX_WB[,ID_OC_TENSOR_CORE,OC_EX_TENSOR_CORE] with the ID_OC and OC_EX "
      "widths of SP, SFU and MEM >= 1";
  const std::vector<std::string_view> parts = split(text, ',');
  if (parts.size() != 11 && parts.size() != 13) throw InvalidValue(std::string(kExpected));
  PipelineWidths parsed;
  parsed.widths.clear();
  for (std::string_view part : parts)
    parsed.widths.push_back(
        static_cast<uint32_t>(parse_unsigned(part, std::numeric_limits<uint32_t>::max(), kExpected)));
  for (uint32_t width : {parsed.id_oc_sp(), parsed.id_oc_sfu(), parsed.id_oc_mem(), parsed.oc_ex_sp(),
                         parsed.oc_ex_sfu(), parsed.oc_ex_mem()})
    if (width == 0) throw InvalidValue(std::string(kExpected));
  return parsed;
}

std::string format_pipeline_widths(const PipelineWidths& widths) {
  std::string text;
  for (uint32_t w : widths.widths) {
    if (!text.empty()) text += ',';
    text += std::to_string(w);
  }
  return text;
}

std::string format_double(double value) { return fmt::format("{}", value); }

}  // namespace scwarp::config
