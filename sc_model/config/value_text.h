// How option values are read from text and written back: the scalar kinds
// (unsigned, double, 0/1 bool) and the separated lists GPGPU-Sim packs into
// one value ("4,13,4,5,145", "700.0:700.0:700.0:924.0"). A value that does
// not parse throws InvalidValue saying what was expected; the caller adds
// the file:line (or override origin) and the option name.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sc_model/config/gpu_config.h"

namespace scwarp::config {

// What a value should have looked like, e.g. "an unsigned integer >= 1".
class InvalidValue : public std::runtime_error {
 public:
  explicit InvalidValue(const std::string& expected) : std::runtime_error(expected) {}
};

// Decimal digits without sign or leading zeros (so "010" is not mistaken
// for octal), at most `max`; throws InvalidValue(expected) otherwise.
uint64_t parse_unsigned(std::string_view text, uint64_t max, std::string_view expected);
// An unsigned 32-bit integer >= min.
uint32_t parse_count(std::string_view text, uint32_t min);
// A power of two >= min.
uint32_t parse_power_of_two(std::string_view text, uint32_t min);
// "0" or "1".
bool parse_bool(std::string_view text);
// A finite decimal number in [min, max]; throws InvalidValue(expected).
double parse_real(std::string_view text, double min, double max, std::string_view expected);
// A finite decimal number > 0 (a clock frequency).
double parse_positive_double(std::string_view text);

// Splits on `sep`, keeping empty parts ("1,,2" has three parts).
std::vector<std::string_view> split(std::string_view text, char sep);
// Drops blanks at both ends (GPGPU-Sim configs wrap long quoted values).
std::string_view trim(std::string_view text);

// Whether a timing list has GPGPU-Sim 4.x's sixth entry (SHFL): the integer
// lists do; a five-entry integer list (GPGPU-Sim 3.x) keeps the SHFL entry.
enum class ShflEntry : bool { No, Optional };

// "<ADD>,<MAX>,<MUL>,<MAD>,<DIV>[,<SHFL>]" into one part (latency or
// initiation) of each entry of the table; every number >= 1.
void parse_op_list(std::string_view text, OpTimingTable& table, uint32_t OpTiming::*part, ShflEntry shfl);
std::string format_op_list(const OpTimingTable& table, uint32_t OpTiming::*part, ShflEntry shfl);

// GPGPU-Sim 4.x's -gpgpu_pipeline_widths: 11 or 13 unsigned numbers; the
// ID_OC and OC_EX widths of the SP, SFU and MEM units the model has must be >= 1.
PipelineWidths parse_pipeline_widths(std::string_view text);
std::string format_pipeline_widths(const PipelineWidths& widths);

// Shortest text that reads back as the same double ("700", "924.5").
std::string format_double(double value);

}  // namespace scwarp::config
