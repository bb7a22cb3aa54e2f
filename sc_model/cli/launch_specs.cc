#include "sc_model/cli/launch_specs.h"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstring>
#include <limits>
#include <optional>
#include <set>
#include <string_view>

#include "sc_model/cli/unsigned_text.h"
#include "sc_model/cli/usage_error.h"
#include "sc_model/config/value_text.h"

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

bool is_name(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(),
                     [](unsigned char c) { return std::isalnum(c) || c == '_'; });
}

// The fields of `s` between each `sep`: "a::b" is {"a", "", "b"}.
std::vector<std::string> split_all(const std::string& s, char sep) {
  const std::vector<std::string_view> fields = config::split(s, sep);
  return {fields.begin(), fields.end()};
}

void require_name(const char* option, const std::string& text, const std::string& name, const char* what) {
  if (!is_name(name))
    reject(option, text,
           fmt::format("'{}' is not a {} name (letters, digits and _, not starting with a digit)", name, what));
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

// The --arg TYPEs that name a buffer, texture or surface.
struct NamedArg {
  const char* prefix;
  ArgSpec::Source source;
  const char* what;
};
constexpr NamedArg kNamedArgs[] = {
    {"ptr", ArgSpec::Source::Buffer, "buffer"},
    {"tex", ArgSpec::Source::Texture, "texture"},
    {"surf", ArgSpec::Source::Surface, "surface"},
};

const ValueType* find_value_type(const std::string& name) {
  for (const ValueType& t : kValueTypes)
    if (name == t.name) return &t;
  return nullptr;
}

// --texture and --surface share the resource part of their syntax.
struct ObjectSyntax {
  const char* option;
  const char* what;    // "texture" or "surface"
  const char* expected;
};
constexpr ObjectSyntax kTextureSyntax{
    "--texture", "texture",
    "expected NAME=BUFFER:FORMAT:SHAPE[:OPTION...] with SHAPE linear, 2d:WxH or array:W[xH[xD]]"};
constexpr ObjectSyntax kSurfaceSyntax{"--surface", "surface",
                                      "expected NAME=BUFFER:FORMAT:array:W[xH[xD]][:layered][:cube]"};

// One to `max_dims` positive 32-bit integers separated by `sep`: "W[xH[xD]]", "X[,Y[,Z]]".
std::optional<std::vector<uint32_t>> parse_extent(const std::string& text, char sep, size_t max_dims) {
  const std::vector<std::string> fields = split_all(text, sep);
  if (fields.size() > max_dims) return std::nullopt;
  std::vector<uint32_t> dims;
  for (const std::string& field : fields) {
    const auto value = parse_unsigned_text(field);
    if (!value || *value == 0 || *value > std::numeric_limits<uint32_t>::max()) return std::nullopt;
    dims.push_back(uint32_t(*value));
  }
  return dims;
}

// SHAPE and, for 2d and array, the extent after it; returns how many fields it used.
size_t parse_shape(const ObjectSyntax& syntax, const std::string& text, const std::vector<std::string>& fields,
                   size_t at, func::TextureResource& resource) {
  const std::string& shape = fields[at];
  if (shape == "linear") {
    resource.kind = func::ResourceKind::Linear;
    return 1;
  }
  const bool two_d = shape == "2d";
  if (!two_d && shape != "array") reject(syntax.option, text, fmt::format("unknown shape '{}': {}", shape, syntax.expected));
  const char* extent_syntax = two_d ? "WxH" : "W[xH[xD]]";
  const auto dims = at + 1 < fields.size() ? parse_extent(fields[at + 1], 'x', two_d ? 2 : 3) : std::nullopt;
  if (!dims || (two_d && dims->size() != 2))
    reject(syntax.option, text,
           fmt::format("shape '{}' needs its extent {} in positive integers after it", shape, extent_syntax));
  resource.kind = two_d ? func::ResourceKind::Pitch2D : func::ResourceKind::Array;
  resource.width = (*dims)[0];
  resource.height = dims->size() > 1 ? (*dims)[1] : 0;
  resource.depth = dims->size() > 2 ? (*dims)[2] : 0;
  return 2;
}

std::optional<func::AddressMode> parse_address_mode(const std::string& text) {
  if (text == "wrap") return func::AddressMode::Wrap;
  if (text == "clamp") return func::AddressMode::Clamp;
  if (text == "mirror") return func::AddressMode::Mirror;
  if (text == "border") return func::AddressMode::Border;
  return std::nullopt;
}

// "address=MODE" for every dimension, or "MODE,MODE[,MODE]" one each.
void parse_address_modes(const ObjectSyntax& syntax, const std::string& text, const std::string& value,
                         func::TextureSampling& sampling) {
  const std::vector<std::string> modes = split_all(value, ',');
  if (modes.size() > 3)
    reject(syntax.option, text, fmt::format("address '{}' gives more than three dimensions", value));
  for (size_t d = 0; d < modes.size(); ++d) {
    const auto mode = parse_address_mode(modes[d]);
    if (!mode)
      reject(syntax.option, text,
             fmt::format("unknown address mode '{}' (expected clamp, wrap, mirror or border)", modes[d]));
    sampling.address[d] = *mode;
  }
  if (modes.size() == 1) sampling.address.fill(sampling.address[0]);
}

void parse_border_color(const ObjectSyntax& syntax, const std::string& text, const std::string& value,
                        func::TextureSampling& sampling) {
  const std::vector<std::string> parts = split_all(value, ',');
  bool ok = parts.size() == 4;
  for (size_t c = 0; ok && c < 4; ++c) {
    const auto [end, ec] = std::from_chars(parts[c].data(), parts[c].data() + parts[c].size(),
                                           sampling.border_color[c]);
    ok = !parts[c].empty() && ec == std::errc() && end == parts[c].data() + parts[c].size();
  }
  if (!ok) reject(syntax.option, text, fmt::format("border '{}' is not four numbers R,G,B,A", value));
}

// One OPTION field: "key" or "key=value". Each may appear once.
void apply_option(const ObjectSyntax& syntax, const std::string& text, const std::string& field,
                  TextureSpec& spec, std::set<std::string>& seen) {
  const auto key_and_value = split_once(field, '=');
  const std::string key = key_and_value ? key_and_value->first : field;
  const std::string value = key_and_value ? key_and_value->second : "";
  const bool flag = !key_and_value;
  const auto require = [&](bool ok, const char* needs) {
    if (!ok) reject(syntax.option, text, fmt::format("option '{}' {}", field, needs));
  };
  if (!seen.insert(key).second) reject(syntax.option, text, fmt::format("option '{}' is given twice", key));
  func::TextureResource& r = spec.resource;
  func::TextureSampling& s = spec.sampling;
  if (key == "layered" || key == "cube") {
    require(flag && r.kind == func::ResourceKind::Array, "takes no value and needs shape array");
    (key == "layered" ? r.layered : r.cubemap) = true;
    return;
  }
  if (key == "pitch") {
    const auto pitch = parse_unsigned_text(value);
    require(r.kind == func::ResourceKind::Pitch2D, "needs shape 2d");
    require(pitch && *pitch > 0, "needs a positive byte count");
    r.pitch = *pitch;
    return;
  }
  const bool sampling = key == "filter" || key == "address" || key == "normalized" || key == "read" || key == "border";
  if (!sampling)
    reject(syntax.option, text,
           fmt::format("unknown option '{}' (expected {})", field,
                       spec.surface ? "layered or cube"
                                    : "pitch=BYTES, layered, cube, filter=point|linear, address=MODE[,MODE[,MODE]], "
                                      "normalized, read=element|normalized or border=R,G,B,A"));
  require(!spec.surface, "does not apply to a surface (a surface has no sampler)");
  if (key == "normalized") {
    require(flag, "takes no value");
    s.normalized_coords = true;
  } else if (key == "filter") {
    require(value == "point" || value == "linear", "expects point or linear");
    s.filter = value == "point" ? func::FilterMode::Point : func::FilterMode::Linear;
  } else if (key == "read") {
    require(value == "element" || value == "normalized", "expects element or normalized");
    s.read = value == "element" ? func::ReadMode::ElementType : func::ReadMode::NormalizedFloat;
  } else if (key == "address") {
    parse_address_modes(syntax, text, value, s);
  } else {
    parse_border_color(syntax, text, value, s);
  }
}

TextureSpec parse_object_spec(const ObjectSyntax& syntax, const std::string& text) {
  const auto name_and_spec = split_once(text, '=');
  if (!name_and_spec) reject(syntax.option, text, syntax.expected);
  TextureSpec spec;
  spec.surface = &syntax == &kSurfaceSyntax;
  spec.name = name_and_spec->first;
  require_name(syntax.option, text, spec.name, syntax.what);
  const std::vector<std::string> fields = split_all(name_and_spec->second, ':');
  if (fields.size() < 3) reject(syntax.option, text, syntax.expected);
  spec.buffer = fields[0];
  require_name(syntax.option, text, spec.buffer, "buffer");
  const std::string bad_format = func::parse_channel_format(fields[1], spec.resource.format);
  if (!bad_format.empty()) reject(syntax.option, text, bad_format);
  size_t next = 2 + parse_shape(syntax, text, fields, 2, spec.resource);
  if (spec.surface && spec.resource.kind != func::ResourceKind::Array)
    reject(syntax.option, text, fmt::format("a surface is over a CUDA array: {}", syntax.expected));
  std::set<std::string> seen;
  for (; next < fields.size(); ++next) apply_option(syntax, text, fields[next], spec, seen);
  func::TextureResource& r = spec.resource;
  // The last extent of a layered array is its layer count: a 1-D layered
  // array has no height (CUDA's extent {W, 0, layers}).
  if (r.layered && r.depth == 0) std::swap(r.height, r.depth);
  const uint64_t row = uint64_t(r.width) * r.format.texel_bytes();
  if (r.pitch == 0) r.pitch = row;  // packed rows
  if (r.pitch < row)
    reject(syntax.option, text, fmt::format("pitch {} is less than a row of {} texels ({} bytes)", r.pitch, r.width, row));
  return spec;
}

}  // namespace

func::Dim3 parse_dim3(const std::string& option, const std::string& text) {
  auto dims = parse_extent(text, ',', 3);
  if (!dims) reject(option.c_str(), text, "expected X[,Y[,Z]] with positive integers");
  dims->resize(3, 1);
  return func::Dim3{(*dims)[0], (*dims)[1], (*dims)[2]};
}

BufferSpec parse_buffer_spec(const std::string& text) {
  constexpr const char* kSyntax = "expected NAME=file:PATH, NAME=zero:BYTES or NAME=seed:BYTES:SEED";
  const auto name_and_spec = split_once(text, '=');
  if (!name_and_spec) reject("--buffer", text, kSyntax);
  BufferSpec spec;
  spec.name = name_and_spec->first;
  require_name("--buffer", text, spec.name, "buffer");
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
    reject("--arg", text,
           "expected TYPE:VALUE (TYPE one of u8..u64, s8..s64, f32, f64, bytes), ptr:BUFFER, tex:TEXTURE "
           "or surf:SURFACE");
  const auto& [type, value] = *type_and_value;
  ArgSpec arg;
  for (const NamedArg& named : kNamedArgs) {
    if (type != named.prefix) continue;
    require_name("--arg", text, value, named.what);
    arg.source = named.source;
    arg.name = value;
    return arg;
  }
  const ValueType* value_type = find_value_type(type);
  if (value_type == nullptr) {
    std::string known;
    for (const ValueType& t : kValueTypes) known += std::string(t.name) + ", ";
    reject("--arg", text, fmt::format("unknown type '{}' (expected {}ptr, tex or surf)", type, known));
  }
  const auto bytes = value_type->encode(value);
  if (!bytes)
    reject("--arg", text,
           type == "bytes" ? fmt::format("'{}' is not an even, non-zero number of hex digits", value)
                           : fmt::format("'{}' is not a valid {} value", value, type));
  arg.bytes = *bytes;
  return arg;
}

TextureSpec parse_texture_spec(const std::string& text) { return parse_object_spec(kTextureSyntax, text); }

TextureSpec parse_surface_spec(const std::string& text) { return parse_object_spec(kSurfaceSyntax, text); }

OutSpec parse_out_spec(const std::string& text) {
  const auto name_and_path = split_once(text, '=');
  if (!name_and_path || !is_name(name_and_path->first) || name_and_path->second.empty())
    reject("--out", text, "expected BUFFER=FILE");
  return OutSpec{name_and_path->first, name_and_path->second};
}

}  // namespace scwarp::cli
