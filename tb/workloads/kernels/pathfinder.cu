// Pathfinder: the cheapest top-to-bottom path through a rows x cols grid of
// weights, moving down one row and at most one column sideways per step, by
// dynamic programming row after row:
//   cost[r][c] = wall[r][c] + min(cost[r-1][c-1], cost[r-1][c], cost[r-1][c+1]).
// One launch advances `steps` rows. A block of B threads keeps a row of costs
// in shared memory and updates it `steps` times with barriers in between;
// each step invalidates one more column at each end of the block, so a block
// starts steps columns to the left of the B - 2*steps columns it writes and
// its neighbours recompute the overlap (trading redundant work for fewer
// launches).
#define B 256
#define FAR 0x3fffffff  // "no path" beyond the grid: larger than any real cost

extern "C" __global__ void pathfinder_rows(const int* wall, const int* cost_in, int* cost_out,
                                           int cols, int first_row, int steps) {
  __shared__ int prev[B];
  __shared__ int cur[B];
  int tx = threadIdx.x;
  int col = blockIdx.x * (B - 2 * steps) - steps + tx;
  bool inside = col >= 0 && col < cols;
  prev[tx] = inside ? cost_in[col] : FAR;
  __syncthreads();
  for (int s = 0; s < steps; ++s) {
    // Columns within s + 1 of the block's ends lack a valid neighbour now.
    bool valid = inside && tx > s && tx < B - 1 - s;
    if (valid) {
      int best = min(prev[tx - 1], min(prev[tx], prev[tx + 1]));
      cur[tx] = wall[(first_row + s) * cols + col] + best;
    }
    __syncthreads();
    if (valid) prev[tx] = cur[tx];
    __syncthreads();
  }
  if (inside && tx >= steps && tx < B - steps) cost_out[col] = prev[tx];
}
