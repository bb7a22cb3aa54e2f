// Kernels that use CUDA's device runtime and struct arguments, launched by
// tests/func/device_runtime_test.cc and, in both modes,
// tests/cli/device_runtime_test.cc. device_runtime.ptx next to
// this file is generated from it (nvcc is not needed to run the tests):
//   nvcc -arch=sm_75 -O3 -ptx device_runtime.cu -o device_runtime.ptx
// run in this folder: assert messages name the file as nvcc was given it.
#include <cassert>
#include <cstdio>

struct Scale {  // 12 bytes, .align 4
  int n;
  float factor;
  char tag;
};
struct Pair {  // 16 bytes, .align 8: after a char parameter it starts at offset 8
  int a;
  double b;
};

extern "C" __global__ void scale(Scale s, const float* in, float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < s.n) out[i] = in[i] * s.factor + s.tag;
}

extern "C" __global__ void pair_sum(char c, Pair p, double* out) { *out = c + p.a + p.b; }

// Two blocks of two warps: every thread prints twice, lane 0 of each warp once
// more, so the order of the lines shows block, warp, lane and program order.
extern "C" __global__ void hello(int n, const float* v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  printf("b%d t%d v=%f %s\n", blockIdx.x, threadIdx.x, v[i], "first");
  if (threadIdx.x % 32 == 0) printf("%5.2e|%-6x|%lld|%c|%08.3f|%+d|%o|%X|%lu|%g\n", 1.5, 255u, -7ll, 'A',
                                    3.14159, 5, 8u, 0xabcu, 42ul, 1e-5);
  printf("b%d t%d second\n", blockIdx.x, threadIdx.x);
}

// Each thread allocates, writes past nothing, frees; out[i] = i + 3.
extern "C" __global__ void heap(int* out, int* got_null) {
  int* p = (int*)malloc(4 * sizeof(int));
  if (p == nullptr) {
    atomicAdd(got_null, 1);
    return;
  }
  p[0] = threadIdx.x;
  p[3] = 3;
  out[threadIdx.x] = p[0] + p[3];
  free(p);
}

extern "C" __global__ void checked(const int* v) {
  printf("checking %d\n", threadIdx.x);
  assert(v[threadIdx.x] >= 0);
}
