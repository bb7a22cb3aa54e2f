// mandelbrot: escape-time iteration counts of the Mandelbrot set in Q4.28
// fixed point. A block is a 32 x 8 pixel tile, one warp per row: rows near
// the set iterate up to the limit while others escape at once, so the warps
// of a block do very different amounts of work (seed 004's warp divergence).
#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kTileW = 32, kTileH = 8;
constexpr int kFrac = 28;

// The kernel's loop, on the CPU: the same integer operations, so the same counts.
uint32_t escape_time(int64_t cx, int64_t cy, int max_iter) {
  int64_t zx = 0, zy = 0;
  int i = 0;
  const int64_t four = int64_t(4) << kFrac;
  while (i < max_iter) {
    const int64_t zx2 = (zx * zx) >> kFrac, zy2 = (zy * zy) >> kFrac;
    if (zx2 + zy2 > four) break;
    const int64_t zxy = (zx * zy) >> (kFrac - 1);
    zx = zx2 - zy2 + cx;
    zy = zxy + cy;
    ++i;
  }
  return uint32_t(i);
}

class MandelbrotWorkload : public Workload {
 public:
  std::string name() const override { return "mandelbrot"; }
  std::string description() const override {
    return "Mandelbrot escape-time counts in fixed point, one warp per tile row: warps of a block do very "
           "different amounts of work (seed 004's intra-TB warp divergence)";
  }
  bool barrier_intensive() const override { return false; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: 512 TBs, about 6 waves of the GTX480's 90 resident 256-thread TBs.
    const uint32_t width = by_size<uint32_t>(size, 64, 256, 512);
    const uint32_t height = by_size<uint32_t>(size, 32, 128, 256);
    const int max_iter = by_size<int>(size, 64, 128, 256);
    // The seed shifts the view a little, so another seed is another input.
    Rng rng(seed);
    const int32_t step = int32_t((int64_t(3) << kFrac) / width);
    const int32_t x0 = -(int32_t(2) << kFrac) + int32_t(rng.below(64)) * step;
    const int32_t y0 = -int32_t(height / 2) * step + int32_t(rng.below(16)) * step;

    const auto& module = load_workload_module(dev, name());
    uint64_t d_iter = dev.upload(std::vector<uint32_t>(size_t(width) * height, 0xdeadbeef));
    dev.launch(module, "mandelbrot", {ceil_div(width, kTileW), ceil_div(height, kTileH), 1}, {kTileW, kTileH, 1}, 0,
               runtime::KernelArgs()
                   .add(d_iter)
                   .add(int32_t(width))
                   .add(int32_t(height))
                   .add(x0)
                   .add(y0)
                   .add(step)
                   .add(int32_t(max_iter)));
    std::vector<uint32_t> got = dev.download<uint32_t>(d_iter, size_t(width) * height);

    std::vector<uint32_t> expected(size_t(width) * height);
    for (uint32_t py = 0; py < height; ++py)
      for (uint32_t px = 0; px < width; ++px)
        expected[size_t(py) * width + px] =
            escape_time(x0 + int64_t(px) * step, y0 + int64_t(py) * step, max_iter);
    return compare_exact(expected, got, "pixel");
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::MandelbrotWorkload, "mandelbrot")
