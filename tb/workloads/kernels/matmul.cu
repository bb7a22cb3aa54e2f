// C = A * B for row-major float matrices whose sides are multiples of TILE.
// Each 16x16 block computes one 16x16 tile of C, walking the shared dimension
// one tile at a time: stage a tile of A and of B in shared memory, barrier,
// multiply out of shared memory, barrier before the tiles are overwritten.
// __maxnreg__(24), the least ptxas allows for sm_75, approximates the Fermi
// register budget behind the papers' occupancy (001 Table 2: several TBs per SM).
#define TILE 16

extern "C" __global__ void __maxnreg__(24)
matmul_tiled(const float* a, const float* b, float* c, int n_shared, int n_cols) {
  __shared__ float a_tile[TILE][TILE];
  __shared__ float b_tile[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;

  float sum = 0.0f;
  for (int k0 = 0; k0 < n_shared; k0 += TILE) {
    a_tile[threadIdx.y][threadIdx.x] = a[(size_t)row * n_shared + k0 + threadIdx.x];
    b_tile[threadIdx.y][threadIdx.x] = b[(size_t)(k0 + threadIdx.y) * n_cols + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k) sum += a_tile[threadIdx.y][k] * b_tile[k][threadIdx.x];
    __syncthreads();
  }
  c[(size_t)row * n_cols + col] = sum;
}
