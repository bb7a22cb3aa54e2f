// Cache-locality microkernel (seed 001 Sec. 2.2's case for GTO): each warp
// sweeps its own small working set of LINES 128-byte lines several times.
// All warps' sets together exceed the L1, so round robin, which touches every
// warp's set in turn, evicts lines before their reuse; a greedy scheduler
// keeps one warp's set hot while it runs.
#define LINES 4

extern "C" __global__ void micro_locality(const float* in, float* out, int sweeps) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x % 32;
  const float* mine = in + warp * LINES * 32;
  float acc = 0.0f;
  for (int s = 0; s < sweeps; ++s)
#pragma unroll
    for (int l = 0; l < LINES; ++l) acc += mine[l * 32 + lane] * (s + 1);
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
