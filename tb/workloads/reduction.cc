// reduction: parallel sum of 32-bit words (mod 2^32) in two launches of the
// same kernel: many blocks write partial sums, then one block adds them up;
// shared-memory halving down to one warp, warp shuffles for the rest.
#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kThreads = 256;  // THREADS in kernels/reduction.cu

// Block b's partial sum: thread t of every block covers indices
// b * 256 + t + k * grid * 256, so block b owns the 256-word chunks whose
// number is b modulo the grid.
std::vector<uint32_t> reference_partials(const std::vector<uint32_t>& in, uint32_t grid) {
  std::vector<uint32_t> partial(grid, 0);
  for (size_t i = 0; i < in.size(); ++i) partial[(i / kThreads) % grid] += in[i];
  return partial;
}

class ReductionWorkload : public Workload {
 public:
  std::string name() const override { return "reduction"; }
  std::string description() const override {
    return "parallel sum reduction: grid-stride accumulation, shared-memory halving with a barrier per "
           "level down to one warp, warp shuffles for the last five levels, then one block over the partials";
  }
  bool barrier_intensive() const override { return false; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: 360 TBs, 4 waves of 90 resident, 32 words per thread.
    const uint32_t grid = by_size<uint32_t>(size, 6, 40, 360);
    const uint32_t words_per_thread = by_size<uint32_t>(size, 4, 16, 32);
    // A ragged tail exercises the bounds check of the grid-stride loop.
    const uint32_t n = grid * kThreads * words_per_thread + 77;
    Rng rng(seed);
    std::vector<uint32_t> data = rng.u32s(n);

    const auto& module = load_workload_module(dev, name());
    uint64_t d_data = dev.upload(data);
    uint64_t d_partials = dev.upload(std::vector<uint32_t>(grid, 0));
    uint64_t d_total = dev.upload(std::vector<uint32_t>{0});
    dev.launch(module, "reduce_sum", {grid, 1, 1}, {kThreads, 1, 1}, 0,
               runtime::KernelArgs().add(d_data).add(d_partials).add(int32_t(n)));
    dev.launch(module, "reduce_sum", {1, 1, 1}, {kThreads, 1, 1}, 0,
               runtime::KernelArgs().add(d_partials).add(d_total).add(int32_t(grid)));

    std::vector<uint32_t> partials = reference_partials(data, grid);
    uint32_t total = 0;
    for (uint32_t p : partials) total += p;
    return all_of({compare_exact(partials, dev.download<uint32_t>(d_partials, grid), "block partial sum"),
                   compare_exact({total}, dev.download<uint32_t>(d_total, 1), "total sum")});
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::ReductionWorkload, "reduction")
