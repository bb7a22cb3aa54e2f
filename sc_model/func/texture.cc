#include "sc_model/func/texture.h"

#include <algorithm>

#include <fmt/format.h>

#include "sc_model/common/error.h"

namespace scwarp::func {
namespace {

bool valid_format(const ChannelFormat& f) {
  bool bits_ok = f.kind == ChannelKind::Float ? (f.bits == 16 || f.bits == 32)
                                              : (f.bits == 8 || f.bits == 16 || f.bits == 32);
  return bits_ok && (f.channels == 1 || f.channels == 2 || f.channels == 4);
}

}  // namespace

std::string shape_problem(const TextureResource& r) {
  if (!valid_format(r.format))
    return fmt::format("format {} is not one CUDA textures take (8/16/32-bit integer or 16/32-bit float "
                       "channels, 1, 2 or 4 of them)", channel_format_name(r.format));
  if (r.width == 0) return "width is 0";
  const uint64_t row = uint64_t(r.width) * r.format.texel_bytes();
  switch (r.kind) {
    case ResourceKind::Linear:
      if (r.height || r.depth || r.layered || r.cubemap) return "a linear resource is 1-D (no height, depth, layers or faces)";
      return "";
    case ResourceKind::Pitch2D:
      if (r.height == 0) return "a pitch-2D resource needs a height";
      if (r.depth || r.layered || r.cubemap) return "a pitch-2D resource has no depth, layers or faces";
      if (r.pitch < row) return fmt::format("pitch {} is smaller than a row of {} bytes", r.pitch, row);
      return "";
    case ResourceKind::Array:
      if (r.pitch != row) return fmt::format("an array's rows are packed: pitch must be {}, not {}", row, r.pitch);
      if (r.cubemap && (r.height != r.width || r.depth == 0 || r.depth % 6 != 0 || (!r.layered && r.depth != 6)))
        return "a cubemap has square faces and a depth of 6 (6 x layers when layered)";
      if (r.layered && r.depth == 0) return "a layered array needs its layer count as depth";
      if (r.depth && r.height == 0 && !r.layered) return "a 3-D array needs a height";
      return "";
  }
  return "unknown resource kind";
}

namespace {

std::string resource_problem(const TextureResource& r) {
  return r.address == 0 ? "the resource has no device address" : shape_problem(r);
}

}  // namespace

std::string parse_channel_format(const std::string& text, ChannelFormat& out) {
  const std::string usage = "a format is f16, f32, u8, u16, u32, s8, s16 or s32, optionally x2 or x4 (u8x4)";
  if (text.size() < 2) return usage;
  ChannelFormat f;
  switch (text[0]) {
    case 'f': f.kind = ChannelKind::Float; break;
    case 'u': f.kind = ChannelKind::Unsigned; break;
    case 's': f.kind = ChannelKind::Signed; break;
    default: return usage;
  }
  size_t x = text.find('x');
  std::string bits = text.substr(1, x == std::string::npos ? std::string::npos : x - 1);
  std::string channels = x == std::string::npos ? "1" : text.substr(x + 1);
  if (bits != "8" && bits != "16" && bits != "32") return usage;
  if (channels != "1" && channels != "2" && channels != "4") return usage;
  f.bits = uint8_t(std::stoi(bits));
  f.channels = uint8_t(std::stoi(channels));
  if (!valid_format(f)) return usage;
  out = f;
  return "";
}

std::string channel_format_name(const ChannelFormat& f) {
  char kind = f.kind == ChannelKind::Float ? 'f' : f.kind == ChannelKind::Unsigned ? 'u' : 's';
  return f.channels == 1 ? fmt::format("{}{}", kind, f.bits) : fmt::format("{}{}x{}", kind, f.bits, f.channels);
}

uint64_t TextureResource::bytes() const {
  if (kind == ResourceKind::Linear) return uint64_t(width) * format.texel_bytes();
  const uint64_t rows = std::max<uint64_t>(height, 1) * std::max<uint64_t>(depth, 1);
  return (rows - 1) * pitch + uint64_t(width) * format.texel_bytes();
}

uint64_t TextureObjects::create_texture(const TextureResource& resource, const TextureSampling& sampling) {
  std::string problem = resource_problem(resource);
  if (problem.empty() && sampling.filter == FilterMode::Linear) {
    bool float_result = resource.format.kind == ChannelKind::Float ||
                        (sampling.read == ReadMode::NormalizedFloat && resource.format.bits < 32);
    if (!float_result)
      problem = "linear filtering needs float texels or the normalized-float read mode of 8/16-bit integers";
    if (resource.kind == ResourceKind::Linear) problem = "a linear resource is read with point sampling only (tex1Dfetch)";
  }
  if (problem.empty() && sampling.read == ReadMode::NormalizedFloat &&
      (resource.format.kind == ChannelKind::Float || resource.format.bits == 32))
    problem = "the normalized-float read mode is for 8- and 16-bit integer texels";
  if (problem.empty() && sampling.normalized_coords && resource.kind == ResourceKind::Linear)
    problem = "a linear resource takes integer texel indices, not normalized coordinates";
  if (!problem.empty()) throw Error("texture object: " + problem);
  return add(TextureObject{false, resource, sampling});
}

uint64_t TextureObjects::create_surface(const TextureResource& resource) {
  std::string problem = resource.kind != ResourceKind::Array ? "a surface is made over an array" : resource_problem(resource);
  if (!problem.empty()) throw Error("surface object: " + problem);
  return add(TextureObject{true, resource, TextureSampling{}});
}

void TextureObjects::destroy(uint64_t handle) {
  if (objects_.erase(handle) == 0)
    throw Error(fmt::format("texture or surface object {} does not exist (never created, or destroyed)", handle));
}

const TextureObject* TextureObjects::find(uint64_t handle) const {
  auto it = objects_.find(handle);
  return it == objects_.end() ? nullptr : &it->second;
}

uint64_t TextureObjects::add(TextureObject object) {
  uint64_t handle = next_++;
  objects_.emplace(handle, std::move(object));
  return handle;
}

unsigned texture_dimensions(const TextureResource& r) {
  if (r.kind == ResourceKind::Linear) return 1;
  if (r.kind == ResourceKind::Pitch2D || r.cubemap) return 2;
  if (r.height == 0) return 1;
  return r.depth == 0 || r.layered ? 2 : 3;
}

}  // namespace scwarp::func
