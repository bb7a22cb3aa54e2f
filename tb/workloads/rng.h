// Deterministic input generation: splitmix64, with integer and float helpers
// that do not go through libstdc++'s <random> distributions (whose output is
// implementation-defined), so the same seed gives the same bits everywhere.
#pragma once

#include <cstdint>
#include <vector>

namespace scwarp::workloads {

class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}

  uint64_t next_u64() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  uint32_t next_u32() { return uint32_t(next_u64() >> 32); }
  // Uniform in [0, n) by multiply-shift (bias below 2^-32, irrelevant for inputs).
  uint32_t below(uint32_t n) { return uint32_t((uint64_t(next_u32()) * n) >> 32); }
  // Uniform integer in [lo, hi].
  int32_t range(int32_t lo, int32_t hi) {
    return int32_t(int64_t(lo) + below(uint32_t(int64_t(hi) - lo + 1)));
  }
  // Uniform float in [lo, hi): 24 random mantissa bits, exactly representable.
  float uniform(float lo, float hi) {
    float unit = float(next_u32() >> 8) * (1.0f / 16777216.0f);
    return lo + (hi - lo) * unit;
  }

  std::vector<float> floats(size_t n, float lo, float hi) {
    std::vector<float> v(n);
    for (auto& x : v) x = uniform(lo, hi);
    return v;
  }
  std::vector<int32_t> ints(size_t n, int32_t lo, int32_t hi) {
    std::vector<int32_t> v(n);
    for (auto& x : v) x = range(lo, hi);
    return v;
  }
  std::vector<uint32_t> u32s(size_t n) {
    std::vector<uint32_t> v(n);
    for (auto& x : v) x = next_u32();
    return v;
  }

 private:
  uint64_t state_;
};

}  // namespace scwarp::workloads
