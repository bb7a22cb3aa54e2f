// Kernels that read textures and read and write surfaces through objects,
// launched by tests/func/texture_kernels_test.cc (functional engine) and
// tests/cli/texture_timing_test.cc (timing model). textures.ptx next to this
// file is generated from it (nvcc is not needed to run the tests):
//   nvcc -arch=sm_75 -O3 -ptx textures.cu -o textures.ptx
// Each kernel writes one result per thread to `out`.
#include <cuda_runtime.h>

// tex1Dfetch on a linear resource: integer index, 0 outside.
extern "C" __global__ void fetch_1d(cudaTextureObject_t t, float* out, int offset) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = tex1Dfetch<float>(t, i + offset);
}

// tex2D at (x + dx, y + dy) with float coordinates; normalised when `scale`
// is not 1 (the coordinates are divided by the size in texels).
extern "C" __global__ void sample_2d(cudaTextureObject_t t, float4* out, float dx, float dy, float sx, float sy) {
  int x = threadIdx.x, y = blockIdx.x;
  out[y * blockDim.x + x] = tex2D<float4>(t, (x + dx) * sx, (y + dy) * sy);
}

// tex2D of an integer texture with element reads.
extern "C" __global__ void sample_2d_int(cudaTextureObject_t t, int* out) {
  int x = threadIdx.x, y = blockIdx.x;
  out[y * blockDim.x + x] = tex2D<int>(t, x + 0.5f, y + 0.5f);
}

extern "C" __global__ void sample_3d(cudaTextureObject_t t, float* out, float dz) {
  int x = threadIdx.x, y = blockIdx.x;
  out[y * blockDim.x + x] = tex3D<float>(t, x + 0.5f, y + 0.5f, dz);
}

extern "C" __global__ void sample_layered(cudaTextureObject_t t, float* out, int layer) {
  int x = threadIdx.x;
  out[x] = tex2DLayered<float>(t, x + 0.5f, 0.5f, layer);
}

// One direction per thread: (+x, -x, +y, -y, +z, -z) in turn.
extern "C" __global__ void sample_cube(cudaTextureObject_t t, float* out) {
  int i = threadIdx.x;
  float v[3] = {0.f, 0.f, 0.f};
  v[(i % 6) / 2] = (i % 2) ? -1.f : 1.f;
  out[i] = texCubemap<float>(t, v[0], v[1], v[2]);
}

extern "C" __global__ void gather_2d(cudaTextureObject_t t, float4* out, float x, float y) {
  out[threadIdx.x] = tex2Dgather<float4>(t, x, y, 1);
}

// Surfaces: each thread doubles one float of a 2-D surface into another.
extern "C" __global__ void surface_double(cudaSurfaceObject_t src, cudaSurfaceObject_t dst) {
  int x = threadIdx.x, y = blockIdx.x;
  float v;
  surf2Dread(&v, src, x * 4, y);
  surf2Dwrite(v * 2.f, dst, x * 4, y);
}

// A uchar4 surface read out of range under each boundary mode.
extern "C" __global__ void surface_bounds(cudaSurfaceObject_t s, uchar4* out, int x) {
  out[0] = surf1Dread<uchar4>(s, x * 4, cudaBoundaryModeClamp);
  out[1] = surf1Dread<uchar4>(s, x * 4, cudaBoundaryModeZero);
}

extern "C" __global__ void surface_trap(cudaSurfaceObject_t s, float* out, int x) {
  out[0] = surf1Dread<float>(s, x * 4, cudaBoundaryModeTrap);
}

// txq through inline PTX (CUDA has no C++ call for it).
extern "C" __global__ void query(cudaTextureObject_t t, unsigned* out) {
  unsigned w, h, norm;
  asm("txq.width.b32 %0, [%1];" : "=r"(w) : "l"(t));
  asm("txq.height.b32 %0, [%1];" : "=r"(h) : "l"(t));
  asm("txq.normalized_coords.b32 %0, [%1];" : "=r"(norm) : "l"(t));
  out[0] = w;
  out[1] = h;
  out[2] = norm;
}
