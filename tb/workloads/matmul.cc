// matmul: tiled dense matrix multiply with shared-memory tiles and two
// barriers per tile step (barrier-intensive, 001 Table 2 "MM").
#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kTile = 16;  // 16x16 = 256 threads = 8 warps per TB, as MM in 001 Table 2

class MatmulWorkload : public Workload {
 public:
  std::string name() const override { return "matmul"; }
  std::string description() const override {
    return "tiled C = A*B with 16x16 thread blocks staging A and B tiles in shared memory, two "
           "barriers per tile step";
  }
  bool barrier_intensive() const override { return true; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: C is 256 x 320 = 320 TBs, about 4 waves of 75 resident TBs.
    const uint32_t rows = by_size<uint32_t>(size, 32, 64, 256);
    const uint32_t cols = by_size<uint32_t>(size, 32, 64, 320);
    const uint32_t inner = by_size<uint32_t>(size, 32, 128, 256);
    Rng rng(seed);
    std::vector<float> a = rng.floats(size_t(rows) * inner, -1.0f, 1.0f);
    std::vector<float> b = rng.floats(size_t(inner) * cols, -1.0f, 1.0f);

    const auto& module = load_workload_module(dev, name());
    uint64_t d_a = dev.upload(a), d_b = dev.upload(b);
    uint64_t d_c = dev.upload(std::vector<float>(size_t(rows) * cols, -1.0f));
    dev.launch(module, "matmul_tiled", {cols / kTile, rows / kTile, 1}, {kTile, kTile, 1}, 0,
               runtime::KernelArgs().add(d_a).add(d_b).add(d_c).add(int32_t(inner)).add(int32_t(cols)));
    std::vector<float> got = dev.download<float>(d_c, size_t(rows) * cols);

    std::vector<float> expected(size_t(rows) * cols);
    for (uint32_t r = 0; r < rows; ++r)
      for (uint32_t c = 0; c < cols; ++c) {
        double sum = 0;
        for (uint32_t k = 0; k < inner; ++k) sum += double(a[size_t(r) * inner + k]) * b[size_t(k) * cols + c];
        expected[size_t(r) * cols + c] = float(sum);
      }
    // Terms in [-1, 1] can cancel: the tolerance scales with the inner length.
    return compare_close(expected, got, "C", 1e-4f, 1e-6f * inner);
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::MatmulWorkload, "matmul")
