// Small kernels the CLI tests launch with `scwarp launch`. kernels.ptx next to
// this file is generated from it (nvcc is not needed to run the tests):
//   nvcc -arch=sm_75 -O3 -ptx kernels.cu -o kernels.ptx
// extern "C" keeps the kernel names unmangled, as a user would type them.

// y[i] = a * x[i] + y[i] for i < n; the bound check lets a grid overshoot n.
extern "C" __global__ void saxpy(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

// Loads one 32-bit word `offset` bytes into `bytes`: an odd offset makes the
// load misaligned.
extern "C" __global__ void load_word(const char* bytes, int offset, int* out) {
  *out = *reinterpret_cast<const int*>(bytes + offset);
}

// The first warp waits at barrier 1, every other warp at barrier 2: with two
// or more warps neither barrier can ever be complete.
extern "C" __global__ void split_barriers(int* out) {
  if (threadIdx.x < 32) {
    asm volatile("bar.sync 1;");
  } else {
    asm volatile("bar.sync 2;");
  }
  out[threadIdx.x] = threadIdx.x;
}
