// Committed PTX: nvcc -arch=sm_75 -ptx calls.cu -o calls.ptx (CUDA 13).
// Non-inlined calls: struct parameters by value, function pointers, recursion
// with per-call local arrays (tests/func/calls_test.cc).
struct Pair { int a; float b; double c; };

__device__ __noinline__ Pair combine(Pair x, Pair y) {
  Pair r{x.a + y.a, x.b * y.b, x.c - y.c};
  return r;
}
__device__ __noinline__ int twice(int v) { return 2 * v; }
__device__ __noinline__ int square(int v) { return v * v; }
__device__ __noinline__ int negate(int v) { return -v; }
typedef int (*Op)(int);
__device__ Op table[3] = {twice, square, negate};

// Sums digits of n recursively, keeping each level's digits in a local array
// indexed by a runtime value so the array lives in local memory.
__device__ __noinline__ int digit_sum(int n, int depth) {
  volatile int digits[8];
  for (int k = 0; k < 8; ++k) digits[k] = (n >> k) & 1;
  int here = digits[depth & 7] + digits[(depth + 3) & 7];
  if (n < 2) return here;
  return here + digit_sum(n / 2, depth + 1);
}

extern "C" __global__ void structs(Pair p, Pair* out) {
  int t = threadIdx.x;
  Pair q{t, 0.5f * t, 1.5 * t};
  out[t] = combine(p, q);
}
extern "C" __global__ void pointers(int* out, int which_offset) {
  int t = threadIdx.x;
  Op f = table[(t + which_offset) % 3];
  out[t] = f(t + 1);
}
extern "C" __global__ void recursion(int* out) {
  int t = threadIdx.x;
  out[t] = (t & 1) ? digit_sum(t * 37 + 5, t) : -1;
}
