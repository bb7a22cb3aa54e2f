// hotspot: transient thermal simulation of a chip, several time steps per
// launch on 16x16 shared-memory tiles whose valid region shrinks every step
// (a pyramid: overlapping blocks, idle outer threads, barriers per step).
#include <algorithm>

#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kBs = 16;

// Thermal constants of the step, already combined the way the kernel uses them.
struct Thermal {
  float step_div_cap = 0.02f;  // time step over the cell's heat capacity
  float gx = 0.9f, gy = 0.7f;  // lateral conductances (cells are not square)
  float gz = 0.05f;            // conductance to the heat sink
  float ambient = 80.0f;
};

// One time step on the CPU, the same arithmetic as kernels/hotspot.cu.
std::vector<float> reference_step(const std::vector<float>& temp, const std::vector<float>& power,
                                  int rows, int cols, const Thermal& k) {
  auto at = [&](int r, int c) {
    return temp[size_t(std::clamp(r, 0, rows - 1)) * cols + std::clamp(c, 0, cols - 1)];
  };
  std::vector<float> next(temp.size());
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      size_t i = size_t(r) * cols + c;
      float here = temp[i];
      float vertical = at(r - 1, c) + at(r + 1, c) - 2.0f * here;
      float horizontal = at(r, c - 1) + at(r, c + 1) - 2.0f * here;
      float flow = power[i] + vertical * k.gy + horizontal * k.gx + (k.ambient - here) * k.gz;
      next[i] = here + k.step_div_cap * flow;
    }
  return next;
}

class HotspotWorkload : public Workload {
 public:
  std::string name() const override { return "hotspot"; }
  std::string description() const override {
    return "HotSpot thermal simulation: each launch runs several 5-point time steps on a 16x16 "
           "shared-memory tile whose valid interior shrinks per step (overlapping blocks, divergence)";
  }
  bool barrier_intensive() const override { return false; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: 256 x 256 chip, 2 steps per launch = 22 x 22 = 484 TBs, about 5.4 waves of 90 resident.
    const uint32_t rows = by_size<uint32_t>(size, 32, 64, 256);
    const uint32_t cols = by_size<uint32_t>(size, 48, 128, 256);
    const uint32_t steps = by_size<uint32_t>(size, 5, 6, 10);
    const uint32_t steps_per_launch = by_size<uint32_t>(size, 2, 3, 2);
    const uint32_t interior = kBs - 2 * steps_per_launch;
    const size_t cells = size_t(rows) * cols;
    const Thermal k;
    Rng rng(seed);
    std::vector<float> temp = rng.floats(cells, 70.0f, 90.0f);
    // A few hot functional units over a low background.
    std::vector<float> power = rng.floats(cells, 0.0f, 0.5f);
    for (size_t i = 0; i < cells; ++i)
      if (rng.below(16) == 0) power[i] += 5.0f;

    const auto& module = load_workload_module(dev, name());
    uint64_t d_power = dev.upload(power);
    uint64_t d_temp[2] = {dev.upload(temp), dev.upload(std::vector<float>(cells, 0.0f))};
    const runtime::Dim3 grid{ceil_div(cols, interior), ceil_div(rows, interior), 1}, block{kBs, kBs, 1};
    uint32_t launches = 0;
    for (uint32_t done = 0; done < steps; done += steps_per_launch, ++launches) {
      // A shorter last launch widens every block's interior, so the same grid still covers the chip.
      uint32_t now = std::min(steps_per_launch, steps - done);
      dev.launch(module, "hotspot_steps", grid, block, 0,
                 runtime::KernelArgs()
                     .add(d_temp[launches % 2]).add(d_power).add(d_temp[(launches + 1) % 2])
                     .add(int32_t(rows)).add(int32_t(cols)).add(int32_t(now)).add(k.step_div_cap)
                     .add(k.gx).add(k.gy).add(k.gz).add(k.ambient));
      for (uint32_t s = 0; s < now; ++s) temp = reference_step(temp, power, int(rows), int(cols), k);
    }
    // Fused multiply-adds on the device differ from the host in the last ulps.
    return compare_close(temp, dev.download<float>(d_temp[launches % 2], cells), "temperature", 1e-5f,
                         1e-4f);
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::HotspotWorkload, "hotspot")
