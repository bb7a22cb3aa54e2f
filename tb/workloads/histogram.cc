// histogram: 256-bin byte histogram; blocks count into shared memory with
// shared atomics between two barriers (barrier-intensive, 001 Table 2
// "HISTO"), then a merge kernel sums the per-block histograms.
#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kThreads = 512;  // 16 warps per TB, as HISTO in 001 Table 2
constexpr uint32_t kBins = 256;

// An image-like byte: a quarter of them hit one popular bin (atomic
// conflicts), the rest follow a triangular distribution around 128.
uint32_t skewed_byte(Rng& rng) {
  if (rng.below(4) == 0) return 200;
  return rng.below(128) + rng.below(129);
}

class HistogramWorkload : public Workload {
 public:
  std::string name() const override { return "histogram"; }
  std::string description() const override {
    return "256-bin byte histogram: per-block shared-memory histograms built with conflicting shared "
           "atomics between barriers, then a merge kernel sums the partial histograms";
  }
  bool barrier_intensive() const override { return true; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: 120 TBs, 4 waves of 30 resident; 16 words (64 bytes) per thread.
    const uint32_t blocks = by_size<uint32_t>(size, 4, 16, 120);
    const uint32_t words_per_thread = by_size<uint32_t>(size, 2, 4, 16);
    const uint32_t n_words = blocks * kThreads * words_per_thread;
    Rng rng(seed);
    std::vector<uint32_t> words(n_words);
    for (auto& w : words) {
      w = 0;
      // One statement per byte: the draw order must not depend on the compiler.
      for (int shift = 0; shift < 32; shift += 8) w |= skewed_byte(rng) << shift;
    }

    const auto& module = load_workload_module(dev, name());
    uint64_t d_words = dev.upload(words);
    uint64_t d_partials = dev.upload(std::vector<uint32_t>(size_t(blocks) * kBins, 0xdeadbeef));
    uint64_t d_hist = dev.upload(std::vector<uint32_t>(kBins, 0xdeadbeef));
    dev.launch(module, "histogram_blocks", {blocks, 1, 1}, {kThreads, 1, 1}, 0,
               runtime::KernelArgs().add(d_words).add(int32_t(n_words)).add(d_partials));
    dev.launch(module, "histogram_merge", {1, 1, 1}, {kBins, 1, 1}, 0,
               runtime::KernelArgs().add(d_partials).add(int32_t(blocks)).add(d_hist));
    std::vector<uint32_t> got = dev.download<uint32_t>(d_hist, kBins);

    std::vector<uint32_t> expected(kBins, 0);
    for (uint32_t w : words)
      for (int shift = 0; shift < 32; shift += 8) ++expected[(w >> shift) & 0xff];
    return compare_exact(expected, got, "bin");
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::HistogramWorkload, "histogram")
