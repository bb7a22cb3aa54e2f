// Committed PTX: nvcc -arch=sm_80 -ptx warp_atomic.cu -o warp_atomic.ptx (CUDA 13; redux needs sm_80).
// Warp-level collectives and atomics (tests/func/warp_atomic_test.cc).
extern "C" __global__ void shuffles(const int* in, int* out) {
  int t = threadIdx.x, v = in[t];
  out[0 * 64 + t] = __shfl_sync(0xffffffff, v, 5);
  out[1 * 64 + t] = __shfl_up_sync(0xffffffff, v, 3);
  out[2 * 64 + t] = __shfl_down_sync(0xffffffff, v, 3);
  out[3 * 64 + t] = __shfl_xor_sync(0xffffffff, v, 1);
  out[4 * 64 + t] = __shfl_sync(0xffffffff, v, t + 1, 8);     // width 8 segments
  out[5 * 64 + t] = __shfl_down_sync(0xffffffff, v, 2, 16);   // width 16 clamp
}
extern "C" __global__ void votes(const int* in, unsigned* out) {
  int t = threadIdx.x, v = in[t];
  out[0 * 64 + t] = __ballot_sync(0xffffffff, v > 10);
  out[1 * 64 + t] = __all_sync(0xffffffff, v >= 0);
  out[2 * 64 + t] = __any_sync(0xffffffff, v > 60);
  out[3 * 64 + t] = __activemask();
  if (t & 1) out[4 * 64 + t] = __activemask(); else out[4 * 64 + t] = 0;
  out[5 * 64 + t] = __match_any_sync(0xffffffff, v % 3);
  int pred;
  out[6 * 64 + t] = __match_all_sync(0xffffffff, v / 100, &pred);
  out[7 * 64 + t] = pred;
  out[8 * 64 + t] = __reduce_add_sync(0xffffffff, (unsigned)v);
  out[9 * 64 + t] = __reduce_max_sync(0xffffffff, (unsigned)v);
}
extern "C" __global__ void atomics(int* i, unsigned* u, float* f, double* d, unsigned long long* ll) {
  int t = threadIdx.x;
  atomicAdd(&i[0], t);
  atomicSub(&i[1], 1);
  atomicMin(&i[2], t - 20);
  atomicMax(&i[3], t * 3);
  atomicAnd(&u[0], ~(1u << (t % 32)));
  atomicOr(&u[1], 1u << (t % 32));
  atomicXor(&u[2], t);
  atomicInc(&u[3], 10);
  atomicDec(&u[4], 5);
  atomicExch(&u[5], t);
  atomicCAS(&u[6], t, t + 1);   // chain: only the lane whose t equals the value advances it
  atomicAdd(&f[0], 0.5f);
  atomicAdd(&d[0], 0.25);
  atomicAdd(&ll[0], 1ull << 33);
  __shared__ int s;
  if (t == 0) s = 0;
  __syncthreads();
  int old = atomicAdd(&s, 1);
  i[8 + t] = old;
}
