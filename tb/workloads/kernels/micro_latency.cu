// Latency-bound microkernel (seed 002 Sec. 3.2's case for two-level
// scheduling): every iteration each warp issues one streaming load that
// misses, then does independent arithmetic, and only at the end of the
// iteration uses the loaded value. Under round robin all warps reach the use
// at about the same time and wait together; a two-level scheduler lets one
// fetch group run ahead, so loads of different groups overlap arithmetic.
#define WORK 24

extern "C" __global__ void micro_latency(const float* in, float* out, int iters, int stride) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f, x = tid * 1e-3f;
  for (int i = 0; i < iters; ++i) {
    float v = in[tid + i * stride];
#pragma unroll
    for (int k = 0; k < WORK; ++k) x = x * 0.999f + 0.25f;
    acc += v * x;
  }
  out[tid] = acc;
}
