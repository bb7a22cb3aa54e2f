// The --texture, --surface and --arg tex:/surf: parsers of `scwarp launch`
// (launch_specs.h), on good text; bad text is in launch_errors_test.cc.
#include <gtest/gtest.h>

#include "sc_model/cli/launch_specs.h"
#include "sc_model/cli/usage_error.h"

namespace scwarp::cli {
namespace {

using func::AddressMode;
using func::ResourceKind;

TEST(TextureSpec, LinearTakesTheDefaultSampling) {
  const TextureSpec t = parse_texture_spec("lut=table:u8x4:linear");
  EXPECT_EQ(t.name, "lut");
  EXPECT_EQ(t.buffer, "table");
  EXPECT_FALSE(t.surface);
  EXPECT_EQ(t.resource.kind, ResourceKind::Linear);
  EXPECT_EQ(t.resource.format.kind, func::ChannelKind::Unsigned);
  EXPECT_EQ(t.resource.format.bits, 8);
  EXPECT_EQ(t.resource.format.channels, 4);
  EXPECT_EQ(t.sampling.filter, func::FilterMode::Point);
  EXPECT_EQ(t.sampling.read, func::ReadMode::ElementType);
  EXPECT_FALSE(t.sampling.normalized_coords);
  EXPECT_EQ(t.sampling.address[0], AddressMode::Clamp);
}

TEST(TextureSpec, Pitch2dWithEverySamplingOption) {
  const TextureSpec t = parse_texture_spec(
      "img=pixels:u8x4:2d:64x32:pitch=512:filter=linear:address=wrap,mirror:normalized:read=normalized:"
      "border=0,0.5,1,-2");
  EXPECT_EQ(t.resource.kind, ResourceKind::Pitch2D);
  EXPECT_EQ(t.resource.width, 64u);
  EXPECT_EQ(t.resource.height, 32u);
  EXPECT_EQ(t.resource.pitch, 512u);
  EXPECT_EQ(t.sampling.filter, func::FilterMode::Linear);
  EXPECT_EQ(t.sampling.address[0], AddressMode::Wrap);
  EXPECT_EQ(t.sampling.address[1], AddressMode::Mirror);
  EXPECT_EQ(t.sampling.address[2], AddressMode::Clamp);
  EXPECT_TRUE(t.sampling.normalized_coords);
  EXPECT_EQ(t.sampling.read, func::ReadMode::NormalizedFloat);
  EXPECT_EQ(t.sampling.border_color, (std::array<float, 4>{0.0f, 0.5f, 1.0f, -2.0f}));
}

TEST(TextureSpec, PitchDefaultsToPackedRowsAndOneAddressModeSetsEveryDimension) {
  const TextureSpec t = parse_texture_spec("img=pixels:f32x2:2d:10x3:address=border");
  EXPECT_EQ(t.resource.pitch, 10u * 8);
  for (AddressMode m : t.sampling.address) EXPECT_EQ(m, AddressMode::Border);
}

TEST(TextureSpec, ArrayExtents) {
  const TextureSpec one_d = parse_texture_spec("a=b:f32:array:16");
  EXPECT_EQ(one_d.resource.kind, ResourceKind::Array);
  EXPECT_EQ(one_d.resource.width, 16u);
  EXPECT_EQ(one_d.resource.height, 0u);
  EXPECT_EQ(one_d.resource.depth, 0u);
  const TextureSpec volume = parse_texture_spec("v=b:s16:array:8x4x2");
  EXPECT_EQ(volume.resource.depth, 2u);
  EXPECT_FALSE(volume.resource.layered);
  // With `layered` the last extent is the layer count: a 1-D layered array has no height.
  const TextureSpec layers_1d = parse_texture_spec("l=b:f32:array:16x3:layered");
  EXPECT_TRUE(layers_1d.resource.layered);
  EXPECT_EQ(layers_1d.resource.height, 0u);
  EXPECT_EQ(layers_1d.resource.depth, 3u);
  const TextureSpec cube = parse_texture_spec("c=b:f32:array:8x8x6:cube");
  EXPECT_TRUE(cube.resource.cubemap);
  EXPECT_EQ(cube.resource.depth, 6u);
}

TEST(SurfaceSpec, IsAnArrayWithoutSampling) {
  const TextureSpec s = parse_surface_spec("out=image:f32:array:4x3");
  EXPECT_TRUE(s.surface);
  EXPECT_EQ(s.buffer, "image");
  EXPECT_EQ(s.resource.kind, ResourceKind::Array);
  EXPECT_EQ(s.resource.width, 4u);
  EXPECT_EQ(s.resource.height, 3u);
  EXPECT_THROW(parse_surface_spec("out=image:f32:2d:4x3"), UsageError);
  EXPECT_THROW(parse_surface_spec("out=image:f32:array:4x3:normalized"), UsageError);
}

TEST(ArgSpec, NamesABufferTextureOrSurface) {
  EXPECT_EQ(parse_arg_spec("ptr:x").source, ArgSpec::Source::Buffer);
  const ArgSpec t = parse_arg_spec("tex:img");
  EXPECT_EQ(t.source, ArgSpec::Source::Texture);
  EXPECT_EQ(t.name, "img");
  EXPECT_EQ(parse_arg_spec("surf:out").source, ArgSpec::Source::Surface);
  EXPECT_EQ(parse_arg_spec("u32:7").source, ArgSpec::Source::Value);
  EXPECT_THROW(parse_arg_spec("tex:9lives"), UsageError);
}

}  // namespace
}  // namespace scwarp::cli
