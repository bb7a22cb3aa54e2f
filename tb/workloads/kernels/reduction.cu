// Parallel sum of n 32-bit words (mod 2^32), two launches: reduce_sum with
// many blocks writes one partial sum per block, then a single block reduces
// the partials with the same kernel. Each thread first accumulates a
// grid-stride slice (coalesced loads), the block halves its 256 values in
// shared memory down to 64 with a barrier per level, and the last warp
// finishes with shuffles instead of barriers.
#define THREADS 256

extern "C" __global__ void reduce_sum(const unsigned* in, unsigned* out, int n) {
  __shared__ unsigned partial[THREADS];
  unsigned sum = 0;
  for (int i = blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS) sum += in[i];
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (int half = THREADS / 2; half > 32; half /= 2) {
    if (threadIdx.x < half) partial[threadIdx.x] += partial[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x < 32) {
    sum = partial[threadIdx.x] + partial[threadIdx.x + 32];
    for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffU, sum, offset);
    if (threadIdx.x == 0) out[blockIdx.x] = sum;
  }
}
