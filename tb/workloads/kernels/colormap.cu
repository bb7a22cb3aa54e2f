// Colour mapping of 16-bit scalar data through a transfer-function table read
// with tex1Dfetch from a 1-D texture object over linear memory (uchar4
// entries read as normalized floats): each value picks two neighbouring
// entries and blends them by its fraction (the table lookup a volume
// renderer's transfer function does). Grid-stride loop, ELEMS_PER_THREAD
// values per thread. The data is mostly smooth, so a warp's lookups fall on
// few entries, with scattered jumps.
// The top value 65535 lands exactly on the last entry: its neighbour is
// fetched one past the end, which a texture reads as 0, with weight 0.
extern "C" __global__ void colormap_apply(cudaTextureObject_t table, const unsigned short* values,
                                          float4* out, int n, float scale) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    float pos = values[i] * scale;
    int entry = (int)pos;
    float f = pos - entry;
    float4 a = tex1Dfetch<float4>(table, entry), b = tex1Dfetch<float4>(table, entry + 1);
    out[i] = make_float4(a.x + f * (b.x - a.x), a.y + f * (b.y - a.y), a.z + f * (b.z - a.z),
                         a.w + f * (b.w - a.w));
  }
}
