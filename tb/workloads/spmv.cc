// spmv: sparse matrix times vector in CSR, one thread per row, integers mod
// 2^32. Most rows hold a few entries and one in sixteen holds 64 to 512, so
// the warps that own long rows do most of their block's work (seed 004's
// intra-TB warp divergence from data-dependent trip counts).
#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kThreads = 256;

struct Csr {
  std::vector<int32_t> row_start{0}, cols;
  std::vector<uint32_t> values;
};

Csr heavy_tailed_matrix(uint32_t rows, Rng& rng) {
  Csr m;
  for (uint32_t r = 0; r < rows; ++r) {
    const uint32_t length = rng.below(16) == 0 ? 64 + rng.below(449) : 1 + rng.below(8);
    for (uint32_t k = 0; k < length; ++k) {
      m.cols.push_back(int32_t(rng.below(rows)));
      m.values.push_back(rng.next_u32());
    }
    m.row_start.push_back(int32_t(m.cols.size()));
  }
  return m;
}

class SpmvWorkload : public Workload {
 public:
  std::string name() const override { return "spmv"; }
  std::string description() const override {
    return "CSR sparse matrix times vector, one thread per row, heavy-tailed row lengths: the warps holding "
           "long rows do most of their block's work (seed 004's intra-TB warp divergence)";
  }
  bool barrier_intensive() const override { return false; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: 256 TBs, about 3 waves of the GTX480's 90 resident 256-thread TBs.
    const uint32_t rows = by_size<uint32_t>(size, 1024, 8192, 65536);
    Rng rng(seed);
    const Csr m = heavy_tailed_matrix(rows, rng);
    std::vector<uint32_t> x(rows);
    for (auto& v : x) v = rng.next_u32();

    const auto& module = load_workload_module(dev, name());
    const uint64_t d_start = dev.upload(m.row_start), d_cols = dev.upload(m.cols), d_vals = dev.upload(m.values);
    const uint64_t d_x = dev.upload(x), d_y = dev.upload(std::vector<uint32_t>(rows, 0xdeadbeef));
    dev.launch(module, "spmv_csr", {ceil_div(rows, kThreads), 1, 1}, {kThreads, 1, 1}, 0,
               runtime::KernelArgs().add(d_start).add(d_cols).add(d_vals).add(d_x).add(d_y).add(int32_t(rows)));
    std::vector<uint32_t> got = dev.download<uint32_t>(d_y, rows);

    std::vector<uint32_t> expected(rows, 0);
    for (uint32_t r = 0; r < rows; ++r)
      for (int32_t j = m.row_start[r]; j < m.row_start[r + 1]; ++j) expected[r] += m.values[j] * x[m.cols[j]];
    return compare_exact(expected, got, "row");
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::SpmvWorkload, "spmv")
