// stencil2d: Jacobi steps of a 5-point stencil; each 32x16 block walks a
// strip of four tiles, staging tile + halo in shared memory with two
// barriers per tile (barrier-intensive, 001 Table 2 "STN"); one launch per
// time step.
#include <algorithm>

#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kTx = 32, kTy = 16;   // 512 threads = 16 warps per TB, as STN in 001 Table 2
constexpr uint32_t kTilesPerBlock = 4;   // kernels/stencil2d.cu TILES_PER_BLOCK
constexpr float kCenterWeight = 0.5f, kNeighbourWeight = 0.125f;

std::vector<float> reference_step(const std::vector<float>& in, uint32_t width, uint32_t height) {
  std::vector<float> out = in;
  for (uint32_t y = 1; y + 1 < height; ++y)
    for (uint32_t x = 1; x + 1 < width; ++x) {
      size_t i = size_t(y) * width + x;
      float sum = in[i - width] + in[i + width] + in[i - 1] + in[i + 1];
      out[i] = kCenterWeight * in[i] + kNeighbourWeight * sum;
    }
  return out;
}

class Stencil2dWorkload : public Workload {
 public:
  std::string name() const override { return "stencil2d"; }
  std::string description() const override {
    return "5-point Jacobi stencil, one launch per time step: 32x16 blocks stage a tile plus "
           "divergently loaded halo in shared memory, two barriers per tile, four tiles per block";
  }
  bool barrier_intensive() const override { return true; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: 512 x 512 grid = 16 x 8 = 128 TBs, about 4 waves of 30 resident; 4 steps.
    const uint32_t width = by_size<uint32_t>(size, 64, 128, 512);
    const uint32_t height = by_size<uint32_t>(size, 64, 128, 512);
    const uint32_t steps = by_size<uint32_t>(size, 2, 3, 4);
    Rng rng(seed);
    std::vector<float> grid = rng.floats(size_t(width) * height, 0.0f, 1.0f);

    const auto& module = load_workload_module(dev, name());
    uint64_t d_in = dev.upload(grid);
    uint64_t d_out = dev.upload(std::vector<float>(grid.size(), -1.0f));
    for (uint32_t s = 0; s < steps; ++s) {
      dev.launch(module, "stencil2d_step", {width / kTx, height / (kTy * kTilesPerBlock), 1}, {kTx, kTy, 1}, 0,
                 runtime::KernelArgs().add(d_in).add(d_out).add(int32_t(width)).add(int32_t(height))
                     .add(kCenterWeight).add(kNeighbourWeight));
      std::swap(d_in, d_out);
    }
    std::vector<float> got = dev.download<float>(d_in, grid.size());

    std::vector<float> expected = grid;
    for (uint32_t s = 0; s < steps; ++s) expected = reference_step(expected, width, height);
    // The device may fuse multiply-adds: allow a few ulps per step.
    return compare_close(expected, got, "cell", 1e-5f, 1e-6f);
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::Stencil2dWorkload, "stencil2d")
