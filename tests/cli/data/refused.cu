// Kernels using features scwarp refuses by name: dynamic parallelism, device
// graph launch and tensor cores. refused.ptx next to this file is generated
// from it (relocatable device code, as device launches need):
//   nvcc -arch=sm_75 -O3 -rdc=true -ptx refused.cu -o refused.ptx
#include <cuda_runtime.h>
#include <mma.h>

extern "C" __global__ void child(int* p) { p[threadIdx.x] = 1; }

extern "C" __global__ void parent(int* p) {
  if (threadIdx.x == 0) child<<<1, 32>>>(p);
}

extern "C" __global__ void graph_parent(cudaGraphExec_t g) {
  if (threadIdx.x == 0) cudaGraphLaunch(g, cudaStreamGraphFireAndForget);
}

extern "C" __global__ void tile(const half* a, const half* b, float* c) {
  using namespace nvcuda;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
}
