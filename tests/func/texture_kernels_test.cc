// Texture and surface objects in kernels nvcc compiled (data/textures.cu), on
// the functional engine: each fetch's result against values worked out by
// hand, and the located errors of bad handles and accesses.
#include <gtest/gtest.h>

#include <array>

#include "sc_model/common/error.h"
#include "tests/func/kernel_harness.h"

namespace scwarp::test {
namespace {

using func::AddressMode;
using func::ChannelFormat;
using func::ChannelKind;
using func::FilterMode;
using func::TextureResource;
using func::TextureSampling;
using runtime::KernelArgs;

constexpr ChannelFormat kF32{ChannelKind::Float, 32, 1};

class TextureKernels : public ::testing::Test {
 protected:
  template <typename T>
  TextureResource array_of(const std::vector<T>& texels, ChannelFormat f, uint32_t w, uint32_t h = 0,
                           uint32_t d = 0, bool layered = false, bool cubemap = false) {
    TextureResource r = dev.malloc_array(f, w, h, d, layered, cubemap);
    dev.copy_to_device(r.address, texels.data(), texels.size() * sizeof(T));
    return r;
  }
  std::string launch_error(const std::string& kernel, const KernelArgs& args) {
    try {
      dev.launch(m, kernel, {1, 1, 1}, {1, 1, 1}, 0, args);
    } catch (const Error& e) {
      return e.what();
    }
    return "no error";
  }
  runtime::Device dev;
  const runtime::LoadedModule& m = dev.load_module(read_text(data_path("textures.ptx")), "textures.ptx");
};

TEST_F(TextureKernels, Fetch1DReadsZeroPastTheEnd) {
  std::vector<float> v(64);
  for (int i = 0; i < 64; ++i) v[i] = 0.5f * float(i);
  TextureResource r;
  r.address = dev.upload(v);
  r.width = 64;
  uint64_t tex = dev.create_texture_object(r, TextureSampling{});
  uint64_t out = dev.malloc(64 * 4);
  dev.launch(m, "fetch_1d", {2, 1, 1}, {32, 1, 1}, 0, KernelArgs().add(tex).add(out).add(8));
  auto got = dev.download<float>(out, 64);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(got[i], i + 8 < 64 ? v[i + 8] : 0.0f) << i;
}

TEST_F(TextureKernels, Sample2DPointThenLinearNormalised) {
  std::vector<float> texels;  // (x, y, x*y, 1) per texel of a 4x4 float4 array
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) texels.insert(texels.end(), {float(x), float(y), float(x * y), 1.f});
  TextureResource r = array_of(texels, {ChannelKind::Float, 32, 4}, 4, 4);
  uint64_t point = dev.create_texture_object(r, TextureSampling{});
  uint64_t out = dev.malloc(16 * 16);
  dev.launch(m, "sample_2d", {4, 1, 1}, {4, 1, 1}, 0, KernelArgs().add(point).add(out).add(0.5f).add(0.5f).add(1.f).add(1.f));
  auto got = dev.download<float>(out, 64);
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 4; ++k) EXPECT_EQ(got[i * 4 + k], texels[i * 4 + k]) << i << "," << k;

  TextureSampling linear;
  linear.filter = FilterMode::Linear;
  linear.normalized_coords = true;
  uint64_t filtered = dev.create_texture_object(r, linear);
  // u = (x + 1) / 4 normalised: texel space x + 1, half way between x and x + 1.
  dev.launch(m, "sample_2d", {4, 1, 1}, {4, 1, 1}, 0,
             KernelArgs().add(filtered).add(out).add(1.0f).add(0.5f).add(0.25f).add(0.25f));
  got = dev.download<float>(out, 64);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) {
      int right = std::min(x + 1, 3);
      EXPECT_EQ(got[(y * 4 + x) * 4], 0.5f * float(x + right)) << x << "," << y;
      EXPECT_EQ(got[(y * 4 + x) * 4 + 1], float(y));
    }
}

TEST_F(TextureKernels, IntegerTexelsAndThreeDimensions) {
  std::vector<int32_t> ints;
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 8; ++x) ints.push_back(100 * y + x);
  uint64_t t2 = dev.create_texture_object(array_of(ints, {ChannelKind::Signed, 32, 1}, 8, 2), TextureSampling{});
  uint64_t out = dev.malloc(16 * 4);
  dev.launch(m, "sample_2d_int", {2, 1, 1}, {8, 1, 1}, 0, KernelArgs().add(t2).add(out));
  EXPECT_EQ(dev.download<int32_t>(out, 16), ints);

  std::vector<float> vol;
  for (int z = 0; z < 3; ++z)
    for (int y = 0; y < 4; ++y)
      for (int x = 0; x < 4; ++x) vol.push_back(float(x + 10 * y + 100 * z));
  uint64_t t3 = dev.create_texture_object(array_of(vol, kF32, 4, 4, 3), TextureSampling{});
  dev.launch(m, "sample_3d", {4, 1, 1}, {4, 1, 1}, 0, KernelArgs().add(t3).add(out).add(1.5f));
  auto got = dev.download<float>(out, 16);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(got[i], float(i % 4 + 10 * (i / 4) + 100)) << i;
}

TEST_F(TextureKernels, LayersCubemapFacesAndGather) {
  std::vector<float> layers;
  for (int l = 0; l < 3; ++l)
    for (int x = 0; x < 8; ++x) layers.push_back(float(100 * l + x));
  uint64_t layered = dev.create_texture_object(array_of(layers, kF32, 8, 1, 3, true), TextureSampling{});
  uint64_t out = dev.malloc(16 * 4);
  dev.launch(m, "sample_layered", {1, 1, 1}, {8, 1, 1}, 0, KernelArgs().add(layered).add(out).add(2));
  auto got = dev.download<float>(out, 8);
  for (int x = 0; x < 8; ++x) EXPECT_EQ(got[x], float(200 + x));

  std::vector<float> faces{0, 10, 20, 30, 40, 50};
  uint64_t cube = dev.create_texture_object(array_of(faces, kF32, 1, 1, 6, false, true), TextureSampling{});
  dev.launch(m, "sample_cube", {1, 1, 1}, {12, 1, 1}, 0, KernelArgs().add(cube).add(out));
  got = dev.download<float>(out, 12);
  for (int i = 0; i < 12; ++i) EXPECT_EQ(got[i], float(10 * (i % 6))) << i;  // +x -x +y -y +z -z

  std::vector<float> two;  // (r, g) = (-1, 100 + 10 y + x)
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 2; ++x) two.insert(two.end(), {-1.f, float(100 + 10 * y + x)});
  uint64_t pair = dev.create_texture_object(array_of(two, {ChannelKind::Float, 32, 2}, 2, 2), TextureSampling{});
  dev.launch(m, "gather_2d", {1, 1, 1}, {1, 1, 1}, 0, KernelArgs().add(pair).add(out).add(1.f).add(1.f));
  EXPECT_EQ(dev.download<float>(out, 4), (std::vector<float>{110, 111, 101, 100}));
}

TEST_F(TextureKernels, SurfacesReadAndWrite) {
  std::vector<float> src(32);
  for (int i = 0; i < 32; ++i) src[i] = float(i) - 7.5f;
  TextureResource a = array_of(src, kF32, 8, 4);
  TextureResource b = dev.malloc_array(kF32, 8, 4);
  dev.launch(m, "surface_double", {4, 1, 1}, {8, 1, 1}, 0,
             KernelArgs().add(dev.create_surface_object(a)).add(dev.create_surface_object(b)));
  auto got = dev.download<float>(b.address, 32);
  for (int i = 0; i < 32; ++i) EXPECT_EQ(got[i], 2 * src[i]) << i;
}

TEST_F(TextureKernels, SurfaceBoundaryModes) {
  std::vector<uint8_t> texels;
  for (int i = 0; i < 16; ++i) texels.push_back(uint8_t(i + 1));
  uint64_t s = dev.create_surface_object(array_of(texels, {ChannelKind::Unsigned, 8, 4}, 4));
  uint64_t out = dev.malloc(8);
  dev.launch(m, "surface_bounds", {1, 1, 1}, {1, 1, 1}, 0, KernelArgs().add(s).add(out).add(9));
  EXPECT_EQ(dev.download<uint8_t>(out, 8), (std::vector<uint8_t>{13, 14, 15, 16, 0, 0, 0, 0}));  // clamp, zero
  dev.launch(m, "surface_bounds", {1, 1, 1}, {1, 1, 1}, 0, KernelArgs().add(s).add(out).add(-1));
  EXPECT_EQ(dev.download<uint8_t>(out, 8), (std::vector<uint8_t>{1, 2, 3, 4, 0, 0, 0, 0}));
  std::string e = launch_error("surface_trap", KernelArgs().add(s).add(out).add(4));
  EXPECT_NE(e.find("surface access at x = 16 bytes, y = 0, z = 0 is outside the surface (4 x 1 x 1 texels of 4 bytes)"),
            std::string::npos) << e;
  EXPECT_NE(e.find("kernel surface_trap block (0,0,0) thread (0,0,0)"), std::string::npos) << e;
}

TEST_F(TextureKernels, QueryWidthHeightAndNormalisation) {
  TextureResource r;
  r.kind = func::ResourceKind::Pitch2D;
  r.format = kF32;
  r.width = 5, r.height = 3, r.pitch = 32;
  r.address = dev.malloc(r.bytes());
  TextureSampling s;
  s.normalized_coords = true;
  uint64_t out = dev.malloc(12);
  dev.launch(m, "query", {1, 1, 1}, {1, 1, 1}, 0, KernelArgs().add(dev.create_texture_object(r, s)).add(out));
  EXPECT_EQ(dev.download<uint32_t>(out, 3), (std::vector<uint32_t>{5, 3, 1}));
}

TEST_F(TextureKernels, BadHandlesAndGeometriesAreLocatedErrors) {
  uint64_t out = dev.malloc(64);
  std::string e = launch_error("fetch_1d", KernelArgs().add(uint64_t(99)).add(out).add(0));
  EXPECT_NE(e.find("texture handle 99 names no texture object"), std::string::npos) << e;
  EXPECT_NE(e.find("kernel fetch_1d block (0,0,0) thread (0,0,0)"), std::string::npos) << e;

  TextureResource flat = array_of(std::vector<float>(16, 1.f), kF32, 4, 4);
  uint64_t surface = dev.create_surface_object(flat);
  e = launch_error("fetch_1d", KernelArgs().add(surface).add(out).add(0));
  EXPECT_NE(e.find("is a surface object, 'tex.1d.v4.f32.s32' needs a texture object"), std::string::npos) << e;

  uint64_t tex2d = dev.create_texture_object(flat, TextureSampling{});
  e = launch_error("sample_3d", KernelArgs().add(tex2d).add(out).add(0.f));
  EXPECT_NE(e.find("the .3d geometry does not fit a 2-D resource"), std::string::npos) << e;

  dev.destroy_texture_object(tex2d);
  e = launch_error("sample_2d_int", KernelArgs().add(tex2d).add(out));
  EXPECT_NE(e.find("names no texture object"), std::string::npos) << e;
}

TEST_F(TextureKernels, ObjectsMustLieInDeviceMemory) {
  TextureResource r = dev.malloc_array(kF32, 4, 4);
  r.width = 400;  // past its allocation
  EXPECT_THROW(dev.create_texture_object(r, TextureSampling{}), Error);
  EXPECT_THROW(dev.malloc_array(kF32, 4, 0, 0, false, true), Error);  // a cubemap of one row
}

}  // namespace
}  // namespace scwarp::test
