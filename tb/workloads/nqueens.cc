// nqueens: counts the solutions of the n-queens puzzle by backtracking,
// one thread per placement of the first rows; neighbouring threads search
// trees of very different sizes (warp divergence, local-memory stacks).
#include <cstdlib>

#include <fmt/format.h>

#include "sc_model/common/error.h"
#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kThreads = 64;  // small blocks: many TBs even for a few thousand prefixes

// Known totals (OEIS A000170), a check of the host reference itself.
uint64_t known_solutions(int n) {
  switch (n) {
    case 8: return 92;
    case 10: return 724;
    case 12: return 14200;
  }
  throw Error(fmt::format("nqueens: no known solution count for n = {}", n));
}

// Plain recursive search over explicit queen columns, row by row, a
// formulation independent of the kernel's bitmasks.
uint32_t completions(std::vector<int>& queens, int n) {
  int row = int(queens.size());
  if (row == n) return 1;
  uint32_t found = 0;
  for (int c = 0; c < n; ++c) {
    bool safe = true;
    for (int r = 0; r < row && safe; ++r)
      safe = queens[r] != c && std::abs(queens[r] - c) != row - r;
    if (!safe) continue;
    queens.push_back(c);
    found += completions(queens, n);
    queens.pop_back();
  }
  return found;
}

// Solutions extending each prefix; prefix t puts the queen of row r in
// column (t / n^r) % n, as the kernel decodes it.
std::vector<uint32_t> reference_counts(int n, int prefix_rows, uint32_t prefixes) {
  std::vector<uint32_t> counts(prefixes, 0);
  for (uint32_t t = 0; t < prefixes; ++t) {
    std::vector<int> queens;
    uint32_t code = t;
    bool safe = true;
    for (int r = 0; r < prefix_rows && safe; ++r, code /= n) {
      int c = int(code % n);
      for (int q = 0; q < r && safe; ++q) safe = queens[q] != c && std::abs(queens[q] - c) != r - q;
      queens.push_back(c);
    }
    if (safe) counts[t] = completions(queens, n);
  }
  return counts;
}

class NqueensWorkload : public Workload {
 public:
  std::string name() const override { return "nqueens"; }
  std::string description() const override {
    return "n-queens solution counting: one thread per placement of the first rows backtracks the rest "
           "with bitmasks and a local-memory stack in a __noinline__ function (heavy warp divergence); "
           "the input is fixed, the seed is unused";
  }
  bool barrier_intensive() const override { return false; }

  Verification run(runtime::Device& dev, Size size, uint64_t /*seed: the puzzle has no random input*/) override {
    // paper: 12 queens, 4-row prefixes = 20736 threads = 324 TBs of 64, 2.7 waves of 120.
    const int n = by_size(size, 8, 10, 12);
    const int prefix_rows = by_size(size, 3, 3, 4);
    uint32_t prefixes = 1;
    for (int r = 0; r < prefix_rows; ++r) prefixes *= uint32_t(n);

    const auto& module = load_workload_module(dev, name());
    uint64_t d_counts = dev.upload(std::vector<uint32_t>(prefixes, 0));
    dev.launch(module, "nqueens_count", {ceil_div(prefixes, kThreads), 1, 1}, {kThreads, 1, 1}, 0,
               runtime::KernelArgs().add(int32_t(n)).add(int32_t(prefix_rows)).add(int32_t(prefixes)).add(d_counts));

    std::vector<uint32_t> expected = reference_counts(n, prefix_rows, prefixes);
    uint64_t total = 0;
    for (uint32_t c : expected) total += c;
    if (total != known_solutions(n))
      return verification_failed(fmt::format("nqueens: host reference finds {} solutions for n = {}, "
                                             "known to be {}", total, n, known_solutions(n)));
    return compare_exact(expected, dev.download<uint32_t>(d_counts, prefixes), "solutions of prefix");
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::NqueensWorkload, "nqueens")
