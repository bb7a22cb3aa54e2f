// tex, tld4, txq, suld, sust, suq through the texture and surface objects of
// the launching Device (device_services.h). Sampling rules: texture_sampler.h.
#include <algorithm>
#include <cmath>
#include <cstring>

#include <fmt/format.h>

#include "sc_model/common/error.h"
#include "sc_model/func/address_map.h"
#include "sc_model/func/device_services.h"
#include "sc_model/func/texture_sampler.h"
#include "sc_model/ptx/texture_opcodes.h"

namespace scwarp::func {
namespace {

using ptx::Opcode;
using ptx::Operand;

// The object lane's handle names; a located fault when it names none, or
// the wrong kind.
const TextureObject& object_of(ExecContext& c, unsigned lane, uint64_t handle, bool surface) {
  DeviceServices* services = c.engine.spec().services;
  if (!services) c.unsupported("textures and surfaces without a runtime::Device");
  const TextureObject* o = services->textures().find(handle);
  const char* wanted = surface ? "surface" : "texture";
  if (!o) c.fault(lane, fmt::format("{} handle {} names no {} object (never created, or destroyed)", wanted, handle, wanted));
  if (o->surface != surface)
    c.fault(lane, fmt::format("handle {} is a {} object, '{}' needs a {} object", handle,
                              o->surface ? "surface" : "texture", c.in.text, wanted));
  return *o;
}

// Coordinate element k of lane (a scalar operand is a one-element vector).
uint64_t coordinate(ExecContext& c, const Operand& o, unsigned k, unsigned lane) {
  uint32_t r = o.kind == Operand::Kind::Vec ? o.vec[k] : o.reg;
  if (r == ptx::kNoReg) c.unsupported("`_` as a coordinate");
  return c.reg(r)[lane];
}

double coordinate_value(ExecContext& c, const Operand& o, unsigned k, unsigned lane) {
  uint64_t bits = coordinate(c, o, k, lane);
  return c.in.type2 == ptx::Type::F32 ? double(get<float>(bits)) : double(get<int32_t>(bits));
}

// A layered geometry's first element is the layer (.u32); the rest are x, y, z.
TexCoords fetch_coordinates(ExecContext& c, unsigned lane) {
  const Operand& o = c.in.ops[2];
  TexCoords t;
  t.integer = c.in.type2 == ptx::Type::S32;
  unsigned first = 0;
  if (ptx::is_layered(c.in.geom)) t.layer = uint32_t(coordinate(c, o, first++, lane));
  for (unsigned d = 0; d < ptx::spatial_coordinates(c.in.geom); ++d)
    t.xyz[d] = coordinate_value(c, o, first + d, lane);
  return t;
}

// A fetched component in the destination type (.f32, .s32, .u32).
uint64_t as_result(double v, ptx::Type type) {
  if (type == ptx::Type::F32) return put(float(v));
  int64_t i = std::isfinite(v) ? int64_t(std::clamp(v, -9.2e18, 9.2e18)) : 0;
  return type == ptx::Type::S32 ? put(int32_t(i)) : put(uint32_t(i));
}

void fetch(ExecContext& c) {
  // Operands after .level's LOD or .grad's gradients: texel offsets and depth compare.
  if (c.in.op == Opcode::Tex && c.in.ops.size() > 3 + ptx::lod_operand_count(c.in.lod))
    c.unsupported("texel offsets and depth compare");
  if (c.in.op == Opcode::Tld4 && c.in.ops.size() > 3) c.unsupported("texel offsets and depth compare");
  const Operand& d = c.in.ops[0];
  Lanes handles = c.src(1);
  const TexelMemory memory = [&c](uint64_t address, uint32_t bytes) -> const uint8_t* {
    return c.memory().translate(address, bytes);
  };
  for_lanes(c.exec, [&](unsigned l) {
    const TextureObject& t = object_of(c, l, handles[l], false);
    std::string problem = geometry_problem(t.resource, c.in.geom);
    if (problem.empty() && t.resource.kind == ResourceKind::Linear && c.in.type2 != ptx::Type::S32)
      problem = "a linear resource is read with integer coordinates (tex1Dfetch), not float ones";
    if (!problem.empty()) c.fault(l, fmt::format("texture handle {}: {}", handles[l], problem));
    TexSample s;
    try {
      TexCoords coords = fetch_coordinates(c, l);
      s = c.in.op == Opcode::Tld4 ? gather_texture(t, c.in.geom, coords, c.in.gather, memory)
                                  : sample_texture(t, c.in.geom, coords, memory);
    } catch (const Error& e) {
      c.fault(l, fmt::format("texture handle {}: {}", handles[l], e.what()));
    }
    for (unsigned k = 0; k < 4; ++k)
      if (d.vec[k] != ptx::kNoReg) c.reg(d.vec[k])[l] = as_result(s.value[k], c.in.type);
    c.rec.addr[l] = s.texel_address;
    c.rec.mem_bytes = t.resource.format.texel_bytes();
  });
  if (c.exec) c.rec.mem_space = ptx::Space::Tex;
}

// ---- surfaces: suld.b / sust.b. x is a byte offset in the row, y a row,
// z a slice (3-D depth or layer).
struct SurfacePlace {
  uint64_t address = 0;  // the texel accessed, clamped into the surface
  bool moves = true;     // data moves (false: .zero outside the surface)
};

SurfacePlace surface_place(ExecContext& c, unsigned lane, const TextureResource& r, const Operand& o, uint32_t bytes) {
  std::array<int64_t, 3> at{0, 0, 0};  // x bytes, y, slice
  unsigned k = 0;
  if (ptx::is_layered(c.in.geom)) at[2] = get<int32_t>(coordinate(c, o, k++, lane));
  for (unsigned d = 0; d < ptx::spatial_coordinates(c.in.geom); ++d)
    at[d] = get<int32_t>(coordinate(c, o, k + d, lane));
  const int64_t row_bytes = int64_t(r.width) * r.format.texel_bytes();
  const std::array<int64_t, 3> limit{row_bytes - int64_t(bytes), std::max<int64_t>(r.height, 1) - 1,
                                     std::max<int64_t>(r.depth, 1) - 1};
  bool inside = true;
  for (unsigned d = 0; d < 3; ++d)
    if (at[d] < 0 || at[d] > limit[d]) inside = false;
  if (!inside && c.in.surf_clamp == ptx::SurfClamp::Trap)
    c.fault(lane, fmt::format("surface access at x = {} bytes, y = {}, z = {} is outside the surface ({} x {} x {} texels "
                              "of {} bytes)", at[0], at[1], at[2], r.width, std::max(r.height, 1u),
                              std::max(r.depth, 1u), r.format.texel_bytes()));
  if (at[0] % bytes != 0)
    c.fault(lane, fmt::format("surface access of {} bytes at x = {} bytes is misaligned", bytes, at[0]));
  for (unsigned d = 0; d < 3; ++d) at[d] = std::clamp<int64_t>(at[d], 0, std::max<int64_t>(limit[d], 0));
  SurfacePlace p;
  p.moves = inside || c.in.surf_clamp == ptx::SurfClamp::Clamp;
  p.address = r.address + uint64_t(at[2]) * r.pitch * std::max<uint64_t>(r.height, 1) + uint64_t(at[1]) * r.pitch +
              uint64_t(at[0]);
  return p;
}

// The registers of a surface data operand: a scalar or {a, b, ...}.
uint32_t data_register(const Operand& o, unsigned k) { return o.kind == Operand::Kind::Vec ? o.vec[k] : o.reg; }

void surface_access(ExecContext& c) {
  const bool store = c.in.op == Opcode::Sust;
  const Operand& coords = c.in.ops[store ? 1 : 2];
  const Operand& data = c.in.ops[store ? 2 : 0];
  const uint32_t elem = ptx::type_bits(c.in.type) / 8, bytes = elem * c.in.vec;
  Lanes handles = c.src(store ? 0 : 1);
  for_lanes(c.exec, [&](unsigned l) {
    const TextureObject& s = object_of(c, l, handles[l], true);
    std::string problem = geometry_problem(s.resource, c.in.geom);
    if (!problem.empty()) c.fault(l, fmt::format("surface handle {}: {}", handles[l], problem));
    SurfacePlace p = surface_place(c, l, s.resource, coords, bytes);
    Access a = resolve_access(c, l, ptx::Space::Global, p.address, bytes);
    record_access(c, l, a, bytes);
    for (unsigned k = 0; k < c.in.vec; ++k) {
      uint32_t r = data_register(data, k);
      if (r == ptx::kNoReg) continue;
      if (store) {
        if (p.moves) copy_element(a.ptr + k * elem, &c.reg(r)[l], elem);
      } else {
        uint64_t v = 0;
        if (p.moves) copy_element(&v, a.ptr + k * elem, elem);
        c.reg(r)[l] = v;
      }
    }
  });
}

// ---- txq / suq. Channel types and orders are OpenCL's values, as PTX
// defines them; a resource has one mip level and no samples.
uint32_t channel_data_type(const ChannelFormat& f, ReadMode read) {
  bool norm = read == ReadMode::NormalizedFloat;
  switch (f.kind) {
    case ChannelKind::Float: return f.bits == 16 ? 0x10DD : 0x10DE;  // HALF_FLOAT, FLOAT
    case ChannelKind::Signed:
      return f.bits == 8 ? (norm ? 0x10D0 : 0x10D7) : f.bits == 16 ? (norm ? 0x10D1 : 0x10D8) : 0x10D9;
    case ChannelKind::Unsigned:
      return f.bits == 8 ? (norm ? 0x10D2 : 0x10DA) : f.bits == 16 ? (norm ? 0x10D3 : 0x10DB) : 0x10DC;
  }
  return 0;
}

uint32_t query(const TextureObject& o, ptx::TexQuery q) {
  const TextureResource& r = o.resource;
  using Q = ptx::TexQuery;
  switch (q) {
    case Q::Width: return r.width;
    case Q::Height: return std::max(r.height, 1u);
    case Q::Depth: return r.layered || r.cubemap ? 1 : std::max(r.depth, 1u);
    case Q::ArraySize: return !r.layered ? 0 : r.cubemap ? r.depth / 6 : r.depth;
    case Q::ChannelDataType: return channel_data_type(r.format, o.sampling.read);
    case Q::ChannelOrder: return r.format.channels == 1 ? 0x10B0 : r.format.channels == 2 ? 0x10B2 : 0x10B5;  // R, RG, RGBA
    case Q::NormalizedCoords: return o.sampling.normalized_coords;
    case Q::FilterMode: return uint32_t(o.sampling.filter);
    case Q::AddrMode0: return uint32_t(o.sampling.address[0]);
    case Q::AddrMode1: return uint32_t(o.sampling.address[1]);
    case Q::AddrMode2: return uint32_t(o.sampling.address[2]);
    case Q::NumMipmapLevels: return 1;
    case Q::NumSamples: return 0;
    case Q::MemoryLayout: return 1;  // pitch-linear rows (scwarp keeps no block-linear layout)
    case Q::None: break;
  }
  return 0;
}

void exec_query(ExecContext& c) {
  uint64_t* d = c.dst(0);
  std::array<uint64_t, kWarpSize>& handles = c.scratch[0];
  lane_addresses(c, c.in.ops[1], handles);
  for_lanes(c.exec, [&](unsigned l) {
    d[l] = query(object_of(c, l, handles[l], c.in.op == Opcode::Suq), c.in.query);
  });
}

}  // namespace

void exec_texture(ExecContext& c) {
  switch (c.in.op) {
    case Opcode::Tex:
    case Opcode::Tld4: return fetch(c);
    case Opcode::Suld:
    case Opcode::Sust: return surface_access(c);
    default: return exec_query(c);
  }
}

}  // namespace scwarp::func
