// Texture and surface kernels the CLI tests launch with `scwarp launch
// --texture/--surface`. textures.ptx next to this file is generated from it
// (nvcc is not needed to run the tests):
//   nvcc -arch=sm_75 -O3 -ptx textures.cu -o textures.ptx

// out[i] = texel i of a 1-D texture over linear memory, for i < n: an index
// past the texture's end reads 0.
extern "C" __global__ void fetch_1d(cudaTextureObject_t t, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float>(t, i);
}

// out[y][x] = the 2-D texture sampled at unnormalized (x + dx, y + 0.5):
// dx = 0.5 is texel (x, y)'s centre; dx = 1 lies halfway to texel x + 1.
extern "C" __global__ void sample_2d(cudaTextureObject_t t, float* out, int width, float dx) {
  int x = threadIdx.x, y = blockIdx.x;
  out[y * width + x] = tex2D<float>(t, x + dx, y + 0.5f);
}

// Doubles every float of a 2-D surface in place (x in bytes, as CUDA's surf2D).
extern "C" __global__ void double_surface(cudaSurfaceObject_t s) {
  int x = threadIdx.x, y = blockIdx.x;
  float v = surf2Dread<float>(s, x * sizeof(float), y);
  surf2Dwrite(2.0f * v, s, x * sizeof(float), y);
}
