// Texture and surface kernels (tests/func/data/textures.cu) on the timing
// model: every result equals the functional engine's, texture fetches go
// through the SM's texture cache (accesses, hits after the first miss of a
// line), surface accesses through the L1 data cache, and a fault is the same
// located error in both modes.
#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <sstream>

#include "sc_model/common/error.h"
#include "sc_model/config/gpu_config.h"
#include "sc_model/gpu/timing_executor.h"

namespace scwarp::gpu {
namespace {

using func::ChannelFormat;
using func::ChannelKind;
using func::FilterMode;
using func::TextureResource;
using func::TextureSampling;
using runtime::KernelArgs;

constexpr ChannelFormat kF32{ChannelKind::Float, 32, 1};

std::string textures_ptx() {
  std::ifstream in(SCWARP_SOURCE_DIR "/tests/func/data/textures.ptx");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The same launches on one device of either kind; returns the output bytes.
struct Scenario {
  runtime::Device& dev;
  const runtime::LoadedModule& m;

  std::vector<float> filtered_image() {
    std::vector<float> texels;  // 16 x 16 float4
    for (int y = 0; y < 16; ++y)
      for (int x = 0; x < 16; ++x) texels.insert(texels.end(), {float(x), float(y), float(x ^ y), 0.5f});
    TextureResource r = dev.malloc_array({ChannelKind::Float, 32, 4}, 16, 16);
    dev.copy_to_device(r.address, texels.data(), texels.size() * 4);
    TextureSampling s;
    s.filter = FilterMode::Linear;
    s.normalized_coords = true;
    s.address = {func::AddressMode::Wrap, func::AddressMode::Mirror, func::AddressMode::Clamp};
    uint64_t out = dev.malloc(16 * 16 * 16);
    dev.launch(m, "sample_2d", {16, 1, 1}, {16, 1, 1}, 0,
               KernelArgs().add(dev.create_texture_object(r, s)).add(out).add(0.3f).add(0.7f).add(1 / 12.f).add(1 / 10.f));
    return dev.download<float>(out, 16 * 16 * 4);
  }

  std::vector<float> fetched_and_doubled() {
    std::vector<float> v(256);
    for (int i = 0; i < 256; ++i) v[i] = float(i * 3 % 17);
    TextureResource lin;
    lin.address = dev.upload(v);
    lin.width = 256;
    uint64_t out = dev.malloc(256 * 4);
    // Two warps per block, 16 texels off the line grid: both warps of a
    // block read the line between them.
    dev.launch(m, "fetch_1d", {4, 1, 1}, {64, 1, 1}, 0,
               KernelArgs().add(dev.create_texture_object(lin, TextureSampling{})).add(out).add(16));
    TextureResource a = dev.malloc_array(kF32, 32, 8), b = dev.malloc_array(kF32, 32, 8);
    dev.copy_to_device(a.address, v.data(), 256 * 4);
    dev.launch(m, "surface_double", {8, 1, 1}, {32, 1, 1}, 0,
               KernelArgs().add(dev.create_surface_object(a)).add(dev.create_surface_object(b)));
    std::vector<float> got = dev.download<float>(out, 256);
    std::vector<float> doubled = dev.download<float>(b.address, 256);
    got.insert(got.end(), doubled.begin(), doubled.end());
    return got;
  }
};

struct TimedDevice {
  TimedDevice() {
    config::GpuConfig cfg = config::load_config_file(SCWARP_SOURCE_DIR "/configs/tiny.config").gpu;
    auto owned = std::make_unique<TimingExecutor>(cfg);
    timing = owned.get();
    dev = std::make_unique<runtime::Device>(std::move(owned));
  }
  TimingExecutor* timing;
  std::unique_ptr<runtime::Device> dev;
};

TEST(TextureTiming, ResultsEqualTheFunctionalEnginesAndUseTheTextureCache) {
  runtime::Device functional;
  Scenario f{functional, functional.load_module(textures_ptx(), "textures.ptx")};
  TimedDevice t;
  Scenario timed{*t.dev, t.dev->load_module(textures_ptx(), "textures.ptx")};

  EXPECT_EQ(timed.filtered_image(), f.filtered_image());
  EXPECT_EQ(timed.fetched_and_doubled(), f.fetched_and_doubled());
  EXPECT_EQ(t.dev->totals().thread_instructions, functional.totals().thread_instructions);

  const stats::RunReport report = t.timing->report();
  const stats::SmCounters sm = report.sm_total();
  EXPECT_EQ(sm.tex_accesses, 24u) << "one per tex warp instruction: 16 one-warp blocks, then 4 x 2 warps";
  EXPECT_GT(sm.l1t.accesses, sm.tex_accesses) << "filtered rows span several lines";
  EXPECT_GT(sm.l1t.misses, 0u);
  EXPECT_GE(sm.l1t.hits + sm.l1t.mshr_merges, 4u) << "the line two warps of a block share";
  EXPECT_EQ(sm.l1t.accesses, sm.l1t.hits + sm.l1t.misses + sm.l1t.mshr_merges + sm.l1t.reservation_fails);
  EXPECT_GT(sm.l1d.accesses, 0u) << "surface accesses go through the L1 data cache";
  EXPECT_GT(report.cycles(), 0u);
}

TEST(TextureTiming, FaultsAreTheSameLocatedErrorInBothModes) {
  auto error_of = [](runtime::Device& dev) {
    const runtime::LoadedModule& m = dev.load_module(textures_ptx(), "textures.ptx");
    uint64_t out = dev.malloc(64);
    try {
      dev.launch(m, "fetch_1d", {1, 1, 1}, {32, 1, 1}, 0, KernelArgs().add(uint64_t(42)).add(out).add(0));
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  runtime::Device functional;
  TimedDevice t;
  const std::string e = error_of(*t.dev);
  EXPECT_NE(e.find("texture handle 42 names no texture object"), std::string::npos) << e;
  EXPECT_EQ(e, error_of(functional));
}

}  // namespace
}  // namespace scwarp::gpu
