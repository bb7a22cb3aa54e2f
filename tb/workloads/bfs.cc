// bfs: level-synchronous breadth-first search from node 0 of a random
// directed graph with skewed out-degrees (mostly 1-4, a few hubs), one
// thread per node; the host relaunches the expand/advance pair until no node
// joins the frontier (irregular, divergent, data-dependent iteration count).
#include <deque>

#include <fmt/format.h>

#include "sc_model/common/error.h"
#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kThreads = 256;

struct Graph {
  std::vector<int32_t> row_offsets;  // nodes + 1 entries
  std::vector<int32_t> neighbours;
};

// Out-degrees are mostly small with one node in 64 a hub of 32-64 edges, so
// frontier threads of one warp do very different amounts of work.
Graph random_graph(uint32_t nodes, Rng& rng) {
  Graph g;
  g.row_offsets.reserve(nodes + 1);
  g.row_offsets.push_back(0);
  for (uint32_t v = 0; v < nodes; ++v) {
    uint32_t degree = rng.below(64) == 0 ? 32 + rng.below(33) : 1 + rng.below(4);
    for (uint32_t e = 0; e < degree; ++e) g.neighbours.push_back(int32_t(rng.below(nodes)));
    g.row_offsets.push_back(int32_t(g.neighbours.size()));
  }
  return g;
}

// BFS levels from node 0; -1 where unreachable.
std::vector<int32_t> reference_levels(const Graph& g, uint32_t nodes) {
  std::vector<int32_t> level(nodes, -1);
  std::deque<int32_t> queue{0};
  level[0] = 0;
  while (!queue.empty()) {
    int32_t v = queue.front();
    queue.pop_front();
    for (int32_t e = g.row_offsets[v]; e < g.row_offsets[v + 1]; ++e) {
      int32_t u = g.neighbours[e];
      if (level[u] < 0) {
        level[u] = level[v] + 1;
        queue.push_back(u);
      }
    }
  }
  return level;
}

class BfsWorkload : public Workload {
 public:
  std::string name() const override { return "bfs"; }
  std::string description() const override {
    return "level-synchronous BFS over a random skewed-degree graph, one thread per node, relaunched "
           "until the frontier is empty: irregular memory accesses and divergent frontier threads";
  }
  bool barrier_intensive() const override { return false; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: 131072 nodes = 512 TBs per launch, about 5.7 waves of 90 resident.
    const uint32_t nodes = by_size<uint32_t>(size, 2048, 16384, 131072);
    Rng rng(seed);
    Graph g = random_graph(nodes, rng);

    const auto& module = load_workload_module(dev, name());
    std::vector<int32_t> start(nodes, 0), cost(nodes, -1);
    start[0] = 1;
    cost[0] = 0;
    uint64_t d_offsets = dev.upload(g.row_offsets), d_neighbours = dev.upload(g.neighbours);
    uint64_t d_frontier = dev.upload(start), d_visited = dev.upload(start);
    uint64_t d_next = dev.upload(std::vector<int32_t>(nodes, 0));
    uint64_t d_cost = dev.upload(cost);
    uint64_t d_changed = dev.upload(std::vector<int32_t>{0});
    const runtime::Dim3 grid{ceil_div(nodes, kThreads), 1, 1}, block{kThreads, 1, 1};

    // Every level adds at least one node, so more levels than nodes means
    // the kernels are not converging.
    for (uint32_t level = 0;; ++level) {
      if (level > nodes)
        throw Error(fmt::format("bfs: frontier still changing after {} levels of a {}-node graph",
                                level, nodes));
      const int32_t zero = 0;
      dev.copy_to_device(d_changed, &zero, sizeof zero);
      dev.launch(module, "bfs_expand", grid, block, 0,
                 runtime::KernelArgs()
                     .add(d_offsets).add(d_neighbours).add(d_frontier).add(d_next)
                     .add(d_visited).add(d_cost).add(int32_t(nodes)));
      dev.launch(module, "bfs_advance", grid, block, 0,
                 runtime::KernelArgs()
                     .add(d_frontier).add(d_next).add(d_visited).add(d_changed).add(int32_t(nodes)));
      if (dev.download<int32_t>(d_changed, 1)[0] == 0) break;
    }
    return compare_exact(reference_levels(g, nodes), dev.download<int32_t>(d_cost, nodes),
                         "bfs level of node");
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::BfsWorkload, "bfs")
