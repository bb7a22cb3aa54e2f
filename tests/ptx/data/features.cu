#include <cstdint>
__constant__ float coeffs[4] = {1.0f, 2.5f, -3.0f, 0.125f};
__device__ int gtable[3] = {1, 2, 3};
__device__ int* gptrs[2] = {&gtable[0], &gtable[2]};
__device__ __noinline__ int helper(int a, int b) { return a * b + 3; }
__device__ __noinline__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
struct S { int a; float b; double c; };
__global__ void vadd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i] * coeffs[i & 3];
}
__global__ void smem(float* out, const float* in) {
  __shared__ float tile[256];
  extern __shared__ float dyn[];
  tile[threadIdx.x] = in[threadIdx.x];
  dyn[threadIdx.x] = in[threadIdx.x] * 2;
  __syncthreads();
  out[threadIdx.x] = tile[255 - threadIdx.x] + dyn[threadIdx.x ^ 1];
}
__global__ void atomics(int* c, float* f, unsigned long long* u, double* d) {
  atomicAdd(c, 1); atomicMax(c + 1, threadIdx.x); atomicCAS(c + 2, 0, 5);
  atomicAdd(f, 1.5f); atomicAdd(u, 3ull); atomicAdd(d, 2.0); atomicExch(c+3, 7);
  atomicInc((unsigned*)c + 4, 10u); atomicDec((unsigned*)c + 5, 10u); int old = atomicOr(c+6, 3); c[7+threadIdx.x] = old;
}
__global__ void warps(int* out) {
  int v = threadIdx.x;
  v += __shfl_down_sync(0xffffffff, v, 1);
  v += __shfl_xor_sync(0xffffffff, v, 2);
  v += __shfl_up_sync(0xffffffff, v, 1);
  v += __shfl_sync(0xffffffff, v, 3);
  unsigned b = __ballot_sync(0xffffffff, v & 1);
  int all = __all_sync(0xffffffff, v > 0);
  int any = __any_sync(0xffffffff, v > 5);
  unsigned m = __activemask();
  out[threadIdx.x] = v + b + all + any + m + __popc(v) + __clz(v) + __brev(v) + __ffs(v);
}
__global__ void loops(int* out, int n, S s) {
  int acc = 0;
  for (int i = 0; i < n; i++) { if (out[i] < 0) break; acc += out[i] * s.a; if (acc > 1000) return; }
  if (threadIdx.x & 1) acc += helper(acc, 3); else acc -= fact(threadIdx.x);
  out[threadIdx.x] = acc + (int)(s.b * s.c);
}
__global__ void maths(float* f, double* d) {
  int t = threadIdx.x;
  f[t] = sinf(f[t]) + cosf(f[t]) + __expf(f[t]) + sqrtf(f[t]) + rsqrtf(f[t]) + f[t] / f[t+1] + __fdividef(f[t], 3.f) + logf(f[t]) + tanhf(f[t]);
  d[t] = sqrt(d[t]) / d[t+1] + (double)f[t] + fma(d[t], d[t], 1.0);
  int local[20]; for (int i = 0; i < 20; i++) local[i] = t * i; f[t] += local[(t * 7) % 20];
}
typedef int (*fp)(int, int);
__device__ fp table[1] = {helper};
__global__ void indirect(int* out, int k) { fp f = k ? helper : table[0]; out[0] = f(out[1], out[2]); }
__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__global__ void recursive(int* out) { out[threadIdx.x] = fib(threadIdx.x & 15); }
