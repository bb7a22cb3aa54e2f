#include <cuda/atomic>
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;
__global__ void scoped(int* p, float* f, unsigned long long* u) {
  cuda::atomic_ref<int, cuda::thread_scope_device> a(p[0]);
  a.fetch_add(1, cuda::memory_order_relaxed);
  cuda::atomic_ref<int, cuda::thread_scope_block> b(p[1]);
  b.fetch_max(3, cuda::memory_order_acq_rel);
  cuda::atomic_ref<int, cuda::thread_scope_system> c(p[2]);
  int v = c.load(cuda::memory_order_acquire);
  c.store(v + 1, cuda::memory_order_release);
  __threadfence(); __threadfence_block(); __threadfence_system();
  volatile int* vp = p + 3; *vp = *vp + 1;
  __nanosleep(100);
  atomicAdd_block(p + 4, 2); atomicAnd_system(p + 5, 6); atomicMin(u, 5ull);
  unsigned m = __match_any_sync(0xffffffff, p[6]);
  int pred; unsigned m2 = __match_all_sync(0xffffffff, p[7], &pred);
  unsigned r = __reduce_add_sync(0xffffffff, (unsigned)p[8]);
  unsigned r2 = __reduce_max_sync(0xffffffff, (unsigned)p[9]);
  p[10 + threadIdx.x] = m + m2 + pred + r + r2 + __syncthreads_count(v > 2) + __syncthreads_and(v) + __syncthreads_or(v);
  __syncwarp();
  long long t = clock64(); p[100] = (int)t + __dp4a(v, (int)m, 3) + __vabsdiffu4(v, m) + __funnelshift_l(v, m, 5) + __byte_perm(v, m, 0x5410) + __umulhi(v, m) + __sad(v, m, 3) + __mul24(v, m);
  f[threadIdx.x] = __saturatef(f[0]) + __frsqrt_rn(f[1]) + __fsqrt_rn(f[2]) + __frcp_rn(f[3]) + __fdiv_rz(f[4], f[5]) + (float)(isnan(f[6])) + __fmaf_rz(f[0], f[1], f[2]) + exp2f(f[3]) + __log2f(f[4]) + fminf(f[5], f[6]) + copysignf(f[7], f[8]) + truncf(f[9]) + floorf(f[10]) + ceilf(f[11]) + roundf(f[12]) + rintf(f[13]) + (float)(double)f[14] + __int_as_float(__float_as_int(f[15]) ^ 1) + (float)__double2ll_rd((double)f[16]);
  asm volatile("trap;");
}
__global__ void tensor(half* a, half* b, float* c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  wmma::load_matrix_sync(fa, a, 16); wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(fc, fa, fb, fc); wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
}
__global__ void __launch_bounds__(256, 2) bounded(float4* v, double2* d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 x = v[i]; x.x += 1; x.w *= 2; v[i] = x;
  double2 y = d[i]; y.x += y.y; d[i] = y;
  if (threadIdx.x == 0 && n < 0) __trap();
  v[n] = make_float4(__int2float_rn(n), __uint2float_rz(n), (float)(unsigned char)n, (float)(short)n);
}
