// montecarlo: European call options priced by simulating geometric Brownian
// motion paths, SFU-heavy per path (log, cos, sqrt, exp), one block per
// option reducing its payoffs with warp shuffles and shared memory.
#include <algorithm>
#include <cmath>

#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kThreads = 256;  // THREADS in kernels/montecarlo.cu
constexpr float kRate = 0.03f, kVolatility = 0.25f;

// The kernel's counter-based random numbers, replayed on the host.
uint32_t hash32(uint32_t x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}
double unit_open(uint32_t h) { return (double(h >> 8) + 0.5) / 16777216.0; }

struct Option {
  float spot, strike, years;
};

struct PayoffSums {
  double sum = 0, sq_sum = 0;
};

// Discounted payoffs and their squares summed over the option's paths, in
// double with exact math: the device's approximate SFU functions must land
// close to it.
PayoffSums reference_payoffs(const Option& o, uint32_t option, uint32_t paths, uint32_t seed) {
  double drift = (double(kRate) - 0.5 * kVolatility * kVolatility) * o.years;
  double diffusion = kVolatility * std::sqrt(double(o.years));
  double discount = std::exp(-double(kRate) * o.years);
  PayoffSums s;
  for (uint32_t p = 0; p < paths; ++p) {
    uint32_t path = option * paths + p;  // = (option * THREADS + thread) * per_thread + i
    double u1 = unit_open(hash32(seed ^ hash32(2 * path)));
    double u2 = unit_open(hash32(seed ^ hash32(2 * path + 1)));
    double z = std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
    double payoff = discount * std::max(o.spot * std::exp(drift + diffusion * z) - o.strike, 0.0);
    s.sum += payoff;
    s.sq_sum += payoff * payoff;
  }
  return s;
}

class MontecarloWorkload : public Workload {
 public:
  std::string name() const override { return "montecarlo"; }
  std::string description() const override {
    return "Monte Carlo European option pricing: each thread simulates paths with log/cos/sqrt/exp "
           "on the SFUs, each block (one option) reduces payoffs with warp shuffles and shared memory";
  }
  bool barrier_intensive() const override { return false; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: 240 options = 240 TBs, 4 waves of 60 resident; 4096 paths each.
    const uint32_t options = by_size<uint32_t>(size, 4, 16, 240);
    const uint32_t paths_per_thread = by_size<uint32_t>(size, 2, 4, 16);
    const uint32_t paths = kThreads * paths_per_thread;
    const uint32_t hash_seed = uint32_t(seed ^ (seed >> 32));
    Rng rng(seed);
    std::vector<float> spot(options), strike(options), years(options);
    for (uint32_t o = 0; o < options; ++o) {
      spot[o] = rng.uniform(20.0f, 120.0f);
      strike[o] = spot[o] * rng.uniform(0.8f, 1.2f);
      years[o] = rng.uniform(0.25f, 3.0f);
    }

    const auto& module = load_workload_module(dev, name());
    uint64_t d_spot = dev.upload(spot), d_strike = dev.upload(strike), d_years = dev.upload(years);
    uint64_t d_sum = dev.upload(std::vector<float>(options, 0.0f));
    uint64_t d_sq_sum = dev.upload(std::vector<float>(options, 0.0f));
    dev.launch(module, "montecarlo_price", {options, 1, 1}, {kThreads, 1, 1}, 0,
               runtime::KernelArgs()
                   .add(d_spot).add(d_strike).add(d_years).add(kRate).add(kVolatility)
                   .add(int32_t(paths_per_thread)).add(hash_seed).add(d_sum).add(d_sq_sum));
    std::vector<float> expected_sum(options), expected_sq_sum(options);
    for (uint32_t o = 0; o < options; ++o) {
      PayoffSums e = reference_payoffs({spot[o], strike[o], years[o]}, o, paths, hash_seed);
      expected_sum[o] = float(e.sum);
      expected_sq_sum[o] = float(e.sq_sum);
    }
    // Same paths on both sides: only the SFU approximations and float
    // summation order separate them.
    return all_of({compare_close(expected_sum, dev.download<float>(d_sum, options), "payoff sum of option",
                                 2e-5f, 1e-3f),
                   compare_close(expected_sq_sum, dev.download<float>(d_sq_sum, options),
                                 "squared payoff sum of option", 2e-5f, 1e-2f)});
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::MontecarloWorkload, "montecarlo")
