// HotSpot-style transient thermal simulation of a chip: one launch per time
// step on a rows x cols grid of temperatures. A 16x16 block stages its tile
// plus a one-cell halo (edges replicate the border cell) in shared memory,
// then each cell moves towards its neighbours, its own power dissipation and
// the ambient temperature:
//   T' = T + step/cap * (power + (N + S - 2T) * gy + (E + W - 2T) * gx + (amb - T) * gz)
#define BS 16

extern "C" __global__ void hotspot_step(const float* temp_in, const float* power,
                                        float* temp_out, int rows, int cols, float step_div_cap,
                                        float gx, float gy, float gz, float ambient) {
  __shared__ float t[BS + 2][BS + 2];
  int col = blockIdx.x * BS + threadIdx.x, row = blockIdx.y * BS + threadIdx.y;
  int sx = threadIdx.x + 1, sy = threadIdx.y + 1;
  int idx = row * cols + col;
  t[sy][sx] = temp_in[idx];
  // Border threads fetch the halo; the outermost cells of the chip reuse
  // their own temperature (no heat flows across the chip's edge).
  if (threadIdx.y == 0) t[0][sx] = temp_in[max(row - 1, 0) * cols + col];
  if (threadIdx.y == BS - 1) t[BS + 1][sx] = temp_in[min(row + 1, rows - 1) * cols + col];
  if (threadIdx.x == 0) t[sy][0] = temp_in[row * cols + max(col - 1, 0)];
  if (threadIdx.x == BS - 1) t[sy][BS + 1] = temp_in[row * cols + min(col + 1, cols - 1)];
  __syncthreads();

  float here = t[sy][sx];
  float vertical = t[sy - 1][sx] + t[sy + 1][sx] - 2.0f * here;
  float horizontal = t[sy][sx - 1] + t[sy][sx + 1] - 2.0f * here;
  float flow = power[idx] + vertical * gy + horizontal * gx + (ambient - here) * gz;
  temp_out[idx] = here + step_div_cap * flow;
}
