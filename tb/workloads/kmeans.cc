// kmeans: Lloyd iterations of k-means clustering; the device first turns the
// point-major input feature-major, then per iteration assigns every
// point to its nearest centroid (centroids staged in dynamic shared memory),
// the host recomputes the centroids between launches.
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kThreads = 256;

// Points feature-major: feature f of point p at f * n + p.
struct Points {
  uint32_t n = 0, dims = 0;
  std::vector<float> features;
  float at(uint32_t p, uint32_t f) const { return features[size_t(f) * n + p]; }
};

// Points scattered around k hidden cluster centres, so the clustering has
// structure to find but boundary points still switch between iterations.
Points clustered_points(uint32_t n, uint32_t dims, uint32_t k, Rng& rng) {
  Points pts{n, dims, std::vector<float>(size_t(n) * dims)};
  std::vector<float> centres = rng.floats(size_t(k) * dims, 0.0f, 10.0f);
  for (uint32_t p = 0; p < n; ++p) {
    uint32_t c = rng.below(k);
    for (uint32_t f = 0; f < dims; ++f)
      pts.features[size_t(f) * n + p] = centres[size_t(c) * dims + f] + rng.uniform(-2.5f, 2.5f);
  }
  return pts;
}

// The kernel's distance, bit for bit: fused multiply-adds in feature order,
// strict < so ties keep the lower centroid.
std::vector<int32_t> reference_assign(const Points& pts, const std::vector<float>& centroids, uint32_t k) {
  std::vector<int32_t> membership(pts.n);
  for (uint32_t p = 0; p < pts.n; ++p) {
    int32_t nearest = 0;
    float nearest_distance = std::numeric_limits<float>::max();
    for (uint32_t c = 0; c < k; ++c) {
      float distance = 0.0f;
      for (uint32_t f = 0; f < pts.dims; ++f) {
        float diff = pts.at(p, f) - centroids[size_t(c) * pts.dims + f];
        distance = std::fma(diff, diff, distance);
      }
      if (distance < nearest_distance) nearest_distance = distance, nearest = int32_t(c);
    }
    membership[p] = nearest;
  }
  return membership;
}

// Mean of each cluster's points; an empty cluster keeps its centroid.
std::vector<float> update_centroids(const Points& pts, const std::vector<int32_t>& membership,
                                    std::vector<float> centroids, uint32_t k) {
  std::vector<double> sum(centroids.size(), 0.0);
  std::vector<uint32_t> count(k, 0);
  for (uint32_t p = 0; p < pts.n; ++p) {
    ++count[membership[p]];
    for (uint32_t f = 0; f < pts.dims; ++f) sum[size_t(membership[p]) * pts.dims + f] += pts.at(p, f);
  }
  for (uint32_t c = 0; c < k; ++c)
    if (count[c])
      for (uint32_t f = 0; f < pts.dims; ++f)
        centroids[size_t(c) * pts.dims + f] = float(sum[size_t(c) * pts.dims + f] / count[c]);
  return centroids;
}

class KmeansWorkload : public Workload {
 public:
  std::string name() const override { return "kmeans"; }
  std::string description() const override {
    return "k-means clustering: a strided point-major to feature-major transpose, then per iteration "
           "one thread per point finds the nearest of k centroids (staged in dynamic shared memory); "
           "the host moves the centroids";
  }
  bool barrier_intensive() const override { return false; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: 32768 points = 128 TBs, about 4.3 waves of 30 resident (52 registers).
    const uint32_t n = by_size<uint32_t>(size, 1000, 8192, 32768);
    const uint32_t k = by_size<uint32_t>(size, 4, 8, 8);
    const uint32_t dims = by_size<uint32_t>(size, 8, 16, 16);
    const uint32_t iterations = by_size<uint32_t>(size, 2, 3, 2);
    Rng rng(seed);
    Points pts = clustered_points(n, dims, k, rng);
    // Initial centroids: the first k points.
    std::vector<float> centroids(size_t(k) * dims);
    for (uint32_t c = 0; c < k; ++c)
      for (uint32_t f = 0; f < dims; ++f) centroids[size_t(c) * dims + f] = pts.at(c, f);

    std::vector<float> point_major(pts.features.size());
    for (uint32_t p = 0; p < n; ++p)
      for (uint32_t f = 0; f < dims; ++f) point_major[size_t(p) * dims + f] = pts.at(p, f);

    const auto& module = load_workload_module(dev, name());
    const runtime::Dim3 grid{ceil_div(n, kThreads), 1, 1}, block{kThreads, 1, 1};
    uint64_t d_point_major = dev.upload(point_major);
    uint64_t d_features = dev.upload(std::vector<float>(pts.features.size(), 0.0f));
    dev.launch(module, "kmeans_transpose", grid, block, 0,
               runtime::KernelArgs().add(d_point_major).add(d_features).add(int32_t(n)).add(int32_t(dims)));
    Verification v = compare_exact(pts.features, dev.download<float>(d_features, pts.features.size()),
                                   "feature-major value");
    if (!v.ok) return v;
    uint64_t d_centroids = dev.upload(centroids);
    uint64_t d_membership = dev.upload(std::vector<int32_t>(n, -1));
    const uint32_t centroid_bytes = k * dims * sizeof(float);
    for (uint32_t it = 0; it < iterations; ++it) {
      dev.copy_to_device(d_centroids, centroids.data(), centroid_bytes);
      dev.launch(module, "kmeans_assign", grid, block, centroid_bytes,
                 runtime::KernelArgs()
                     .add(d_features).add(d_centroids).add(d_membership)
                     .add(int32_t(n)).add(int32_t(k)).add(int32_t(dims)));
      std::vector<int32_t> membership = reference_assign(pts, centroids, k);
      // Checked every iteration: equal memberships give equal centroids, so
      // the next launch starts from the same centroids on both sides.
      v = compare_exact(membership, dev.download<int32_t>(d_membership, n),
                        fmt::format("iteration {}: cluster of point", it));
      if (!v.ok) return v;
      centroids = update_centroids(pts, membership, centroids, k);
    }
    return v;
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::KmeansWorkload, "kmeans")
