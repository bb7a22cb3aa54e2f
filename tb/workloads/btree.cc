// btree: B+tree point lookups; half-blocks walk a query down the tree,
// staging each node's keys in shared memory with two barriers per level
// (barrier-intensive, 001 Table 2 "BT").
#include <algorithm>

#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kThreads = 256;  // 8 warps per TB, as BT in 001 Table 2
constexpr uint32_t kOrder = 128;    // keys per node (kernels/btree.cu ORDER)
constexpr uint32_t kQueriesPerRound = 2;
constexpr int32_t kNotFound = -1;

// The tree as the kernel reads it: node i's keys and next-pointers (child
// node for an internal node, value for a leaf) at [i * kOrder, +count).
struct FlatTree {
  std::vector<uint32_t> keys;
  std::vector<int32_t> next;
  std::vector<int32_t> counts;
  int32_t root = 0;
  int32_t height = 0;   // internal levels above the leaves

  // Appends a node holding `entries` (key, next) pairs; returns its index.
  int32_t add_node(const std::vector<std::pair<uint32_t, int32_t>>& entries) {
    int32_t index = int32_t(counts.size());
    counts.push_back(int32_t(entries.size()));
    for (uint32_t i = 0; i < kOrder; ++i) {
      keys.push_back(i < entries.size() ? entries[i].first : 0xffffffffu);
      next.push_back(i < entries.size() ? entries[i].second : 0);
    }
    return index;
  }
};

// Nodes between half full and full, as after a history of inserts.
uint32_t node_fill(Rng& rng) { return kOrder / 2 + rng.below(kOrder / 2 + 1); }

// Builds the tree bottom-up: leaves over the sorted (key, value) pairs, then
// each level over the one below, keyed by each child's smallest key.
FlatTree build_tree(const std::vector<std::pair<uint32_t, int32_t>>& sorted, Rng& rng) {
  FlatTree tree;
  std::vector<std::pair<uint32_t, int32_t>> level = sorted;  // (smallest key, next)
  bool leaves = true;
  while (leaves || level.size() > 1) {
    std::vector<std::pair<uint32_t, int32_t>> parents;
    for (size_t begin = 0; begin < level.size();) {
      size_t end = std::min(level.size(), begin + node_fill(rng));
      std::vector<std::pair<uint32_t, int32_t>> entries(level.begin() + begin, level.begin() + end);
      parents.emplace_back(entries.front().first, tree.add_node(entries));
      begin = end;
    }
    tree.height += leaves ? 0 : 1;
    leaves = false;
    level = std::move(parents);
  }
  tree.root = level.front().second;
  return tree;
}

class BtreeWorkload : public Workload {
 public:
  std::string name() const override { return "btree"; }
  std::string description() const override {
    return "B+tree point lookups (128 keys per node): each half-block walks one query down the tree, "
           "staging node keys in shared memory with two barriers per level; a quarter of queries miss";
  }
  bool barrier_intensive() const override { return true; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: 300 TBs, 4 waves of 75 resident (5 per SM, as BT in 001 Table 2).
    const uint32_t n_keys = by_size<uint32_t>(size, 2000, 50000, 500000);
    const uint32_t blocks = by_size<uint32_t>(size, 4, 16, 300);
    const uint32_t rounds = by_size<uint32_t>(size, 4, 8, 8);
    const uint32_t n_queries = blocks * kQueriesPerRound * rounds;
    Rng rng(seed);
    std::vector<std::pair<uint32_t, int32_t>> pairs(n_keys);
    uint32_t key = 0;
    for (auto& p : pairs) {
      key += 1 + rng.below(64);  // strictly increasing, with gaps for misses
      p = {key, int32_t(rng.below(1u << 30))};
    }
    FlatTree tree = build_tree(pairs, rng);
    std::vector<uint32_t> queries(n_queries);
    for (auto& q : queries) q = rng.below(4) == 0 ? rng.below(key + 64) : pairs[rng.below(n_keys)].first;

    const auto& module = load_workload_module(dev, name());
    uint64_t d_keys = dev.upload(tree.keys), d_next = dev.upload(tree.next);
    uint64_t d_counts = dev.upload(tree.counts), d_queries = dev.upload(queries);
    uint64_t d_results = dev.upload(std::vector<int32_t>(n_queries, -2));
    dev.launch(module, "btree_find", {blocks, 1, 1}, {kThreads, 1, 1}, 0,
               runtime::KernelArgs().add(d_keys).add(d_next).add(d_counts).add(tree.root)
                   .add(tree.height).add(d_queries).add(int32_t(n_queries)).add(d_results));
    std::vector<int32_t> got = dev.download<int32_t>(d_results, n_queries);

    std::vector<int32_t> expected(n_queries);
    for (uint32_t i = 0; i < n_queries; ++i) {
      auto it = std::lower_bound(pairs.begin(), pairs.end(), std::make_pair(queries[i], INT32_MIN));
      expected[i] = it != pairs.end() && it->first == queries[i] ? it->second : kNotFound;
    }
    return compare_exact(expected, got, "query result");
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::BtreeWorkload, "btree")
