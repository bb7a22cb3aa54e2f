// Committed PTX: nvcc -arch=sm_75 -ptx throughput.cu -o throughput.ptx (CUDA 13).
// Kernels for measuring the functional engine's speed.
extern "C" __global__ void compute_heavy(float* out, int iterations) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = i * 0.001f, y = 1.0f;
  unsigned h = i;
  for (int k = 0; k < iterations; ++k) {
    x = fmaf(x, 0.999f, 0.5f);
    y = y * 0.75f + x;
    h = h * 1664525u + 1013904223u;
    h ^= h >> 13;
  }
  out[i] = x + y + (h & 0xff);
}
extern "C" __global__ void memory_heavy(const float* a, const float* b, float* c, int n, int rounds) {
  int stride = gridDim.x * blockDim.x;
  for (int r = 0; r < rounds; ++r)
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
      c[i] = a[i] * 2.0f + b[i] + c[i];
}
