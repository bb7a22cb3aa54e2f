// Committed PTX: nvcc -arch=sm_75 -ptx grid_constant.cu -o grid_constant.ptx (CUDA 13).
// A __grid_constant__ struct parameter read through a generic pointer in a
// callee: nvcc emits cvta.param (tests/func/memory_spaces_test.cc).
struct S { int a[8]; };
__device__ __noinline__ int pick(const int* p, int i) { return p[i]; }
extern "C" __global__ void k(const __grid_constant__ S s, int* out) { int i = threadIdx.x; out[i] = pick(s.a, i % 8); }
