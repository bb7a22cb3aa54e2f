// Sparse matrix times vector, CSR, one thread per row (the "scalar" CSR
// kernel), in 32-bit integers wrapping mod 2^32 so the CPU reference is
// exact. Row lengths follow a heavy-tailed distribution, so a few rows (and
// the warps holding them) do most of the work of their block: warp
// divergence inside a TB from data-dependent loop trip counts.
#define THREADS 256

extern "C" __global__ void __maxnreg__(32)
spmv_csr(const int* row_start, const int* cols, const unsigned* values, const unsigned* x, unsigned* y,
         int rows) {
  int row = blockIdx.x * THREADS + threadIdx.x;
  if (row >= rows) return;
  unsigned sum = 0;
  for (int j = row_start[row]; j < row_start[row + 1]; ++j) sum += values[j] * x[cols[j]];
  y[row] = sum;
}
