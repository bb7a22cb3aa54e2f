// Anti-aliased rotation and zoom of an RGBA8 image read through a 2-D texture
// object: a CUDA array of uchar4 texels, normalized coordinates, bilinear
// filtering, border addressing (black outside the image) and normalized-float
// reads (texels as [0,1] floats). Each thread writes one output pixel, the
// mean of a 2x2 grid of bilinear samples inside it, one launch per angle.
// Neighbouring threads sample neighbouring texels along the rotated axes, so
// the angle sets the locality: at 0 degrees a warp reads along an array row,
// at 90 degrees down a column.
#define BX 32
#define BY 8

extern "C" __global__ void image_rotate(cudaTextureObject_t src, float4* out, int width, int height,
                                        float cos_a, float sin_a, float inv_zoom) {
  int x = blockIdx.x * BX + threadIdx.x, y = blockIdx.y * BY + threadIdx.y;
  float4 sum = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  for (int sy = 0; sy < 2; ++sy)
    for (int sx = 0; sx < 2; ++sx) {
      // The sample relative to the image centre, rotated and scaled back into
      // the source, then normalized to [0,1).
      float px = (x + 0.25f + 0.5f * sx - 0.5f * width) * inv_zoom;
      float py = (y + 0.25f + 0.5f * sy - 0.5f * height) * inv_zoom;
      float u = (cos_a * px - sin_a * py) / width + 0.5f;
      float v = (sin_a * px + cos_a * py) / height + 0.5f;
      float4 t = tex2D<float4>(src, u, v);
      sum.x += t.x;
      sum.y += t.y;
      sum.z += t.z;
      sum.w += t.w;
    }
  out[y * width + x] = make_float4(0.25f * sum.x, 0.25f * sum.y, 0.25f * sum.z, 0.25f * sum.w);
}
