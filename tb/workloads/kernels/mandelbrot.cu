// Escape-time Mandelbrot set in Q4.28 fixed point (integer arithmetic, so
// the CPU reference matches bit for bit): one thread per pixel, a block is a
// 32 x 8 tile whose eight warps are its eight rows. How long a pixel
// iterates depends on where it lies, so the warps of one block do very
// different amounts of work (seed 004's warp divergence: instruction and
// cycle divergence inside a TB).
#define TILE_W 32
#define TILE_H 8
#define FRAC 28

extern "C" __global__ void __maxnreg__(32)
mandelbrot(unsigned* iterations, int width, int height, int x0, int y0, int step, int max_iter) {
  int px = blockIdx.x * TILE_W + threadIdx.x;
  int py = blockIdx.y * TILE_H + threadIdx.y;
  if (px >= width || py >= height) return;
  long long cx = x0 + (long long)px * step;
  long long cy = y0 + (long long)py * step;
  long long zx = 0, zy = 0;
  int i = 0;
  const long long four = 4ll << FRAC;
  while (i < max_iter) {
    long long zx2 = (zx * zx) >> FRAC;
    long long zy2 = (zy * zy) >> FRAC;
    if (zx2 + zy2 > four) break;
    long long zxy = (zx * zy) >> (FRAC - 1);
    zx = zx2 - zy2 + cx;
    zy = zxy + cy;
    ++i;
  }
  iterations[py * width + px] = i;
}
