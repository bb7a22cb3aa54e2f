// srad: speckle-reducing anisotropic diffusion; per iteration the host
// derives q0^2 from a homogeneous region, then two kernels stage 16x16 tiles
// with halos in shared memory behind a barrier (barrier-intensive, 001
// Table 2 "SRAD2").
#include <algorithm>
#include <cmath>

#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kBs = 16;  // 16x16 = 256 threads = 8 warps per TB, as SRAD2 in 001 Table 2
constexpr float kLambda = 0.5f;

// Speckle scale q0^2 = variance / mean^2 over the region of interest: the
// top-left quarter of the image (its first rows/2 rows, first cols/2 columns).
float speckle_scale(const std::vector<float>& roi_rows, uint32_t cols) {
  double sum = 0, sum_sq = 0;
  size_t n = 0;
  for (size_t r = 0; r < roi_rows.size() / cols; ++r)
    for (uint32_t c = 0; c < cols / 2; ++c) {
      double v = roi_rows[r * cols + c];
      sum += v;
      sum_sq += v * v;
      ++n;
    }
  double mean = sum / n;
  return float((sum_sq / n - mean * mean) / (mean * mean));
}

// One SRAD iteration on the CPU, the same arithmetic as kernels/srad.cu.
void reference_iteration(std::vector<float>& J, uint32_t rows, uint32_t cols, float q0sqr) {
  auto at = [&](int r, int c) {
    r = std::clamp(r, 0, int(rows) - 1);
    c = std::clamp(c, 0, int(cols) - 1);
    return size_t(r) * cols + c;
  };
  std::vector<float> dN(J.size()), dS(J.size()), dW(J.size()), dE(J.size()), coeff(J.size());
  for (int r = 0; r < int(rows); ++r)
    for (int c = 0; c < int(cols); ++c) {
      size_t i = at(r, c);
      float jc = J[i];
      float n = J[at(r - 1, c)] - jc, s = J[at(r + 1, c)] - jc;
      float w = J[at(r, c - 1)] - jc, e = J[at(r, c + 1)] - jc;
      float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
      float l = (n + s + w + e) / jc;
      float num = 0.5f * g2 - 0.0625f * (l * l);
      float den = 1.0f + 0.25f * l;
      float qsqr = num / (den * den);
      float excess = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
      dN[i] = n, dS[i] = s, dW[i] = w, dE[i] = e;
      coeff[i] = std::clamp(1.0f / (1.0f + excess), 0.0f, 1.0f);
    }
  for (int r = 0; r < int(rows); ++r)
    for (int c = 0; c < int(cols); ++c) {
      size_t i = at(r, c);
      float here = coeff[i], south = coeff[at(r + 1, c)], east = coeff[at(r, c + 1)];
      J[i] += 0.25f * kLambda * (here * dN[i] + south * dS[i] + here * dW[i] + east * dE[i]);
    }
}

class SradWorkload : public Workload {
 public:
  std::string name() const override { return "srad"; }
  std::string description() const override {
    return "speckle-reducing anisotropic diffusion: per iteration a coefficient kernel and an update "
           "kernel, each staging a 16x16 tile plus halo in shared memory behind a barrier";
  }
  bool barrier_intensive() const override { return true; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: 256 x 320 image = 320 TBs per kernel, about 4 waves of 75 resident.
    const uint32_t rows = by_size<uint32_t>(size, 32, 64, 256);
    const uint32_t cols = by_size<uint32_t>(size, 32, 96, 320);
    const uint32_t iterations = by_size<uint32_t>(size, 2, 3, 4);
    const size_t pixels = size_t(rows) * cols;
    Rng rng(seed);
    // A speckled image: a smooth ramp times multiplicative noise, all positive.
    std::vector<float> image(pixels);
    for (size_t i = 0; i < pixels; ++i) image[i] = (1.0f + float(i % cols) / cols) * rng.uniform(0.5f, 1.5f);

    const auto& module = load_workload_module(dev, name());
    uint64_t d_J = dev.upload(image);
    std::vector<uint64_t> d_work;  // dN, dS, dW, dE, c
    for (int k = 0; k < 5; ++k) d_work.push_back(dev.upload(std::vector<float>(pixels, 0.0f)));
    const runtime::Dim3 grid{cols / kBs, rows / kBs, 1}, block{kBs, kBs, 1};
    std::vector<float> expected = image;
    for (uint32_t it = 0; it < iterations; ++it) {
      float q0sqr = speckle_scale(dev.download<float>(d_J, size_t(rows / 2) * cols), cols);
      runtime::KernelArgs coeff_args;
      coeff_args.add(d_J);
      for (uint64_t p : d_work) coeff_args.add(p);
      dev.launch(module, "srad_coefficients", grid, block, 0,
                 coeff_args.add(int32_t(rows)).add(int32_t(cols)).add(q0sqr));
      runtime::KernelArgs update_args;
      update_args.add(d_J);
      for (uint64_t p : d_work) update_args.add(p);
      dev.launch(module, "srad_update", grid, block, 0,
                 update_args.add(int32_t(rows)).add(int32_t(cols)).add(kLambda));

      std::vector<float> roi(expected.begin(), expected.begin() + size_t(rows / 2) * cols);
      reference_iteration(expected, rows, cols, speckle_scale(roi, cols));
    }
    std::vector<float> got = dev.download<float>(d_J, pixels);
    // Fused multiply-adds on the device and q0^2 derived from the device's own
    // image drift a few ulps per iteration.
    return compare_close(expected, got, "pixel", 1e-4f, 1e-5f);
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::SradWorkload, "srad")
