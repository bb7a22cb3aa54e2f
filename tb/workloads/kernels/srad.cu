// Speckle-reducing anisotropic diffusion (Yu & Acton), one iteration = two
// kernels on 16x16 tiles of a rows x cols image J (image borders replicate):
//   srad_coefficients: stage J's tile plus a one-pixel halo in shared memory,
//     barrier, then per pixel the four directional differences and the
//     diffusion coefficient c from the local statistics and q0^2 (speckle
//     scale of a homogeneous region, computed by the host);
//   srad_update: stage c's tile plus its south/east halo in shared memory,
//     barrier, then the divergence of c * grad J updates J in place.
#define BS 16

extern "C" __global__ void __maxnreg__(24)
srad_coefficients(const float* J, float* dN, float* dS, float* dW, float* dE, float* c, int rows,
                  int cols, float q0sqr) {
  __shared__ float t[BS + 2][BS + 2];
  int col = blockIdx.x * BS + threadIdx.x, row = blockIdx.y * BS + threadIdx.y;
  int sx = threadIdx.x + 1, sy = threadIdx.y + 1;
  int idx = row * cols + col;
  t[sy][sx] = J[idx];
  if (threadIdx.y == 0) t[0][sx] = J[max(row - 1, 0) * cols + col];
  if (threadIdx.y == BS - 1) t[BS + 1][sx] = J[min(row + 1, rows - 1) * cols + col];
  if (threadIdx.x == 0) t[sy][0] = J[row * cols + max(col - 1, 0)];
  if (threadIdx.x == BS - 1) t[sy][BS + 1] = J[row * cols + min(col + 1, cols - 1)];
  __syncthreads();

  float jc = t[sy][sx];
  float n = t[sy - 1][sx] - jc, s = t[sy + 1][sx] - jc;
  float w = t[sy][sx - 1] - jc, e = t[sy][sx + 1] - jc;
  float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
  float l = (n + s + w + e) / jc;
  float num = 0.5f * g2 - 0.0625f * (l * l);
  float den = 1.0f + 0.25f * l;
  float qsqr = num / (den * den);
  float excess = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
  float coeff = fminf(fmaxf(1.0f / (1.0f + excess), 0.0f), 1.0f);
  dN[idx] = n;
  dS[idx] = s;
  dW[idx] = w;
  dE[idx] = e;
  c[idx] = coeff;
}

extern "C" __global__ void __maxnreg__(24)
srad_update(float* J, const float* dN, const float* dS, const float* dW, const float* dE,
            const float* c, int rows, int cols, float lambda) {
  __shared__ float ct[BS + 1][BS + 1];
  int col = blockIdx.x * BS + threadIdx.x, row = blockIdx.y * BS + threadIdx.y;
  int idx = row * cols + col;
  ct[threadIdx.y][threadIdx.x] = c[idx];
  if (threadIdx.y == BS - 1) ct[BS][threadIdx.x] = c[min(row + 1, rows - 1) * cols + col];
  if (threadIdx.x == BS - 1) ct[threadIdx.y][BS] = c[row * cols + min(col + 1, cols - 1)];
  __syncthreads();

  float here = ct[threadIdx.y][threadIdx.x];
  float south = ct[threadIdx.y + 1][threadIdx.x], east = ct[threadIdx.y][threadIdx.x + 1];
  float divergence = here * dN[idx] + south * dS[idx] + here * dW[idx] + east * dE[idx];
  J[idx] += 0.25f * lambda * divergence;
}
