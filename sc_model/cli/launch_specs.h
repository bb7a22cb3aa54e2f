// The text syntax of `scwarp launch`'s options (docs/cli.md): --grid/--block
// dimensions, --buffer NAME=SPEC, --texture/--surface NAME=SPEC,
// --arg TYPE:VALUE|ptr:NAME|tex:NAME|surf:NAME and --out NAME=FILE.
// Malformed text throws UsageError naming the option and the text.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sc_model/func/engine.h"
#include "sc_model/func/texture.h"

namespace scwarp::cli {

// The largest buffer `launch` creates: far beyond any test kernel, small
// enough that a typo cannot exhaust host memory.
inline constexpr uint64_t kMaxBufferBytes = uint64_t(4) << 30;

// "X[,Y[,Z]]" of positive integers; `option` names the option in errors.
func::Dim3 parse_dim3(const std::string& option, const std::string& text);

struct BufferSpec {
  enum class Source { File, Zero, Seed };
  std::string name;
  Source source = Source::Zero;
  std::string path;    // File: raw little-endian bytes
  uint64_t bytes = 0;  // Zero, Seed
  uint64_t seed = 0;   // Seed
};
// "NAME=file:PATH", "NAME=zero:BYTES" or "NAME=seed:BYTES:SEED".
BufferSpec parse_buffer_spec(const std::string& text);

// A texture or surface object over a buffer's bytes. The resource's address
// (and a linear texture's width: the buffer's whole texels) is known only
// once the buffer exists; an Array resource is a new CUDA array the buffer's
// bytes are copied into.
struct TextureSpec {
  std::string name;
  bool surface = false;
  std::string buffer;
  func::TextureResource resource;
  func::TextureSampling sampling;  // textures only
};
// --texture "NAME=BUFFER:FORMAT:SHAPE[:OPTION...]": FORMAT as
// func::parse_channel_format; SHAPE "linear", "2d:WxH" or "array:W[xH[xD]]";
// OPTIONs "pitch=BYTES" (2d), "layered", "cube" (array), "filter=point|linear",
// "address=MODE[,MODE[,MODE]]" (clamp, wrap, mirror, border; one for every
// dimension or one each), "normalized", "read=element|normalized",
// "border=R,G,B,A".
TextureSpec parse_texture_spec(const std::string& text);
// --surface "NAME=BUFFER:FORMAT:array:W[xH[xD]][:layered][:cube]".
TextureSpec parse_surface_spec(const std::string& text);

// One kernel argument: its bytes, or the named buffer (its device address),
// texture or surface (its handle).
struct ArgSpec {
  enum class Source { Value, Buffer, Texture, Surface };
  Source source = Source::Value;
  std::vector<uint8_t> bytes;  // Value: TYPE:VALUE little-endian in the type's size; bytes:HEX as written
  std::string name;            // ptr:NAME, tex:NAME, surf:NAME
};
// "u8|u16|u32|u64|s8|s16|s32|s64|f32|f64:VALUE", "bytes:HEX", "ptr:NAME",
// "tex:NAME" or "surf:NAME".
ArgSpec parse_arg_spec(const std::string& text);

struct OutSpec {
  std::string buffer;
  std::string path;
};
// "NAME=FILE".
OutSpec parse_out_spec(const std::string& text);

}  // namespace scwarp::cli
