// Dot products of many vector pairs, one thread block per pair: every thread
// accumulates a strided partial sum, then the block combines the partials with
// a shared-memory tree reduction that meets a barrier at every level.
#define THREADS 512

extern "C" __global__ void __maxnreg__(24)
scalar_product(const float* a, const float* b, float* dots, int length) {
  __shared__ float partial[THREADS];
  const float* x = a + (size_t)blockIdx.x * length;
  const float* y = b + (size_t)blockIdx.x * length;

  float sum = 0.0f;
  for (int i = threadIdx.x; i < length; i += THREADS) sum += x[i] * y[i];
  partial[threadIdx.x] = sum;

  // Halve the number of active threads each level; the barrier makes the
  // previous level's writes visible before they are read.
  for (int half = THREADS / 2; half > 0; half >>= 1) {
    __syncthreads();
    if (threadIdx.x < half) partial[threadIdx.x] += partial[threadIdx.x + half];
  }
  if (threadIdx.x == 0) dots[blockIdx.x] = partial[0];
}
