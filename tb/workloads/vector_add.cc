// vector_add: c = a + b, one element per thread, 256-thread blocks. The
// streaming kernel simulator speed is quoted on (scwarp bench).
#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kThreads = 256;

class VectorAddWorkload : public Workload {
 public:
  std::string name() const override { return "vector_add"; }
  std::string description() const override {
    return "streaming vector add, one element per thread (memory bound, fully coalesced)";
  }
  bool barrier_intensive() const override { return false; }
  bool microbenchmark() const override { return true; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: 4 M elements, 16384 TBs (~23 waves of 720 resident on GTX480).
    const uint32_t n = by_size<uint32_t>(size, 4096 + 17, (1u << 18) + 17, 1u << 22);
    Rng rng(seed);
    std::vector<float> a = rng.floats(n, -1.0f, 1.0f), b = rng.floats(n, -1.0f, 1.0f);
    const auto& module = load_workload_module(dev, name());
    uint64_t d_a = dev.upload(a), d_b = dev.upload(b);
    uint64_t d_c = dev.upload(std::vector<float>(n, 0.0f));
    dev.launch(module, "vector_add", {ceil_div(n, kThreads), 1, 1}, {kThreads, 1, 1}, 0,
               runtime::KernelArgs().add(d_a).add(d_b).add(d_c).add(int32_t(n)));
    std::vector<float> c(n);
    for (uint32_t i = 0; i < n; ++i) c[i] = a[i] + b[i];
    return compare_exact(c, dev.download<float>(d_c, n), "c");
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::VectorAddWorkload, "vector_add")
