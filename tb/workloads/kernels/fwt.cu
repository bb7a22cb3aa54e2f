// Fast Walsh-Hadamard transform of a batch of signals whose length is a power
// of two. The transform is one butterfly stage per index bit, and stages on
// different bits commute, so:
//   fwt_global_stage: one launch per high bit (stride >= CHUNK), one butterfly
//                     per thread straight in global memory;
//   fwt_shared:       each block transforms CHUNK consecutive elements over the
//                     low LOG_CHUNK bits in shared memory, a barrier between
//                     every two butterfly stages.
#define THREADS 512
#define CHUNK 2048

extern "C" __global__ void __maxnreg__(24)
fwt_shared(float* data) {
  __shared__ float s[CHUNK];
  float* chunk = data + (size_t)blockIdx.x * CHUNK;
  for (int i = threadIdx.x; i < CHUNK; i += THREADS) s[i] = chunk[i];

  for (int stride = 1; stride < CHUNK; stride <<= 1) {
    __syncthreads();  // the previous stage's results are visible to all
    for (int b = threadIdx.x; b < CHUNK / 2; b += THREADS) {
      // Butterfly b pairs i (stride bit clear) with i + stride.
      int i = ((b & ~(stride - 1)) << 1) | (b & (stride - 1));
      float u = s[i], v = s[i + stride];
      s[i] = u + v;
      s[i + stride] = u - v;
    }
  }
  __syncthreads();
  for (int i = threadIdx.x; i < CHUNK; i += THREADS) chunk[i] = s[i];
}

extern "C" __global__ void __maxnreg__(24)
fwt_global_stage(float* data, int stride, int butterflies) {
  int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= butterflies) return;
  int i = ((b & ~(stride - 1)) << 1) | (b & (stride - 1));
  float u = data[i], v = data[i + stride];
  data[i] = u + v;
  data[i + stride] = u - v;
}
