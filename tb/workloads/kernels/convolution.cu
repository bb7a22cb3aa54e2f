// Separable 2D convolution of a width x height image with a (2R+1)-tap
// filter held in constant memory (set by the host), zero outside the image:
//   convolution_rows: a 32x8 block stages its 8 rows of 32 pixels plus an
//     apron of R pixels on each side in shared memory, then filters along x;
//   convolution_columns: the same with the apron above and below, along y.
// The apron is loaded by the edge threads only (divergent loads), and every
// output reads its 2R+1 taps from the shared tile and the constant bank.
#define R 8
#define TAPS (2 * R + 1)
#define BX 32
#define BY 8

__constant__ float filter_taps[TAPS];

extern "C" __global__ void convolution_rows(const float* in, float* out, int width, int height) {
  __shared__ float tile[BY][BX + 2 * R];
  int x = blockIdx.x * BX + threadIdx.x, y = blockIdx.y * BY + threadIdx.y;
  const float* row = in + y * width;
  tile[threadIdx.y][threadIdx.x + R] = row[x];
  if (threadIdx.x < R) tile[threadIdx.y][threadIdx.x] = x - R >= 0 ? row[x - R] : 0.0f;
  if (threadIdx.x >= BX - R)
    tile[threadIdx.y][threadIdx.x + 2 * R] = x + R < width ? row[x + R] : 0.0f;
  __syncthreads();
  float sum = 0.0f;
  for (int k = -R; k <= R; ++k) sum += tile[threadIdx.y][threadIdx.x + R + k] * filter_taps[R - k];
  out[y * width + x] = sum;
}

extern "C" __global__ void convolution_columns(const float* in, float* out, int width,
                                               int height) {
  __shared__ float tile[BY + 2 * R][BX];
  int x = blockIdx.x * BX + threadIdx.x, y = blockIdx.y * BY + threadIdx.y;
  tile[threadIdx.y + R][threadIdx.x] = in[y * width + x];
  // R == BY: every thread also loads one apron pixel above and one below.
  for (int a = threadIdx.y; a < R; a += BY) {
    int above = blockIdx.y * BY - R + a, below = (blockIdx.y + 1) * BY + a;
    tile[a][threadIdx.x] = above >= 0 ? in[above * width + x] : 0.0f;
    tile[BY + R + a][threadIdx.x] = below < height ? in[below * width + x] : 0.0f;
  }
  __syncthreads();
  float sum = 0.0f;
  for (int k = -R; k <= R; ++k) sum += tile[threadIdx.y + R + k][threadIdx.x] * filter_taps[R - k];
  out[y * width + x] = sum;
}
