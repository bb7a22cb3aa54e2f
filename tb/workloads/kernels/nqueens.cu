// N-queens solution counting by backtracking, one thread per placement of
// the first prefix_rows queens (prefix index read as base-n digits, one
// column per row). Conflicting prefixes stop at once; the others complete
// the board depth-first with bitmasks of attacked columns and diagonals and
// an explicit stack in local memory. Search trees differ wildly between
// neighbouring prefixes, so warps diverge for most of their life.
#define MAX_N 16

// Completions of a board whose placed queens attack `columns` and the two
// diagonal sets (already shifted to the next row), with `rows_left` rows to fill.
__device__ __noinline__ unsigned count_completions(unsigned columns, unsigned left_diag,
                                                   unsigned right_diag, int rows_left,
                                                   unsigned all) {
  unsigned col_stack[MAX_N], left_stack[MAX_N], right_stack[MAX_N], free_stack[MAX_N];
  unsigned solutions = 0;
  int depth = 0;
  col_stack[0] = columns, left_stack[0] = left_diag, right_stack[0] = right_diag;
  free_stack[0] = all & ~(columns | left_diag | right_diag);
  while (depth >= 0) {
    unsigned free = free_stack[depth];
    if (free == 0) {
      --depth;
      continue;
    }
    unsigned bit = free & (0U - free);
    free_stack[depth] = free ^ bit;
    if (depth == rows_left - 1) {
      ++solutions;
      continue;
    }
    unsigned c = col_stack[depth] | bit;
    unsigned l = (left_stack[depth] | bit) << 1, r = (right_stack[depth] | bit) >> 1;
    ++depth;
    col_stack[depth] = c, left_stack[depth] = l, right_stack[depth] = r;
    free_stack[depth] = all & ~(c | l | r);
  }
  return solutions;
}

extern "C" __global__ void nqueens_count(int n, int prefix_rows, int prefixes, unsigned* counts) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= prefixes) return;
  unsigned all = (1U << n) - 1, columns = 0, left = 0, right = 0;
  int code = t;
  for (int row = 0; row < prefix_rows; ++row) {
    unsigned bit = 1U << (code % n);
    code /= n;
    if ((columns | left | right) & bit) {
      counts[t] = 0;
      return;
    }
    columns |= bit;
    left = (left | bit) << 1;
    right = (right | bit) >> 1;
  }
  counts[t] = count_completions(columns, left, right, n - prefix_rows, all);
}
