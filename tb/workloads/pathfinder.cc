// pathfinder: cheapest top-to-bottom path through a grid of weights by
// dynamic programming, several rows per launch in a shared-memory row with
// barriers between rows and overlapping (redundantly recomputed) block edges.
#include <algorithm>

#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kThreads = 256;  // B in kernels/pathfinder.cu

// Minimal path cost to each cell of the last row.
std::vector<int32_t> reference_costs(const std::vector<int32_t>& wall, uint32_t rows, uint32_t cols) {
  std::vector<int32_t> cost(wall.begin(), wall.begin() + cols), next(cols);
  for (uint32_t r = 1; r < rows; ++r) {
    for (uint32_t c = 0; c < cols; ++c) {
      int32_t best = cost[c];
      if (c > 0) best = std::min(best, cost[c - 1]);
      if (c + 1 < cols) best = std::min(best, cost[c + 1]);
      next[c] = wall[size_t(r) * cols + c] + best;
    }
    std::swap(cost, next);
  }
  return cost;
}

class PathfinderWorkload : public Workload {
 public:
  std::string name() const override { return "pathfinder"; }
  std::string description() const override {
    return "pathfinder dynamic programming: each launch advances several grid rows in a "
           "shared-memory row (barrier per row), blocks overlap and recompute their edges";
  }
  bool barrier_intensive() const override { return false; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    const uint32_t rows_per_launch = by_size<uint32_t>(size, 8, 16, 16);
    const uint32_t columns_per_block = kThreads - 2 * rows_per_launch;
    // paper: 270 TBs per launch, 3 waves of 90 resident; 64 rows in 4 launches.
    const uint32_t cols = by_size<uint32_t>(size, 3 * columns_per_block + 17, 12 * columns_per_block,
                                            270 * columns_per_block);
    const uint32_t rows = by_size<uint32_t>(size, 21, 33, 65);
    Rng rng(seed);
    std::vector<int32_t> wall = rng.ints(size_t(rows) * cols, 0, 9);

    const auto& module = load_workload_module(dev, name());
    uint64_t d_wall = dev.upload(wall);
    uint64_t d_cost[2] = {dev.upload(std::vector<int32_t>(wall.begin(), wall.begin() + cols)),
                          dev.upload(std::vector<int32_t>(cols, 0))};
    const runtime::Dim3 grid{ceil_div(cols, columns_per_block), 1, 1}, block{kThreads, 1, 1};
    uint32_t launches = 0;
    for (uint32_t row = 1; row < rows; row += rows_per_launch, ++launches) {
      uint32_t steps = std::min(rows_per_launch, rows - row);
      // A shorter last launch widens every block's output, so the same grid still covers all columns.
      dev.launch(module, "pathfinder_rows", grid, block, 0,
                 runtime::KernelArgs()
                     .add(d_wall).add(d_cost[launches % 2]).add(d_cost[(launches + 1) % 2])
                     .add(int32_t(cols)).add(int32_t(row)).add(int32_t(steps)));
    }
    return compare_exact(reference_costs(wall, rows, cols),
                         dev.download<int32_t>(d_cost[launches % 2], cols), "path cost of column");
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::PathfinderWorkload, "pathfinder")
