// convolution: separable 17-tap filter over an image, a rows pass and a
// columns pass, each staging a tile plus apron in shared memory, with the
// filter taps in constant memory.
#include <cmath>

#include "tb/workloads/common.h"
#include "tb/workloads/module_symbol.h"

namespace scwarp::workloads {
namespace {

constexpr int kRadius = 8;  // R in kernels/convolution.cu
constexpr int kTaps = 2 * kRadius + 1;
constexpr uint32_t kBx = 32, kBy = 8;

// A normalised Gaussian (sigma = 3) as the filter.
std::vector<float> gaussian_taps() {
  std::vector<float> taps(kTaps);
  float total = 0.0f;
  for (int k = -kRadius; k <= kRadius; ++k) {
    taps[k + kRadius] = std::exp(-float(k * k) / 18.0f);
    total += taps[k + kRadius];
  }
  for (float& t : taps) t /= total;
  return taps;
}

// One pass on the CPU, summing taps in the kernel's order (k = -R..R), zero
// outside the image. Along x when dx = 1, along y when dy = 1.
std::vector<float> reference_pass(const std::vector<float>& in, int width, int height,
                                  const std::vector<float>& taps, int dx, int dy) {
  std::vector<float> out(in.size());
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      float sum = 0.0f;
      for (int k = -kRadius; k <= kRadius; ++k) {
        int sx = x + k * dx, sy = y + k * dy;
        bool inside = sx >= 0 && sx < width && sy >= 0 && sy < height;
        sum += (inside ? in[size_t(sy) * width + sx] : 0.0f) * taps[kRadius - k];
      }
      out[size_t(y) * width + x] = sum;
    }
  return out;
}

class ConvolutionWorkload : public Workload {
 public:
  std::string name() const override { return "convolution"; }
  std::string description() const override {
    return "separable 17-tap convolution: a rows kernel and a columns kernel, each staging a 32x8 "
           "tile plus apron in shared memory (edge threads load the apron), taps in constant memory";
  }
  bool barrier_intensive() const override { return false; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: 256 x 384 = 384 TBs per pass: rows about 6.4 waves, columns 8.5.
    const uint32_t width = by_size<uint32_t>(size, 64, 128, 256);
    const uint32_t height = by_size<uint32_t>(size, 32, 96, 384);
    const size_t pixels = size_t(width) * height;
    Rng rng(seed);
    std::vector<float> image = rng.floats(pixels, 0.0f, 1.0f);
    std::vector<float> taps = gaussian_taps();

    const auto& module = load_workload_module(dev, name());
    copy_to_symbol(dev, module, "filter_taps", taps.data(), taps.size() * sizeof(float));
    uint64_t d_image = dev.upload(image);
    uint64_t d_rows = dev.upload(std::vector<float>(pixels, 0.0f));
    uint64_t d_out = dev.upload(std::vector<float>(pixels, 0.0f));
    const runtime::Dim3 grid{width / kBx, height / kBy, 1}, block{kBx, kBy, 1};
    dev.launch(module, "convolution_rows", grid, block, 0,
               runtime::KernelArgs().add(d_image).add(d_rows).add(int32_t(width)).add(int32_t(height)));
    dev.launch(module, "convolution_columns", grid, block, 0,
               runtime::KernelArgs().add(d_rows).add(d_out).add(int32_t(width)).add(int32_t(height)));

    std::vector<float> rows = reference_pass(image, int(width), int(height), taps, 1, 0);
    std::vector<float> expected = reference_pass(rows, int(width), int(height), taps, 0, 1);
    // The device fuses each multiply-add; the host rounds twice.
    return compare_close(expected, dev.download<float>(d_out, pixels), "filtered pixel", 1e-5f, 1e-6f);
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::ConvolutionWorkload, "convolution")
