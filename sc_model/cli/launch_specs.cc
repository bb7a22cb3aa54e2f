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

// bytes:HEX, a struct passed by value: two hex digits per byte, lowest
// address first (as the bytes lie in memory), any positive count.
std::optional<std::vector<uint8_t>> raw_bytes(const std::string& value) {
  if (value.empty() || value.size() % 2 != 0) return std::nullopt;
  std::vector<uint8_t> bytes(value.size() / 2);
  for (size_t i = 0; i < bytes.size(); ++i) {
    const auto [end, ec] = std::from_chars(value.data() + 2 * i, value.data() + 2 * i + 2, bytes[i], 16);
    if (ec != std::errc() || end != value.data() + 2 * i + 2) return std::nullopt;
  }
  return bytes;
}

// Each --arg TYPE and how its VALUE becomes bytes, in the order errors list them.
using ValueEncoder = std::optional<std::vector<uint8_t>> (*)(const std::string&);
struct ValueType {
  const char* name;
  ValueEncoder encode;
};
constexpr ValueType kValueTypes[] = {
    {"u8", integer_bytes<uint8_t>},   {"u16", integer_bytes<uint16_t>},
    {"u32", integer_bytes<uint32_t>}, {"u64", integer_bytes<uint64_t>},
    {"s8", integer_bytes<int8_t>},    {"s16", integer_bytes<int16_t>},
    {"s32", integer_bytes<int32_t>},  {"s64", integer_bytes<int64_t>},
    {"f32", float_bytes<float>},      {"f64", float_bytes<double>},
    {"bytes", raw_bytes},
};

const ValueType* find_value_type(const std::string& name) {
  for (const ValueType& t : kValueTypes)
    if (name == t.name) return &t;
  return nullptr;
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
    reject("--arg", text, "expected TYPE:VALUE (TYPE one of u8..u64, s8..s64, f32, f64, bytes) or ptr:BUFFER");
  const auto& [type, value] = *type_and_value;
  ArgSpec arg;
  if (type == "ptr") {
    if (!is_buffer_name(value)) reject("--arg", text, fmt::format("'{}' is not a buffer name", value));
    arg.buffer = value;
    return arg;
  }
  const ValueType* value_type = find_value_type(type);
  if (value_type == nullptr) {
    std::string known;
    for (const ValueType& t : kValueTypes) known += std::string(t.name) + ", ";
    reject("--arg", text, fmt::format("unknown type '{}' (expected {}or ptr)", type, known));
  }
  const auto bytes = value_type->encode(value);
  if (!bytes)
    reject("--arg", text,
           type == "bytes" ? fmt::format("'{}' is not an even, non-zero number of hex digits", value)
                           : fmt::format("'{}' is not a valid {} value", value, type));
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
