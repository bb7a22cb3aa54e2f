#include <cstdio>
#include <cassert>
#include <cuda_fp16.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
struct Big { double a[5]; int b; char c; };
__global__ void by_value(Big s, int* out) { out[threadIdx.x] = (int)s.a[threadIdx.x % 5] + s.b + s.c; }
__global__ void sw(int* out, int k) {
  int v;
  switch ((k + threadIdx.x) & 15) {
    case 0: v = 3; break; case 1: v = out[1] * 7; break; case 2: v = 11; break; case 3: v = out[3] - 2; break;
    case 4: v = 19; break; case 5: v = out[5] ^ 9; break; case 6: v = 29; break; case 7: v = out[7] + 31; break;
    case 8: v = out[8] * out[9]; break; case 9: v = 41; break; default: v = -1;
  }
  out[threadIdx.x] = v;
}
__global__ void print(int* out) { printf("hi %d\n", out[0]); }
__global__ void asserting(int* out) { assert(out[0] != 3); out[1] = 2; }
__global__ void halfk(__half* h, __half2* h2) {
  h[threadIdx.x] = __hadd(h[threadIdx.x], __float2half(1.5f));
  h2[threadIdx.x] = __hmul2(h2[threadIdx.x], h2[0]);
}
__global__ void groups(int* out) {
  cg::thread_block tb = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(tb);
  int v = cg::reduce(tile, (int)threadIdx.x, cg::plus<int>());
  tb.sync();
  out[threadIdx.x] = v + tile.shfl_down(v, 2);
}
__global__ void divs(long long* a, unsigned long long* b, double* d, float* f) {
  int t = threadIdx.x;
  a[t] = a[t] / a[t + 1] + a[t] % 7;
  b[t] = b[t] / b[t + 1];
  d[t] = exp(d[t]) + log(d[t]) + pow(d[t], d[t + 1]) + sin(d[t]);
  f[t] = powf(f[t], f[t + 1]) + erff(f[t]) + atan2f(f[t], f[t+1]) + fmodf(f[t], 3.f);
}
