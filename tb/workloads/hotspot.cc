// hotspot: transient thermal simulation of a chip, one launch per time step,
// 16x16 tiles plus halo staged in shared memory (a single barrier per TB).
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
    return "HotSpot thermal simulation: one launch per time step, each 16x16 block stages its "
           "temperature tile plus a one-cell halo in shared memory, then a 5-point update";
  }
  bool barrier_intensive() const override { return false; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: 256 x 256 chip = 256 TBs per step, about 3-3.5 waves.
    const uint32_t rows = by_size<uint32_t>(size, 32, 64, 256);
    const uint32_t cols = by_size<uint32_t>(size, 48, 128, 256);
    const uint32_t steps = by_size<uint32_t>(size, 3, 4, 10);
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
    const runtime::Dim3 grid{cols / kBs, rows / kBs, 1}, block{kBs, kBs, 1};
    for (uint32_t s = 0; s < steps; ++s) {
      dev.launch(module, "hotspot_step", grid, block, 0,
                 runtime::KernelArgs()
                     .add(d_temp[s % 2]).add(d_power).add(d_temp[(s + 1) % 2])
                     .add(int32_t(rows)).add(int32_t(cols)).add(k.step_div_cap)
                     .add(k.gx).add(k.gy).add(k.gz).add(k.ambient));
      temp = reference_step(temp, power, int(rows), int(cols), k);
    }
    // Fused multiply-adds on the device differ from the host in the last ulps.
    return compare_close(temp, dev.download<float>(d_temp[steps % 2], cells), "temperature", 1e-5f,
                         1e-4f);
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::HotspotWorkload, "hotspot")
