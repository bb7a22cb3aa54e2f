#include "sc_model/func/texture_sampler.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include <fmt/format.h>

#include "sc_model/common/error.h"
#include "sc_model/func/small_float.h"

namespace scwarp::func {
namespace {

using ptx::TexGeom;

// Linear filtering's weights keep 8 fraction bits (CUDA's 9-bit fixed point).
constexpr double kWeightSteps = 256.0;
// Coordinates beyond this many texels are as far out as any: keeps floor()
// of a huge or infinite float inside int64_t.
constexpr double kFarTexel = 1e12;

double decode_channel(const uint8_t* p, const ChannelFormat& f) {
  switch (f.kind) {
    case ChannelKind::Float: {
      if (f.bits == 16) {
        uint16_t h;
        std::memcpy(&h, p, 2);
        return decode_small(kHalf, h);
      }
      float v;
      std::memcpy(&v, p, 4);
      return v;
    }
    case ChannelKind::Unsigned: {
      uint32_t v = 0;
      std::memcpy(&v, p, f.bits / 8);
      return v;
    }
    case ChannelKind::Signed: {
      uint32_t v = 0;
      std::memcpy(&v, p, f.bits / 8);
      unsigned shift = 32 - f.bits;
      return int32_t(v << shift) >> shift;
    }
  }
  return 0;
}

// 8/16-bit integers to [0, 1] (unsigned) or [-1, 1] (signed).
double normalized(double v, const ChannelFormat& f) {
  if (f.kind == ChannelKind::Unsigned) return v / double((uint64_t(1) << f.bits) - 1);
  return std::max(v / double((uint64_t(1) << (f.bits - 1)) - 1), -1.0);
}

// A texel index along a dimension of `n` texels after the address mode; -1
// for a texel of the border.
int64_t resolve(int64_t i, int64_t n, AddressMode mode) {
  switch (mode) {
    case AddressMode::Wrap: return ((i % n) + n) % n;
    case AddressMode::Mirror: {
      int64_t p = ((i % (2 * n)) + 2 * n) % (2 * n);
      return p < n ? p : 2 * n - 1 - p;
    }
    case AddressMode::Clamp: return std::clamp<int64_t>(i, 0, n - 1);
    case AddressMode::Border: return i < 0 || i >= n ? -1 : i;
  }
  return -1;
}

int64_t floor_index(double u) {
  if (std::isnan(u)) return 0;
  return int64_t(std::floor(std::clamp(u, -kFarTexel, kFarTexel)));
}

// Where along one dimension a fetch reads: texel i0, and i0 + 1 with weight
// `a` when filtering.
struct Tap {
  int64_t i0 = 0;
  double a = 0;
};

// A cubemap direction's face and its coordinates on the face, in [0, 1].
struct FacePoint {
  uint32_t face = 0;
  double s = 0, t = 0;
};

FacePoint cube_face(double x, double y, double z) {
  const double ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
  FacePoint p;
  double sc, tc, ma;
  if (ax >= ay && ax >= az) {
    p.face = x >= 0 ? 0 : 1, ma = ax, sc = x >= 0 ? -z : z, tc = -y;
  } else if (ay >= az) {
    p.face = y >= 0 ? 2 : 3, ma = ay, sc = x, tc = y >= 0 ? z : -z;
  } else {
    p.face = z >= 0 ? 4 : 5, ma = az, sc = z >= 0 ? x : -x, tc = -y;
  }
  if (ma == 0) ma = 1;  // (0,0,0): face 0's centre
  p.s = (sc / ma + 1) / 2;
  p.t = (tc / ma + 1) / 2;
  return p;
}

class Sampler {
 public:
  Sampler(const TextureObject& o, TexGeom geom, const TexCoords& c, const TexelMemory& memory)
      : r_(o.resource), s_(o.sampling), memory_(memory) {
    dims_ = texture_dimensions(r_);
    size_ = {r_.width, std::max<int64_t>(r_.height, 1), std::max<int64_t>(r_.depth, 1)};
    bool cube = geom == TexGeom::Cube || geom == TexGeom::Acube;
    for (unsigned d = 0; d < 3; ++d) mode_[d] = effective_mode(s_.address[d], cube);
    slice_ = c.layer;
    coords_ = c.xyz;
    normalized_ = s_.normalized_coords && !c.integer;
    linear_ = s_.filter == FilterMode::Linear && !c.integer;
    if (cube) {
      FacePoint p = cube_face(c.xyz[0], c.xyz[1], c.xyz[2]);
      const uint32_t cubes = std::max<uint32_t>(r_.depth / 6, 1);
      slice_ = 6 * uint64_t(std::min(c.layer, cubes - 1)) + p.face;  // layers clamp
      coords_ = {p.s, p.t, 0};
      normalized_ = !c.integer;
    } else if (r_.layered) {
      slice_ = std::min<uint32_t>(c.layer, r_.depth - 1);  // layers clamp
    }
    for (unsigned d = 0; d < dims_; ++d) taps_[d] = tap(coords_[d], size_[d]);
  }

  TexSample filtered() {
    TexSample out;
    const unsigned corners = linear_ ? 1u << dims_ : 1u;
    for (unsigned corner = 0; corner < corners; ++corner) {
      std::array<int64_t, 3> at{};
      double w = 1;
      for (unsigned d = 0; d < dims_; ++d) {
        bool far = corner >> d & 1;
        at[d] = taps_[d].i0 + far;
        if (linear_) w *= far ? taps_[d].a : 1 - taps_[d].a;
      }
      if (w == 0) continue;
      std::array<double, 4> v = texel(at, out);
      for (unsigned k = 0; k < 4; ++k) out.value[k] += w * v[k];
    }
    if (out.texel_address == 0) out.texel_address = r_.address;
    return out;
  }

  TexSample gathered(unsigned component) {
    TexSample out;
    static constexpr int kCorner[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};  // (di, dj), lower left first
    for (unsigned k = 0; k < 4; ++k) {
      std::array<int64_t, 3> at{taps_[0].i0 + kCorner[k][0], taps_[1].i0 + kCorner[k][1], 0};
      out.value[k] = texel(at, out)[component];
    }
    if (out.texel_address == 0) out.texel_address = r_.address;
    return out;
  }

 private:
  AddressMode effective_mode(AddressMode m, bool cube) const {
    if (r_.kind == ResourceKind::Linear) return AddressMode::Border;  // tex1Dfetch: 0 outside
    if (cube) return AddressMode::Clamp;
    bool needs_normalized = m == AddressMode::Wrap || m == AddressMode::Mirror;
    return needs_normalized && !s_.normalized_coords ? AddressMode::Clamp : m;
  }

  Tap tap(double coordinate, int64_t n) const {
    double u = normalized_ ? coordinate * double(n) : coordinate;
    if (!linear_) return Tap{floor_index(u), 0};
    double below = u - 0.5;
    Tap t{floor_index(below), 0};
    double fraction = std::isfinite(below) ? below - std::floor(below) : 0;
    t.a = std::round(fraction * kWeightSteps) / kWeightSteps;
    return t;
  }

  std::array<double, 4> border() const {
    if (r_.kind == ResourceKind::Linear) return {0, 0, 0, 0};
    return {s_.border_color[0], s_.border_color[1], s_.border_color[2], s_.border_color[3]};
  }

  // The texel at `at` (before address modes) as the fetch reads it.
  std::array<double, 4> texel(std::array<int64_t, 3> at, TexSample& out) const {
    for (unsigned d = 0; d < dims_; ++d) {
      at[d] = resolve(at[d], size_[d], mode_[d]);
      if (at[d] < 0) return border();
    }
    const uint64_t slice = dims_ == 3 ? uint64_t(at[2]) : slice_;
    const uint64_t address = r_.address + slice * r_.pitch * uint64_t(size_[1]) + uint64_t(at[1]) * r_.pitch +
                             uint64_t(at[0]) * r_.format.texel_bytes();
    const uint8_t* p = memory_(address, r_.format.texel_bytes());
    if (!p)
      throw Error(fmt::format("texel ({}, {}, {}) at 0x{:x} is outside device memory (was the texture's memory freed?)",
                              at[0], at[1], slice, address));
    if (out.texel_address == 0) out.texel_address = address;
    std::array<double, 4> v{0, 0, 0, 0};
    const ChannelFormat& f = r_.format;
    for (unsigned k = 0; k < f.channels; ++k) {
      v[k] = decode_channel(p + k * (f.bits / 8), f);
      if (s_.read == ReadMode::NormalizedFloat && f.kind != ChannelKind::Float) v[k] = normalized(v[k], f);
    }
    return v;
  }

  const TextureResource& r_;
  const TextureSampling& s_;
  const TexelMemory& memory_;
  unsigned dims_ = 1;
  std::array<int64_t, 3> size_{};
  std::array<AddressMode, 3> mode_{};
  std::array<double, 3> coords_{};
  std::array<Tap, 3> taps_{};
  uint64_t slice_ = 0;
  bool normalized_ = false, linear_ = false;
};

}  // namespace

std::string geometry_problem(const TextureResource& r, TexGeom geom) {
  const unsigned dims = texture_dimensions(r);
  bool fits = false;
  switch (geom) {
    case TexGeom::D1: case TexGeom::D2: case TexGeom::D3:
      fits = !r.layered && !r.cubemap && dims == (geom == TexGeom::D1 ? 1u : geom == TexGeom::D2 ? 2u : 3u);
      break;
    case TexGeom::A1d: case TexGeom::A2d:
      fits = r.layered && !r.cubemap && dims == (geom == TexGeom::A1d ? 1u : 2u);
      break;
    case TexGeom::Cube: fits = r.cubemap && !r.layered; break;
    case TexGeom::Acube: fits = r.cubemap && r.layered; break;
    default: break;
  }
  if (fits) return "";
  std::string shape = r.cubemap ? (r.layered ? "a layered cubemap" : "a cubemap")
                                : fmt::format("{}{}-D", r.layered ? "a layered " : "a ", dims);
  return fmt::format("the .{} geometry does not fit {} resource", ptx::geom_name(geom), shape);
}

TexSample sample_texture(const TextureObject& object, TexGeom geom, const TexCoords& coords,
                         const TexelMemory& memory) {
  return Sampler(object, geom, coords, memory).filtered();
}

TexSample gather_texture(const TextureObject& object, TexGeom geom, const TexCoords& coords, unsigned component,
                         const TexelMemory& memory) {
  TexCoords c = coords;
  c.integer = false;
  TextureObject linear = object;
  linear.sampling.filter = FilterMode::Linear;  // the footprint bilinear filtering would weigh
  return Sampler(linear, geom, c, memory).gathered(component);
}

}  // namespace scwarp::func
