#include "sc_model/cli/launch_specs.h"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstring>
#include <limits>
#include <optional>
#include <string_view>

#include "sc_model/cli/unsigned_text.h"
#include "sc_model/cli/usage_error.h"

namespace scwarp::cli {
namespace {

[[noreturn]] void reject(const char* option, const std::string& text, const std::string& why) {
  throw UsageError(fmt::format("{} '{}': {}", option, text, why));
}

// Splits at the first `sep`; nullopt when there is none.
std::optional<std::pair<std::string, std::string>> split_once(const std::string& s, char sep) {
  const size_t at = s.find(sep);
  if (at == std::string::npos) return std::nullopt;
  return std::make_pair(s.substr(0, at), s.substr(at + 1));
}

// An optional '-' and then what parse_unsigned_text accepts, within int64_t.
std::optional<int64_t> parse_signed(std::string_view s) {
  const bool negative = !s.empty() && s[0] == '-';
  if (negative) s.remove_prefix(1);
  const auto magnitude = parse_unsigned_text(s);
  const uint64_t limit = uint64_t(std::numeric_limits<int64_t>::max()) + (negative ? 1 : 0);
  if (!magnitude || *magnitude > limit) return std::nullopt;
  return negative ? int64_t(0 - *magnitude) : int64_t(*magnitude);
}

bool is_buffer_name(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(),
                     [](unsigned char c) { return std::isalnum(c) || c == '_'; });
}

uint64_t parse_byte_count(const std::string& text, const std::string& field) {
  const auto bytes = parse_unsigned_text(field);
  if (!bytes || *bytes == 0 || *bytes > kMaxBufferBytes)
    reject("--buffer", text,
           fmt::format("byte count '{}' must be an integer from 1 to {}", field, kMaxBufferBytes));
  return *bytes;
}

template <typename T>
std::vector<uint8_t> bytes_of(T value) {
  std::vector<uint8_t> bytes(sizeof(T));
  std::memcpy(bytes.data(), &value, sizeof(T));  // the host is little-endian, as the device
  return bytes;
}

template <typename T>
std::optional<std::vector<uint8_t>> integer_bytes(const std::string& value) {
  if constexpr (std::is_signed_v<T>) {
    const auto v = parse_signed(value);
    if (!v || *v < std::numeric_limits<T>::min() || *v > std::numeric_limits<T>::max())
      return std::nullopt;
    return bytes_of(T(*v));
  } else {
    const auto v = parse_unsigned_text(value);
    if (!v || *v > std::numeric_limits<T>::max()) return std::nullopt;
    return bytes_of(T(*v));
  }
}

template <typename T>
std::optional<std::vector<uint8_t>> float_bytes(const std::string& value) {
  T v{};
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (value.empty() || ec != std::errc() || end != value.data() + value.size())
    return std::nullopt;
  return bytes_of(v);
}

std::optional<std::vector<uint8_t>> value_bytes(const std::string& type, const std::string& v) {
  if (type == "u8") return integer_bytes<uint8_t>(v);
  if (type == "u16") return integer_bytes<uint16_t>(v);
  if (type == "u32") return integer_bytes<uint32_t>(v);
  if (type == "u64") return integer_bytes<uint64_t>(v);
  if (type == "s8") return integer_bytes<int8_t>(v);
  if (type == "s16") return integer_bytes<int16_t>(v);
  if (type == "s32") return integer_bytes<int32_t>(v);
  if (type == "s64") return integer_bytes<int64_t>(v);
  if (type == "f32") return float_bytes<float>(v);
  return float_bytes<double>(v);  // f64: the caller checked the type name
}

bool is_value_type(const std::string& type) {
  static const char* const kTypes[] = {"u8", "u16", "u32", "u64", "s8",
                                       "s16", "s32", "s64", "f32", "f64"};
  return std::find(std::begin(kTypes), std::end(kTypes), type) != std::end(kTypes);
}

}  // namespace

func::Dim3 parse_dim3(const std::string& option, const std::string& text) {
  uint32_t dims[3] = {1, 1, 1};
  size_t count = 0;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    const std::string field = text.substr(start, comma - start);
    const auto value = parse_unsigned_text(field);
    if (count == 3 || !value || *value == 0 || *value > std::numeric_limits<uint32_t>::max())
      reject(option.c_str(), text, "expected X[,Y[,Z]] with positive integers");
    dims[count++] = uint32_t(*value);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return func::Dim3{dims[0], dims[1], dims[2]};
}

BufferSpec parse_buffer_spec(const std::string& text) {
  constexpr const char* kSyntax = "expected NAME=file:PATH, NAME=zero:BYTES or NAME=seed:BYTES:SEED";
  const auto name_and_spec = split_once(text, '=');
  if (!name_and_spec) reject("--buffer", text, kSyntax);
  BufferSpec spec;
  spec.name = name_and_spec->first;
  if (!is_buffer_name(spec.name))
    reject("--buffer", text,
           fmt::format("'{}' is not a buffer name (letters, digits and _, not starting with a digit)",
                       spec.name));
  const auto kind_and_rest = split_once(name_and_spec->second, ':');
  if (!kind_and_rest) reject("--buffer", text, kSyntax);
  const auto& [kind, rest] = *kind_and_rest;
  if (kind == "file" && !rest.empty()) {
    spec.source = BufferSpec::Source::File;
    spec.path = rest;
  } else if (kind == "zero") {
    spec.source = BufferSpec::Source::Zero;
    spec.bytes = parse_byte_count(text, rest);
  } else if (kind == "seed" && split_once(rest, ':')) {
    const auto [bytes, seed_text] = *split_once(rest, ':');
    spec.source = BufferSpec::Source::Seed;
    spec.bytes = parse_byte_count(text, bytes);
    const auto seed = parse_unsigned_text(seed_text);
    if (!seed) reject("--buffer", text, fmt::format("seed '{}' is not an unsigned integer", seed_text));
    spec.seed = *seed;
  } else {
    reject("--buffer", text, kSyntax);
  }
  return spec;
}

ArgSpec parse_arg_spec(const std::string& text) {
  const auto type_and_value = split_once(text, ':');
  if (!type_and_value)
    reject("--arg", text, "expected TYPE:VALUE (TYPE one of u8..u64, s8..s64, f32, f64) or ptr:BUFFER");
  const auto& [type, value] = *type_and_value;
  ArgSpec arg;
  if (type == "ptr") {
    if (!is_buffer_name(value)) reject("--arg", text, fmt::format("'{}' is not a buffer name", value));
    arg.buffer = value;
    return arg;
  }
  if (!is_value_type(type))
    reject("--arg", text,
           fmt::format("unknown type '{}' (expected u8, u16, u32, u64, s8, s16, s32, s64, f32, f64 or ptr)", type));
  const auto bytes = value_bytes(type, value);
  if (!bytes) reject("--arg", text, fmt::format("'{}' is not a valid {} value", value, type));
  arg.bytes = *bytes;
  return arg;
}

OutSpec parse_out_spec(const std::string& text) {
  const auto name_and_path = split_once(text, '=');
  if (!name_and_path || !is_buffer_name(name_and_path->first) || name_and_path->second.empty())
    reject("--out", text, "expected BUFFER=FILE");
  return OutSpec{name_and_path->first, name_and_path->second};
}

}  // namespace scwarp::cli
