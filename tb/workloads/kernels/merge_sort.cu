// Merge sort of 32-bit keys in two phases:
//   merge_sort_tiles: each block sorts a TILE of keys in shared memory by
//     merging runs of width 1, 2, 4, ... with a barrier between merge steps;
//   merge_pass: one launch per global pass merges pairs of sorted runs of
//     `width` keys from `in` into `out`, one key per thread.
// A key's place in the merged run is its index in its own run plus its rank
// in the partner run. Ties go to the left run (count strictly smaller keys for
// a left key, smaller-or-equal for a right key), which makes every
// destination distinct.
#define THREADS 256
#define TILE 512

// Keys of run[0, n) that precede `key`; a binary search over a shared or a
// global run (generic pointer), kept out of line as a real call.
__device__ __noinline__ int rank_in_run(const unsigned* run, int n, unsigned key, bool ties_before) {
  int lo = 0, hi = n;
  while (lo < hi) {
    int mid = (lo + hi) >> 1;
    unsigned m = run[mid];
    if (m < key || (ties_before && m == key))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

// Where key i of a pair of runs of `width` (starting at the pair's base) lands.
__device__ int merged_position(const unsigned* pair_base, int i_in_pair, int width, unsigned key) {
  bool in_left = i_in_pair < width;
  const unsigned* partner = pair_base + (in_left ? width : 0);
  int own_index = in_left ? i_in_pair : i_in_pair - width;
  return own_index + rank_in_run(partner, width, key, !in_left);
}

extern "C" __global__ void __maxnreg__(24)
merge_sort_tiles(unsigned* keys) {
  __shared__ unsigned buf[2][TILE];
  unsigned* tile = keys + (size_t)blockIdx.x * TILE;
  for (int i = threadIdx.x; i < TILE; i += THREADS) buf[0][i] = tile[i];

  int src = 0;
  for (int width = 1; width < TILE; width <<= 1) {
    __syncthreads();  // every run of `width` is complete in buf[src]
    for (int i = threadIdx.x; i < TILE; i += THREADS) {
      int base = i & ~(2 * width - 1);
      unsigned key = buf[src][i];
      buf[src ^ 1][base + merged_position(&buf[src][base], i - base, width, key)] = key;
    }
    src ^= 1;
  }
  __syncthreads();
  for (int i = threadIdx.x; i < TILE; i += THREADS) tile[i] = buf[src][i];
}

extern "C" __global__ void __maxnreg__(24)
merge_pass(const unsigned* in, unsigned* out, int n, int width) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int base = i & ~(2 * width - 1);
  unsigned key = in[i];
  out[base + merged_position(in + base, i - base, width, key)] = key;
}
