// micro_locality: the cache-locality microkernel on which GTO should beat
// round robin (kernels/micro_locality.cu says why). 6 blocks of 256 threads:
// 48 warps x 4 lines = 192 lines against a 128-line GTX480 L1.
#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kThreads = 256;
constexpr uint32_t kLines = 4;  // LINES in kernels/micro_locality.cu

class MicroLocalityWorkload : public Workload {
 public:
  std::string name() const override { return "micro_locality"; }
  std::string description() const override {
    return "microkernel: each warp re-sweeps its own 4-line working set; all sets exceed the L1 "
           "(greedy-then-oldest's case, seed 001 Sec. 2.2)";
  }
  bool barrier_intensive() const override { return false; }
  bool microbenchmark() const override { return true; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    const uint32_t blocks = 6, threads = blocks * kThreads;
    const int sweeps = by_size<int>(size, 4, 16, 64);
    Rng rng(seed);
    std::vector<float> in = rng.floats(size_t(threads) * kLines, 0.0f, 1.0f);
    const auto& module = load_workload_module(dev, name());
    uint64_t d_in = dev.upload(in);
    uint64_t d_out = dev.upload(std::vector<float>(threads, 0.0f));
    dev.launch(module, "micro_locality", {blocks, 1, 1}, {kThreads, 1, 1}, 0,
               runtime::KernelArgs().add(d_in).add(d_out).add(int32_t(sweeps)));
    std::vector<float> out(threads, 0.0f);
    for (uint32_t t = 0; t < threads; ++t) {
      const uint32_t warp = t / 32, lane = t % 32;
      for (int s = 0; s < sweeps; ++s)
        for (uint32_t l = 0; l < kLines; ++l)
          out[t] += in[(warp * kLines + l) * 32 + lane] * float(s + 1);
    }
    return compare_close(out, dev.download<float>(d_out, threads), "out", 1e-5f, 1e-5f);
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::MicroLocalityWorkload, "micro_locality")
