// Cache-locality microkernel (seed 001 Sec. 2.2's case for GTO): each warp
// walks a ring through its own small working set of 128-byte lines, one
// dependent load per step (the next line's index is the loaded value), so a
// warp has one load in flight and needs its lines again a ring later. All
// warps' sets together exceed the L1: round robin, which moves every warp one
// step in turn, evicts lines before their reuse; a greedy scheduler keeps the
// oldest warps' sets hot while they run.
// Registers kept low (ptxas gives 24) so five 256-thread blocks share one
// GTX480 SM, which has half the registers of the sm_75 nvcc compiles for.
extern "C" __global__ void __maxnreg__(21)
micro_locality(const int* next, int* out, int steps, int lines) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x % 32;
  const int* mine = next + warp * lines * 32;
  int line = 0, sum = 0;
  for (int s = 0; s < steps; ++s) {
    line = mine[line * 32 + lane];
    sum += line;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}
