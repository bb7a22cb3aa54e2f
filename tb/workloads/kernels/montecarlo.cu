// Monte Carlo pricing of European call options, one block per option:
// every thread simulates paths_per_thread terminal prices under geometric
// Brownian motion,
//   S_T = S * exp((r - v^2/2) T + v sqrt(T) z),  z ~ N(0,1) by Box-Muller,
// on the special-function units (__logf, __cosf, sqrtf, __expf per path),
// and sums the discounted payoffs max(S_T - K, 0) and their squares. The
// block reduces them with warp shuffles, then across warps through shared
// memory. Random numbers come from a counter-based integer hash of
// (seed, option, path), so the host can replay every path.
#define THREADS 256
#define WARPS (THREADS / 32)

__device__ unsigned hash32(unsigned x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

// Uniform in (0, 1): 24 hash bits, centred in their interval so never 0.
__device__ float unit_open(unsigned h) { return (float(h >> 8) + 0.5f) * (1.0f / 16777216.0f); }

__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffU, v, offset);
  return v;
}

extern "C" __global__ void montecarlo_price(const float* spot, const float* strike,
                                            const float* years, float rate, float volatility,
                                            int paths_per_thread, unsigned seed,
                                            float* payoff_sum, float* payoff_sq_sum) {
  __shared__ float warp_sums[2][WARPS];
  int option = blockIdx.x;
  float s = spot[option], k = strike[option], t = years[option];
  float drift = (rate - 0.5f * volatility * volatility) * t;
  float diffusion = volatility * sqrtf(t);
  float discount = __expf(-rate * t);
  unsigned first_path = (option * THREADS + threadIdx.x) * paths_per_thread;
  float sum = 0.0f, sq_sum = 0.0f;
  for (int p = 0; p < paths_per_thread; ++p) {
    unsigned path = first_path + p;
    float u1 = unit_open(hash32(seed ^ hash32(2 * path)));
    float u2 = unit_open(hash32(seed ^ hash32(2 * path + 1)));
    float z = sqrtf(-2.0f * __logf(u1)) * __cosf(6.28318531f * u2);
    float payoff = discount * fmaxf(s * __expf(drift + diffusion * z) - k, 0.0f);
    sum += payoff;
    sq_sum += payoff * payoff;
  }
  sum = warp_sum(sum);
  sq_sum = warp_sum(sq_sum);
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0) {
    warp_sums[0][warp] = sum;
    warp_sums[1][warp] = sq_sum;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    float total = 0.0f, sq_total = 0.0f;
    for (int w = 0; w < WARPS; ++w) {
      total += warp_sums[0][w];
      sq_total += warp_sums[1][w];
    }
    payoff_sum[option] = total;
    payoff_sq_sum[option] = sq_total;
  }
}
