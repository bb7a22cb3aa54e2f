// Committed PTX: nvcc -arch=sm_75 -ptx basic.cu -o basic.ptx (CUDA 13).
extern "C" __global__ void vadd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
extern "C" __global__ void block_sum(const int* in, int* out) {
  __shared__ int s[256];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (int step = blockDim.x / 2; step > 0; step >>= 1) {
    if (t < step) s[t] += s[t + step];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
extern "C" __global__ void collatz(const unsigned* in, unsigned* steps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned x = in[i], n = 0;
  while (x != 1) { x = (x & 1) ? 3 * x + 1 : x / 2; ++n; }
  steps[i] = n;
}
extern "C" __global__ void histo(const int* in, int* bins, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&bins[in[i] & 15], 1);
}
__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
extern "C" __global__ void fibk(int* out) {
  int t = threadIdx.x;
  if (t % 3 != 0) out[t] = fib(t % 12); else out[t] = -1;
}
