// Committed PTX: nvcc -arch=sm_75 -ptx memory_spaces.cu -o memory_spaces.ptx (CUDA 13).
// By-value struct parameter indexed at run time (copied to local memory by
// nvcc) and dynamic shared memory (tests/func/memory_spaces_test.cc).
struct S { int a[8]; };
extern "C" __global__ void k(S s, int* out) { int i = threadIdx.x; out[i] = s.a[i % 8]; }
extern "C" __global__ void dyn(int* out) { extern __shared__ int sm[]; int i = threadIdx.x; sm[i] = i * 3; __syncthreads(); out[i] = sm[(i + 1) % blockDim.x]; }
