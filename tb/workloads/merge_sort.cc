// merge_sort: sorts a batch of independent segments of 32-bit keys. Blocks
// sort 512-key tiles in shared memory with a barrier between merge steps
// (barrier-intensive, 001 Table 2 "MS"), then global merge passes double the
// sorted run length until each segment is one run.
#include <algorithm>

#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kThreads = 256;  // 8 warps per TB, as MS in 001 Table 2
constexpr uint32_t kTile = 512;     // keys per merge_sort_tiles block (kernels/merge_sort.cu TILE)

class MergeSortWorkload : public Workload {
 public:
  std::string name() const override { return "merge_sort"; }
  std::string description() const override {
    return "merge sort of independent key segments: 512-key tiles merged in shared memory with a "
           "barrier per merge step (binary-search ranks through a non-inlined call), then global "
           "merge passes";
  }
  bool barrier_intensive() const override { return true; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: 20 segments of 4096 keys = 160 tile TBs (2.1 waves of 75 resident),
    // then 3 passes of 320 TBs. Segment lengths are powers of two times kTile.
    const uint32_t segment = by_size<uint32_t>(size, 2 * kTile, 8 * kTile, 8 * kTile);
    const uint32_t segments = by_size<uint32_t>(size, 2, 2, 20);
    const uint32_t n = segment * segments;
    Rng rng(seed);
    // Keys drawn from [0, segment/4): many duplicates, so tie handling is exercised.
    std::vector<uint32_t> keys(n);
    for (auto& k : keys) k = rng.below(segment / 4);

    const auto& module = load_workload_module(dev, name());
    uint64_t d_src = dev.upload(keys);
    uint64_t d_dst = dev.upload(std::vector<uint32_t>(n, 0));
    dev.launch(module, "merge_sort_tiles", {n / kTile, 1, 1}, {kThreads, 1, 1}, 0,
               runtime::KernelArgs().add(d_src));
    // Runs never straddle a segment boundary: the last pass merges a segment's two halves.
    for (uint32_t width = kTile; width < segment; width *= 2) {
      dev.launch(module, "merge_pass", {ceil_div(n, kThreads), 1, 1}, {kThreads, 1, 1}, 0,
                 runtime::KernelArgs().add(d_src).add(d_dst).add(int32_t(n)).add(int32_t(width)));
      std::swap(d_src, d_dst);
    }
    std::vector<uint32_t> got = dev.download<uint32_t>(d_src, n);

    std::vector<uint32_t> expected = keys;
    for (uint32_t s = 0; s < segments; ++s)
      std::sort(expected.begin() + size_t(s) * segment, expected.begin() + size_t(s + 1) * segment);
    return compare_exact(expected, got, "sorted keys");
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::MergeSortWorkload, "merge_sort")
