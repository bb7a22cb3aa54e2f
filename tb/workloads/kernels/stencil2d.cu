// One Jacobi step of a 5-point stencil on a width x height grid with fixed
// (Dirichlet) border cells. A 32x16 block walks down a column strip of
// TILES_PER_BLOCK tiles: load the tile and its one-cell halo into shared
// memory (edge threads also load the halo: divergent), barrier, compute from
// shared memory, barrier before the next tile overwrites it. The driver
// launches it once per time step, ping-ponging two grids.
#define TX 32
#define TY 16
#define TILES_PER_BLOCK 4

extern "C" __global__ void __maxnreg__(24)
stencil2d_step(const float* in, float* out, int width, int height, float center_weight,
               float neighbour_weight) {
  __shared__ float tile[TY + 2][TX + 2];
  int x = blockIdx.x * TX + threadIdx.x;
  int sx = threadIdx.x + 1, sy = threadIdx.y + 1;
  for (int t = 0; t < TILES_PER_BLOCK; ++t) {
    int y = (blockIdx.y * TILES_PER_BLOCK + t) * TY + threadIdx.y;
    tile[sy][sx] = in[y * width + x];
    // Halo cells outside the grid are clamped to the border; border cells
    // never use them (they keep their value).
    if (threadIdx.y == 0) tile[0][sx] = in[max(y - 1, 0) * width + x];
    if (threadIdx.y == TY - 1) tile[TY + 1][sx] = in[min(y + 1, height - 1) * width + x];
    if (threadIdx.x == 0) tile[sy][0] = in[y * width + max(x - 1, 0)];
    if (threadIdx.x == TX - 1) tile[sy][TX + 1] = in[y * width + min(x + 1, width - 1)];
    __syncthreads();

    float v = tile[sy][sx];
    bool border = x == 0 || y == 0 || x == width - 1 || y == height - 1;
    if (!border)
      v = center_weight * v +
          neighbour_weight * (tile[sy - 1][sx] + tile[sy + 1][sx] + tile[sy][sx - 1] + tile[sy][sx + 1]);
    out[y * width + x] = v;
    __syncthreads();
  }
}
