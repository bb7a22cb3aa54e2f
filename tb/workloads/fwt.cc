// fwt: fast Walsh-Hadamard transform of a batch of signals; the low 11 index
// bits are transformed in shared memory with a barrier per butterfly stage
// (barrier-intensive, 001 Table 2 "FWT"), higher bits by one launch per bit.
#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kThreads = 512;  // 16 warps per TB, as FWT in 001 Table 2
constexpr uint32_t kChunk = 2048;   // elements per fwt_shared block (kernels/fwt.cu CHUNK)

// In-place Walsh-Hadamard transform of each `length`-long signal of v.
void reference_fwt(std::vector<int64_t>& v, size_t length) {
  for (size_t base = 0; base < v.size(); base += length)
    for (size_t stride = 1; stride < length; stride <<= 1)
      for (size_t i = base; i < base + length; i += 2 * stride)
        for (size_t j = i; j < i + stride; ++j) {
          int64_t u = v[j], w = v[j + stride];
          v[j] = u + w;
          v[j + stride] = u - w;
        }
}

class FwtWorkload : public Workload {
 public:
  std::string name() const override { return "fwt"; }
  std::string description() const override {
    return "batched fast Walsh-Hadamard transform: 2048-element chunks butterflied in shared memory "
           "with a barrier per stage (11 per block), then one global launch per higher bit";
  }
  bool barrier_intensive() const override { return true; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: 8 signals of 2^15 = 128 fwt_shared TBs, about 4 waves of 30 resident TBs.
    const uint32_t signals = by_size<uint32_t>(size, 1, 4, 8);
    const uint32_t length = by_size<uint32_t>(size, 1u << 12, 1u << 13, 1u << 15);
    const uint32_t total = signals * length;
    Rng rng(seed);
    // Small integers: every partial sum stays an exact float (|sum| <= 8 * 2^15
    // < 2^24), so the device result must match exactly in any order.
    std::vector<int32_t> ints = rng.ints(total, -8, 8);
    std::vector<float> data(ints.begin(), ints.end());

    const auto& module = load_workload_module(dev, name());
    uint64_t d_data = dev.upload(data);
    dev.launch(module, "fwt_shared", {total / kChunk, 1, 1}, {kThreads, 1, 1}, 0,
               runtime::KernelArgs().add(d_data));
    const uint32_t butterflies = total / 2;
    for (uint32_t stride = kChunk; stride < length; stride <<= 1)
      dev.launch(module, "fwt_global_stage", {ceil_div(butterflies, kThreads), 1, 1}, {kThreads, 1, 1}, 0,
                 runtime::KernelArgs().add(d_data).add(int32_t(stride)).add(int32_t(butterflies)));
    std::vector<float> got = dev.download<float>(d_data, total);

    std::vector<int64_t> wide(ints.begin(), ints.end());
    reference_fwt(wide, length);
    std::vector<float> expected(wide.begin(), wide.end());
    return compare_exact(expected, got, "transform");
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::FwtWorkload, "fwt")
