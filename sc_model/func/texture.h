// Texture and surface objects, as CUDA's runtime describes them
// (cudaResourceDesc + cudaTextureDesc, cudaSurfaceObject_t): what a
// texture handle passed to a kernel as a 64-bit parameter names, and the
// sampling rules the functional engine applies to tex / tld4 / suld / sust
// (texture_sampler.cc). A runtime::Device owns the table through its
// DeviceServices; objects live until destroyed, as in CUDA.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>

namespace scwarp::func {

// A texel's element format (cudaChannelFormatDesc with equal channel widths).
enum class ChannelKind : uint8_t { Signed, Unsigned, Float };
struct ChannelFormat {
  ChannelKind kind = ChannelKind::Float;
  uint8_t bits = 32;     // per channel: 8, 16 or 32 (Float: 16 or 32)
  uint8_t channels = 1;  // 1, 2 or 4
  uint32_t texel_bytes() const { return uint32_t(bits) / 8 * channels; }
};
// "f32", "u8x4", "s16x2", "f16": kind letter, channel bits, optional xN.
// Empty on success, else what is wrong with `text`.
std::string parse_channel_format(const std::string& text, ChannelFormat& out);
std::string channel_format_name(const ChannelFormat& f);

// Where the texels are. Every kind is device memory, rows of `pitch` bytes,
// slices (3-D depth, array layers, cubemap faces) of `pitch * height` bytes,
// texel (0,0,0) at `address`:
//   Linear: 1-D, `width` texels (tex1Dfetch; integer coordinates only);
//   Pitch2D: `width` x `height` texels, rows `pitch` bytes apart;
//   Array: a CUDA array, packed rows (pitch = width * texel bytes);
//          1-D (height 0), 2-D (depth 0) or 3-D; `layered`: depth is the
//          layer count (a1d / a2d); `cubemap`: 6 square faces (cube), or
//          with `layered` 6 x N (acube).
enum class ResourceKind : uint8_t { Linear, Pitch2D, Array };
struct TextureResource {
  ResourceKind kind = ResourceKind::Linear;
  uint64_t address = 0;
  ChannelFormat format;
  uint32_t width = 0, height = 0, depth = 0;
  uint64_t pitch = 0;
  bool layered = false, cubemap = false;
  uint64_t bytes() const;  // device memory the texels span
};
// What is wrong with its format, sizes or pitch for its kind, or "".
std::string shape_problem(const TextureResource& r);
// Its spatial dimensions: 1, 2 or 3 (cubemap faces and array layers are 2-D
// or 1-D slices, not a dimension).
unsigned texture_dimensions(const TextureResource& r);

// cudaTextureDesc's fields that change a fetch; values in CUDA's enum order.
enum class AddressMode : uint8_t { Wrap, Clamp, Mirror, Border };
enum class FilterMode : uint8_t { Point, Linear };
enum class ReadMode : uint8_t { ElementType, NormalizedFloat };
struct TextureSampling {
  std::array<AddressMode, 3> address{AddressMode::Clamp, AddressMode::Clamp, AddressMode::Clamp};
  FilterMode filter = FilterMode::Point;
  ReadMode read = ReadMode::ElementType;
  bool normalized_coords = false;
  std::array<float, 4> border_color{0, 0, 0, 0};
};

struct TextureObject {
  bool surface = false;  // a surface object (suld/sust/suq) rather than a texture (tex/tld4/txq)
  TextureResource resource;
  TextureSampling sampling;  // textures only
};

// The live texture and surface objects, by handle. Handles start at 1 (0 is
// CUDA's null object) and are never reused within a Device.
class TextureObjects {
 public:
  // Throws scwarp::Error naming what is wrong (a zero size, a pitch below a
  // row, a linear resource with filtering, a cubemap that is not square, ...).
  uint64_t create_texture(const TextureResource& resource, const TextureSampling& sampling);
  // Surfaces are over Array resources (cudaArraySurfaceLoadStore), as in CUDA.
  uint64_t create_surface(const TextureResource& resource);
  // Throws scwarp::Error for a handle that names no live object.
  void destroy(uint64_t handle);
  // nullptr for a handle that names no live object.
  const TextureObject* find(uint64_t handle) const;

 private:
  uint64_t add(TextureObject object);
  std::map<uint64_t, TextureObject> objects_;
  uint64_t next_ = 1;
};

}  // namespace scwarp::func
