// 256-bin histogram of bytes (packed four per 32-bit word):
//   histogram_blocks: each block counts its share of the words into a private
//     shared-memory histogram with shared atomics (conflicts on popular bins),
//     barriers around the counting, then writes its partial histogram;
//   histogram_merge: one thread per bin sums the partial histograms.
#define THREADS 512
#define BINS 256

extern "C" __global__ void __maxnreg__(24)
histogram_blocks(const unsigned* words, int n_words, unsigned* partials) {
  __shared__ unsigned bins[BINS];
  for (int b = threadIdx.x; b < BINS; b += THREADS) bins[b] = 0;
  __syncthreads();  // all bins zeroed before anyone counts

  for (int w = blockIdx.x * THREADS + threadIdx.x; w < n_words; w += gridDim.x * THREADS) {
    unsigned v = words[w];
    atomicAdd(&bins[v & 0xff], 1u);
    atomicAdd(&bins[(v >> 8) & 0xff], 1u);
    atomicAdd(&bins[(v >> 16) & 0xff], 1u);
    atomicAdd(&bins[v >> 24], 1u);
  }
  __syncthreads();  // all counts in before the histogram is read out
  for (int b = threadIdx.x; b < BINS; b += THREADS) partials[blockIdx.x * BINS + b] = bins[b];
}

extern "C" __global__ void __maxnreg__(24)
histogram_merge(const unsigned* partials, int n_partials, unsigned* histogram) {
  int bin = blockIdx.x * blockDim.x + threadIdx.x;
  if (bin >= BINS) return;
  unsigned sum = 0;
  for (int p = 0; p < n_partials; ++p) sum += partials[p * BINS + bin];
  histogram[bin] = sum;
}
