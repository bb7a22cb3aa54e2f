// HotSpot-style transient thermal simulation of a chip on a rows x cols grid
// of temperatures. Each time step moves a cell towards its neighbours, its
// own power dissipation and the ambient temperature:
//   T' = T + step/cap * (power + (N + S - 2T) * gy + (E + W - 2T) * gx + (amb - T) * gz)
// where a neighbour beyond the chip's edge is the cell itself (no heat flows
// across the edge).
// One launch runs `steps` time steps on a 16x16 tile in shared memory (a
// pyramid): every step the ring of cells whose neighbours are stale grows by
// one, so a block loads steps cells of halo on each side, writes only its
// (16 - 2*steps)^2 interior, and its outer threads fall idle step by step
// (divergence inside the block). Neighbouring blocks recompute the overlap.
#define BS 16

extern "C" __global__ void hotspot_steps(const float* temp_in, const float* power,
                                         float* temp_out, int rows, int cols, int steps,
                                         float step_div_cap, float gx, float gy, float gz,
                                         float ambient) {
  __shared__ float t[BS][BS];
  __shared__ float next[BS][BS];
  int tx = threadIdx.x, ty = threadIdx.y;
  int col = blockIdx.x * (BS - 2 * steps) - steps + tx;
  int row = blockIdx.y * (BS - 2 * steps) - steps + ty;
  bool on_chip = row >= 0 && row < rows && col >= 0 && col < cols;
  int idx = row * cols + col;
  float p = on_chip ? power[idx] : 0.0f;
  if (on_chip) t[ty][tx] = temp_in[idx];
  __syncthreads();
  for (int s = 0; s < steps; ++s) {
    bool fresh = on_chip && tx > s && tx < BS - 1 - s && ty > s && ty < BS - 1 - s;
    if (fresh) {
      float here = t[ty][tx];
      float north = row > 0 ? t[ty - 1][tx] : here, south = row < rows - 1 ? t[ty + 1][tx] : here;
      float west = col > 0 ? t[ty][tx - 1] : here, east = col < cols - 1 ? t[ty][tx + 1] : here;
      float vertical = north + south - 2.0f * here;
      float horizontal = east + west - 2.0f * here;
      float flow = p + vertical * gy + horizontal * gx + (ambient - here) * gz;
      next[ty][tx] = here + step_div_cap * flow;
    }
    __syncthreads();
    if (fresh) t[ty][tx] = next[ty][tx];
    __syncthreads();
  }
  if (on_chip && tx >= steps && tx < BS - steps && ty >= steps && ty < BS - steps)
    temp_out[idx] = t[ty][tx];
}
