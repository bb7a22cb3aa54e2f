// Streaming vector add, one element per thread: the simplest memory-bound
// kernel, and the one simulator speed is usually quoted on.
extern "C" __global__ void vector_add(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
