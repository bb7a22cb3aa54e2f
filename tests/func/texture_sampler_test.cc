// The texture sampling rules (func/texture_sampler.h) and the object table
// (func/texture.h) on texels in host memory, with values worked out by hand.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "sc_model/common/error.h"
#include "sc_model/func/texture_sampler.h"

namespace scwarp::func {
namespace {

using ptx::TexGeom;

constexpr uint64_t kBase = 0x1000;

// Texels in a host vector seen at device address kBase.
struct Texels {
  std::vector<uint8_t> bytes;
  TexelMemory memory() const {
    return [this](uint64_t address, uint32_t n) -> const uint8_t* {
      if (address < kBase || address + n > kBase + bytes.size()) return nullptr;
      return bytes.data() + (address - kBase);
    };
  }
  template <typename T>
  static Texels of(const std::vector<T>& values) {
    Texels t;
    t.bytes.resize(values.size() * sizeof(T));
    std::memcpy(t.bytes.data(), values.data(), t.bytes.size());
    return t;
  }
};

TextureObject array_texture(ChannelFormat f, uint32_t w, uint32_t h = 0, uint32_t d = 0) {
  TextureObject o;
  o.resource.kind = ResourceKind::Array;
  o.resource.address = kBase;
  o.resource.format = f;
  o.resource.width = w, o.resource.height = h, o.resource.depth = d;
  o.resource.pitch = uint64_t(w) * f.texel_bytes();
  return o;
}

constexpr ChannelFormat kF32{ChannelKind::Float, 32, 1};

double at(const TextureObject& o, const Texels& t, TexGeom g, double x, double y = 0, double z = 0) {
  TexCoords c;
  c.xyz = {x, y, z};
  return sample_texture(o, g, c, t.memory()).value[0];
}

TEST(TextureSampling, PointSamplingFloorsAndClamps) {
  Texels t = Texels::of(std::vector<float>{0, 1, 2, 3, 10, 11, 12, 13});
  TextureObject o = array_texture(kF32, 4, 2);
  EXPECT_EQ(at(o, t, TexGeom::D2, 1.7, 0.2), 1);
  EXPECT_EQ(at(o, t, TexGeom::D2, 3.99, 1.5), 13);
  EXPECT_EQ(at(o, t, TexGeom::D2, -3, 5), 10);  // clamped to (0, 1)
  TexCoords c;
  c.xyz = {2.5, 1.5, 0};
  EXPECT_EQ(sample_texture(o, TexGeom::D2, c, t.memory()).texel_address, kBase + (4 + 2) * 4);
}

TEST(TextureSampling, BorderReadsTheBorderColour) {
  Texels t = Texels::of(std::vector<float>{0, 1, 2, 3});
  TextureObject o = array_texture(kF32, 4);
  o.sampling.address[0] = AddressMode::Border;
  o.sampling.border_color = {7, 0, 0, 0};
  EXPECT_EQ(at(o, t, TexGeom::D1, -0.5), 7);
  EXPECT_EQ(at(o, t, TexGeom::D1, 4.0), 7);
  EXPECT_EQ(at(o, t, TexGeom::D1, 3.5), 3);
}

TEST(TextureSampling, LinearFilteringUsesEightFractionBits) {
  Texels t = Texels::of(std::vector<float>{0, 10, 20, 30});
  TextureObject o = array_texture(kF32, 4);
  o.sampling.filter = FilterMode::Linear;
  EXPECT_EQ(at(o, t, TexGeom::D1, 1.5), 10);  // a texel centre
  EXPECT_EQ(at(o, t, TexGeom::D1, 2.0), 15);  // half way
  EXPECT_EQ(at(o, t, TexGeom::D1, 1.5 + 1.0 / 1024), 10);  // 0.25/256 rounds to 0
  EXPECT_EQ(at(o, t, TexGeom::D1, 1.5 + 3.0 / 1024), 10 + 10.0 / 256);  // 0.75/256 rounds to 1/256
  EXPECT_EQ(at(o, t, TexGeom::D1, 0.0), 0);  // (-1 clamped to 0) and 0, half each
}

TEST(TextureSampling, TrilinearAveragesTheEightCorners) {
  std::vector<float> v;
  for (int z = 0; z < 2; ++z)
    for (int y = 0; y < 2; ++y)
      for (int x = 0; x < 2; ++x) v.push_back(float(x + 2 * y + 4 * z));
  Texels t = Texels::of(v);
  TextureObject o = array_texture(kF32, 2, 2, 2);
  o.sampling.filter = FilterMode::Linear;
  EXPECT_EQ(at(o, t, TexGeom::D3, 1, 1, 1), 3.5);
  EXPECT_EQ(at(o, t, TexGeom::D3, 0.5, 1.5, 1.5), 0 + 2 + 4);
}

TEST(TextureSampling, WrapAndMirrorNeedNormalisedCoordinates) {
  Texels t = Texels::of(std::vector<float>{0, 1, 2, 3});
  TextureObject o = array_texture(kF32, 4);
  o.sampling.normalized_coords = true;
  o.sampling.address[0] = AddressMode::Wrap;
  EXPECT_EQ(at(o, t, TexGeom::D1, 1.1), 0);   // u = 4.4 -> 4 wraps to 0
  EXPECT_EQ(at(o, t, TexGeom::D1, -0.1), 3);  // u = -0.4 -> -1 wraps to 3
  o.sampling.address[0] = AddressMode::Mirror;
  EXPECT_EQ(at(o, t, TexGeom::D1, 1.1), 3);   // 4 mirrors to 3
  EXPECT_EQ(at(o, t, TexGeom::D1, -0.1), 0);  // -1 mirrors to 0
  o.sampling.normalized_coords = false;  // CUDA falls back to clamp
  o.sampling.address[0] = AddressMode::Wrap;
  EXPECT_EQ(at(o, t, TexGeom::D1, 5.5), 3);
}

TEST(TextureSampling, NormalisedFloatReadsOfIntegers) {
  Texels u8 = Texels::of(std::vector<uint8_t>{255, 0, 128, 51});
  TextureObject o = array_texture({ChannelKind::Unsigned, 8, 4}, 1);
  o.sampling.read = ReadMode::NormalizedFloat;
  TexCoords c;
  TexSample s = sample_texture(o, TexGeom::D1, c, u8.memory());
  EXPECT_EQ(s.value[0], 1.0);
  EXPECT_EQ(s.value[1], 0.0);
  EXPECT_DOUBLE_EQ(s.value[2], 128.0 / 255);
  EXPECT_DOUBLE_EQ(s.value[3], 0.2);
  Texels s8 = Texels::of(std::vector<int8_t>{-128, 127});
  TextureObject so = array_texture({ChannelKind::Signed, 8, 2}, 1);
  so.sampling.read = ReadMode::NormalizedFloat;
  TexSample v = sample_texture(so, TexGeom::D1, c, s8.memory());
  EXPECT_EQ(v.value[0], -1.0);  // -128/127 clamps to -1
  EXPECT_EQ(v.value[1], 1.0);
  EXPECT_EQ(v.value[2], 0.0);   // channels the format lacks
  so.sampling.read = ReadMode::ElementType;
  EXPECT_EQ(sample_texture(so, TexGeom::D1, c, s8.memory()).value[0], -128.0);
}

TEST(TextureSampling, HalfFloatTexels) {
  Texels t = Texels::of(std::vector<uint16_t>{0x3C00, 0xC000});  // 1.0, -2.0
  TextureObject o = array_texture({ChannelKind::Float, 16, 1}, 2);
  EXPECT_EQ(at(o, t, TexGeom::D1, 0.5), 1.0);
  EXPECT_EQ(at(o, t, TexGeom::D1, 1.5), -2.0);
}

TEST(TextureSampling, LinearResourceReadsZeroOutside) {
  Texels t = Texels::of(std::vector<float>{4, 5, 6});
  TextureObject o;
  o.resource.address = kBase;
  o.resource.width = 3;
  TexCoords c;
  c.integer = true;
  for (auto [x, want] : {std::pair{0.0, 4.0}, {2.0, 6.0}, {3.0, 0.0}, {-1.0, 0.0}}) {
    c.xyz[0] = x;
    EXPECT_EQ(sample_texture(o, TexGeom::D1, c, t.memory()).value[0], want) << x;
  }
}

TEST(TextureSampling, GatherTakesOneComponentCounterClockwiseFromLowerLeft) {
  std::vector<float> v;  // two channels: r = -1, g = 100 + 10 y + x
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 2; ++x) v.insert(v.end(), {-1.f, float(100 + 10 * y + x)});
  Texels t = Texels::of(v);
  TextureObject o = array_texture({ChannelKind::Float, 32, 2}, 2, 2);
  TexCoords c;
  c.xyz = {1.0, 1.0, 0};
  TexSample s = gather_texture(o, TexGeom::D2, c, 1, t.memory());
  EXPECT_EQ(s.value, (std::array<double, 4>{110, 111, 101, 100}));
}

TEST(TextureSampling, CubemapFaceFromTheMajorAxis) {
  Texels t = Texels::of(std::vector<float>{0, 1, 2, 3, 4, 5});  // one texel per face
  TextureObject o = array_texture(kF32, 1, 1, 6);
  o.resource.cubemap = true;
  const double dirs[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  for (int face = 0; face < 6; ++face)
    EXPECT_EQ(at(o, t, TexGeom::Cube, dirs[face][0], dirs[face][1], dirs[face][2]), face) << face;
}

TEST(TextureSampling, LayersAreSlices) {
  Texels t = Texels::of(std::vector<float>{0, 1, 10, 11, 20, 21});
  TextureObject o = array_texture(kF32, 2, 0, 3);
  o.resource.layered = true;
  TexCoords c;
  c.xyz = {1.5, 0, 0};
  c.layer = 2;
  EXPECT_EQ(sample_texture(o, TexGeom::A1d, c, t.memory()).value[0], 21);
  c.layer = 9;  // clamps to the last layer
  EXPECT_EQ(sample_texture(o, TexGeom::A1d, c, t.memory()).value[0], 21);
}

TEST(TextureSampling, TexelsOutsideDeviceMemoryAreAnError) {
  Texels t = Texels::of(std::vector<float>{1});
  TextureObject o = array_texture(kF32, 4);  // claims more than there is
  try {
    at(o, t, TexGeom::D1, 3.5);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("outside device memory"), std::string::npos) << e.what();
  }
}

TEST(TextureSampling, GeometryMustFitTheResource) {
  TextureObject o = array_texture(kF32, 4, 4);
  EXPECT_EQ(geometry_problem(o.resource, TexGeom::D2), "");
  EXPECT_EQ(geometry_problem(o.resource, TexGeom::D3), "the .3d geometry does not fit a 2-D resource");
  o.resource.depth = 3;
  o.resource.layered = true;
  EXPECT_EQ(geometry_problem(o.resource, TexGeom::A2d), "");
  EXPECT_EQ(geometry_problem(o.resource, TexGeom::D2), "the .2d geometry does not fit a layered 2-D resource");
}

TEST(TextureObjects, HandlesFromOneAndValidation) {
  TextureObjects table;
  TextureObject o = array_texture(kF32, 4, 4);
  uint64_t a = table.create_texture(o.resource, o.sampling);
  uint64_t b = table.create_surface(o.resource);
  EXPECT_EQ(a, 1u);
  EXPECT_EQ(b, 2u);
  ASSERT_NE(table.find(b), nullptr);
  EXPECT_TRUE(table.find(b)->surface);
  table.destroy(a);
  EXPECT_EQ(table.find(a), nullptr);
  EXPECT_THROW(table.destroy(a), Error);
  EXPECT_EQ(table.create_texture(o.resource, o.sampling), 3u);  // never reused

  auto refusal = [&table](const TextureResource& r, const TextureSampling& s) {
    try {
      table.create_texture(r, s);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("created");
  };
  TextureObject ints = array_texture({ChannelKind::Signed, 32, 1}, 4, 4);
  ints.sampling.filter = FilterMode::Linear;
  EXPECT_NE(refusal(ints.resource, ints.sampling).find("linear filtering needs float texels"), std::string::npos);
  TextureObject pitched = array_texture({ChannelKind::Float, 32, 4}, 4, 4);
  pitched.resource.kind = ResourceKind::Pitch2D;
  pitched.resource.pitch = 8;
  EXPECT_EQ(refusal(pitched.resource, pitched.sampling), "texture object: pitch 8 is smaller than a row of 64 bytes");
  TextureObject cube = array_texture(kF32, 4, 2, 6);
  cube.resource.cubemap = true;
  EXPECT_NE(refusal(cube.resource, cube.sampling).find("square faces"), std::string::npos);
  TextureResource linear;
  linear.address = kBase;
  linear.width = 4;
  EXPECT_THROW(table.create_surface(linear), Error);
}

TEST(ChannelFormats, ParseAndName) {
  ChannelFormat f;
  EXPECT_EQ(parse_channel_format("u8x4", f), "");
  EXPECT_EQ(f.kind, ChannelKind::Unsigned);
  EXPECT_EQ(f.bits, 8);
  EXPECT_EQ(f.channels, 4);
  EXPECT_EQ(f.texel_bytes(), 4u);
  EXPECT_EQ(channel_format_name(f), "u8x4");
  EXPECT_EQ(parse_channel_format("f16x2", f), "");
  EXPECT_EQ(channel_format_name(f), "f16x2");
  EXPECT_EQ(parse_channel_format("s32", f), "");
  EXPECT_EQ(channel_format_name(f), "s32");
  for (const char* bad : {"f8", "q32", "u8x3", "u", "u64", "f32x"}) EXPECT_NE(parse_channel_format(bad, f), "") << bad;
}

}  // namespace
}  // namespace scwarp::func
