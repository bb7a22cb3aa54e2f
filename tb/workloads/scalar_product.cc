// scalar_product: dot products of many vector pairs, one block per pair,
// shared-memory tree reduction (barrier-intensive, 001 Table 2 "SP").
#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kThreads = 512;  // 16 warps per TB, as SP in 001 Table 2

class ScalarProductWorkload : public Workload {
 public:
  std::string name() const override { return "scalar_product"; }
  std::string description() const override {
    return "dot products of many vector pairs, one 512-thread block per pair: strided partial sums "
           "then a shared-memory tree reduction with a barrier per level";
  }
  bool barrier_intensive() const override { return true; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: 120 TBs, 4 waves of the 30 resident (2 per SM: 24 registers x 512 threads).
    const uint32_t pairs = by_size<uint32_t>(size, 4, 24, 120);
    const uint32_t length = by_size<uint32_t>(size, 2048, 4096, 32768);
    Rng rng(seed);
    // Positive inputs: no cancellation, so a relative tolerance is meaningful.
    std::vector<float> a = rng.floats(size_t(pairs) * length, 0.0f, 1.0f);
    std::vector<float> b = rng.floats(size_t(pairs) * length, 0.0f, 1.0f);

    const auto& module = load_workload_module(dev, name());
    uint64_t d_a = dev.upload(a), d_b = dev.upload(b);
    uint64_t d_dots = dev.upload(std::vector<float>(pairs, -1.0f));
    dev.launch(module, "scalar_product", {pairs, 1, 1}, {kThreads, 1, 1}, 0,
               runtime::KernelArgs().add(d_a).add(d_b).add(d_dots).add(int32_t(length)));
    std::vector<float> got = dev.download<float>(d_dots, pairs);

    std::vector<float> expected(pairs);
    for (uint32_t p = 0; p < pairs; ++p) {
      double sum = 0;
      for (uint32_t i = 0; i < length; ++i) sum += double(a[size_t(p) * length + i]) * b[size_t(p) * length + i];
      expected[p] = float(sum);
    }
    return compare_close(expected, got, "dot product", 1e-4f, 0.0f);
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::ScalarProductWorkload, "scalar_product")
