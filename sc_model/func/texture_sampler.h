// What one thread's texture fetch returns: CUDA's sampling rules applied to a
// texture object's texels (func/texture.h), independent of the engine so the
// rules can be tested on their own. Coordinates arrive as the instruction
// gives them; texels are read through `TexelMemory`.
//   - integer coordinates (.s32): a texel fetch, no normalisation, no filtering;
//   - float coordinates: scaled by the size when normalised; point sampling
//     takes floor(u), linear filtering weighs the 2, 4 or 8 texels around
//     u - 0.5 with fractions held to 8 bits (CUDA's 9-bit fixed point);
//   - address modes per dimension in texel space: clamp, border (the border
//     colour), wrap and mirror (with normalised coordinates; otherwise clamp,
//     as CUDA falls back); a linear resource reads 0 outside its width;
//   - 8/16-bit integers read as normalised floats when the read mode says so;
//   - cubemaps: the face from the major axis of (x, y, z) (CUDA's table),
//     sampled with clamp inside the face.
#pragma once

#include <array>
#include <cstdint>
#include <functional>

#include "sc_model/func/texture.h"
#include "sc_model/ptx/ir.h"

namespace scwarp::func {

// Device memory for texels: the bytes at `address`, or nullptr when they are
// not inside one allocation.
using TexelMemory = std::function<const uint8_t*(uint64_t address, uint32_t bytes)>;

struct TexCoords {
  std::array<double, 3> xyz{};  // x, y, z as given (integers exactly)
  bool integer = false;         // .s32 coordinates
  uint32_t layer = 0;           // a1d / a2d / acube: the layer
};

struct TexSample {
  std::array<double, 4> value{};  // r, g, b, a; channels the format lacks read 0
  uint64_t texel_address = 0;     // the first texel read, or the resource's address if none was
};

// The texels' spatial dimensions the geometry needs and whether it is
// layered or a cubemap; "" when `object` fits, else why not.
std::string geometry_problem(const TextureResource& resource, ptx::TexGeom geom);

// tex: the filtered value. Throws scwarp::Error when a texel lies outside
// device memory (its allocation was freed).
TexSample sample_texture(const TextureObject& object, ptx::TexGeom geom, const TexCoords& coords,
                         const TexelMemory& memory);
// tld4: component `component` of the four texels of the bilinear footprint,
// counter-clockwise from the lower left: (i0,j1), (i1,j1), (i1,j0), (i0,j0).
TexSample gather_texture(const TextureObject& object, ptx::TexGeom geom, const TexCoords& coords,
                         unsigned component, const TexelMemory& memory);

}  // namespace scwarp::func
