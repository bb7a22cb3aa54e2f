// micro_locality: the cache-locality microkernel on which GTO should beat
// round robin (kernels/micro_locality.cu says why). 6 blocks of 256 threads,
// 5 resident at once on a GTX480 SM (24 registers): 40 warps x 4 lines = 160
// lines against a 128-line L1. Each warp's ring visits its lines in a seeded
// order.
#include <algorithm>
#include <numeric>

#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kThreads = 256;
constexpr uint32_t kLines = 4;  // each warp's working set, in lines

class MicroLocalityWorkload : public Workload {
 public:
  std::string name() const override { return "micro_locality"; }
  std::string description() const override {
    return "microkernel: each warp walks a ring of dependent loads through its own 4-line working "
           "set; all sets exceed the L1 (greedy-then-oldest's case, seed 001 Sec. 2.2)";
  }
  bool barrier_intensive() const override { return false; }
  bool microbenchmark() const override { return true; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    const uint32_t blocks = 6, threads = blocks * kThreads, warps = threads / 32;
    const int steps = by_size<int>(size, 32, 128, 512);
    Rng rng(seed);
    // next[(warp * kLines + line) * 32 + lane]: the line after `line` in the warp's ring.
    std::vector<int32_t> next(size_t(threads) * kLines);
    for (uint32_t w = 0; w < warps; ++w) {
      std::vector<uint32_t> ring(kLines);
      std::iota(ring.begin(), ring.end(), 0u);
      for (uint32_t i = kLines - 1; i > 1; --i) std::swap(ring[i], ring[1 + rng.next_u32() % i]);
      for (uint32_t i = 0; i < kLines; ++i)
        for (uint32_t lane = 0; lane < 32; ++lane)
          next[(w * kLines + ring[i]) * 32 + lane] = int32_t(ring[(i + 1) % kLines]);
    }
    const auto& module = load_workload_module(dev, name());
    uint64_t d_next = dev.upload(next);
    uint64_t d_out = dev.upload(std::vector<int32_t>(threads, 0));
    dev.launch(module, "micro_locality", {blocks, 1, 1}, {kThreads, 1, 1}, 0,
               runtime::KernelArgs().add(d_next).add(d_out).add(int32_t(steps)).add(int32_t(kLines)));
    std::vector<int32_t> out(threads, 0);
    for (uint32_t t = 0; t < threads; ++t) {
      const uint32_t warp = t / 32, lane = t % 32;
      int32_t line = 0;
      for (int s = 0; s < steps; ++s) {
        line = next[(warp * kLines + uint32_t(line)) * 32 + lane];
        out[t] += line;
      }
    }
    return compare_exact(out, dev.download<int32_t>(d_out, threads), "out");
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::MicroLocalityWorkload, "micro_locality")
