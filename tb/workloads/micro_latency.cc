// micro_latency: the latency-bound microkernel on which two-level scheduling
// should beat round robin (kernels/micro_latency.cu says why). One SM's worth
// of warps per wave: 6 blocks of 256 threads fill a GTX480 SM's 48 warps.
#include <cmath>

#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kThreads = 256;
constexpr int kWork = 24;  // WORK in kernels/micro_latency.cu

// What thread `tid` computes, with the fused multiply-adds nvcc emits.
float reference(const std::vector<float>& in, uint32_t tid, int iters, uint32_t stride) {
  float acc = 0.0f, x = float(tid) * 1e-3f;
  for (int i = 0; i < iters; ++i) {
    float v = in[tid + i * stride];
    for (int k = 0; k < kWork; ++k) x = std::fma(x, 0.999f, 0.25f);
    acc = std::fma(v, x, acc);
  }
  return acc;
}

class MicroLatencyWorkload : public Workload {
 public:
  std::string name() const override { return "micro_latency"; }
  std::string description() const override {
    return "microkernel: streaming loads whose use waits behind independent arithmetic "
           "(two-level scheduling's case, seed 002 Sec. 3.2)";
  }
  bool barrier_intensive() const override { return false; }
  bool microbenchmark() const override { return true; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    const uint32_t blocks = 6;
    const int iters = by_size<int>(size, 8, 32, 128);
    const uint32_t stride = blocks * kThreads;
    Rng rng(seed);
    std::vector<float> in = rng.floats(size_t(stride) * iters, -1.0f, 1.0f);
    const auto& module = load_workload_module(dev, name());
    uint64_t d_in = dev.upload(in);
    uint64_t d_out = dev.upload(std::vector<float>(stride, 0.0f));
    dev.launch(module, "micro_latency", {blocks, 1, 1}, {kThreads, 1, 1}, 0,
               runtime::KernelArgs().add(d_in).add(d_out).add(int32_t(iters)).add(int32_t(stride)));
    std::vector<float> out(stride);
    for (uint32_t t = 0; t < stride; ++t) out[t] = reference(in, t, iters, stride);
    return compare_close(out, dev.download<float>(d_out, stride), "out", 1e-5f, 1e-5f);
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::MicroLatencyWorkload, "micro_latency")
