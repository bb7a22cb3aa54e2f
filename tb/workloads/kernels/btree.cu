// B+tree point lookups. The tree lives in global memory as fixed-size nodes
// of ORDER keys; every leaf is at depth `height`. An internal node's key i is
// the smallest key under child i; a leaf holds keys and their values.
// Each 256-thread block serves two queries at a time, one per half-block of
// ORDER threads. Per level: the half stages the node's keys in shared memory,
// barrier, the one thread whose key range holds the query records the child
// (or, in a leaf, the value), barrier, everyone follows it. A query that
// leaves the tree (smaller than every key) keeps meeting the barriers with
// node -1 so its block-mates are never stranded.
#define THREADS 256
#define ORDER 128
#define NOT_FOUND (-1)

extern "C" __global__ void __maxnreg__(24)
btree_find(const unsigned* node_keys, const int* node_next, const int* node_counts, int root,
           int height, const unsigned* queries, int n_queries, int* results) {
  __shared__ unsigned keys[2][ORDER];
  // Double-buffered by level parity: resetting the next level's slot cannot
  // race with threads still reading this level's.
  __shared__ int chosen[2][2];
  int half = threadIdx.x / ORDER;
  int lane = threadIdx.x % ORDER;

  for (int first = blockIdx.x * 2; first < n_queries; first += gridDim.x * 2) {
    int q = first + half;
    unsigned query = q < n_queries ? queries[q] : 0u;
    int node = q < n_queries ? root : NOT_FOUND;
    for (int level = 0; level <= height; ++level) {
      int slot = level & 1;
      int count = node == NOT_FOUND ? 0 : node_counts[node];
      keys[half][lane] = lane < count ? node_keys[node * ORDER + lane] : 0xffffffffu;
      if (lane == 0) chosen[slot][half] = NOT_FOUND;
      __syncthreads();

      if (lane < count) {
        unsigned key = keys[half][lane];
        bool is_leaf = level == height;
        bool mine = is_leaf ? key == query
                            : key <= query && !(lane + 1 < count && keys[half][lane + 1] <= query);
        if (mine) chosen[slot][half] = node_next[node * ORDER + lane];
      }
      __syncthreads();
      node = chosen[slot][half];
    }
    if (lane == 0 && q < n_queries) results[q] = node;  // the leaf's value, or NOT_FOUND
  }
}
