// Breadth-first search over a graph in CSR form, one thread per node, one
// pair of launches per BFS level (the host relaunches until no node joins
// the frontier):
//   bfs_expand: every frontier node leaves the frontier and labels its
//     unvisited neighbours with its level + 1, marking them for the next
//     frontier. Only frontier threads work, and their degrees differ, so
//     warps diverge and memory accesses are irregular.
//   bfs_advance: nodes marked by bfs_expand become the frontier and visited;
//     any such node raises the host's "changed" flag.
// Racing writers of cost[v] within a level all write the same value, so the
// result does not depend on their order.
extern "C" __global__ void bfs_expand(const int* row_offsets, const int* neighbours,
                                      int* frontier, int* next_frontier, const int* visited,
                                      int* cost, int nodes) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= nodes || !frontier[v]) return;
  frontier[v] = 0;
  int level = cost[v] + 1;
  for (int e = row_offsets[v]; e < row_offsets[v + 1]; ++e) {
    int u = neighbours[e];
    if (!visited[u]) {
      cost[u] = level;
      next_frontier[u] = 1;
    }
  }
}

extern "C" __global__ void bfs_advance(int* frontier, int* next_frontier, int* visited,
                                       int* changed, int nodes) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= nodes || !next_frontier[v]) return;
  frontier[v] = 1;
  visited[v] = 1;
  next_frontier[v] = 0;
  *changed = 1;
}
