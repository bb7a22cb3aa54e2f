// K-means clustering kernels.
// kmeans_transpose: the input arrives point-major (a point's features
// contiguous); one thread per point rewrites it feature-major, reading with a
// stride of dims words and writing coalesced, once before the iterations.
// kmeans_assign, the assignment step: every point (one thread each) finds the nearest
// of k centroids by squared Euclidean distance over its features. Features
// are stored feature-major (feature f of point p at f * n + p) so a warp's
// loads coalesce; the block first stages all k x features centroid values in
// dynamic shared memory behind one barrier. The host recomputes centroids
// between launches. Distances use explicit fused multiply-adds so the host
// can reproduce them bit for bit (ties go to the lower centroid).
extern "C" __global__ void kmeans_transpose(const float* point_major, float* feature_major, int n,
                                            int dims) {
  int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n) return;
  for (int f = 0; f < dims; ++f) feature_major[f * n + p] = point_major[p * dims + f];
}

extern "C" __global__ void kmeans_assign(const float* features, const float* centroids,
                                         int* membership, int n, int k, int dims) {
  extern __shared__ float centre[];
  for (int i = threadIdx.x; i < k * dims; i += blockDim.x) centre[i] = centroids[i];
  __syncthreads();
  int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n) return;
  int nearest = 0;
  float nearest_distance = 3.402823466e38f;
  for (int c = 0; c < k; ++c) {
    float distance = 0.0f;
    for (int f = 0; f < dims; ++f) {
      float diff = features[f * n + p] - centre[c * dims + f];
      distance = fmaf(diff, diff, distance);
    }
    if (distance < nearest_distance) {
      nearest_distance = distance;
      nearest = c;
    }
  }
  membership[p] = nearest;
}
