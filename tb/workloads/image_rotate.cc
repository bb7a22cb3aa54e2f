// image_rotate: anti-aliased rotation and zoom of an RGBA8 image read
// through a 2-D texture object (CUDA array, normalized coordinates, bilinear
// filtering, border addressing, normalized-float reads), one launch per
// angle; the angle sets how a warp's texel reads walk the array.
#include <cmath>

#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kBx = 32, kBy = 8;  // kernels/image_rotate.cu BX, BY
constexpr float kInvZoom = 1.25f;      // the source shrinks to 80%: the corners fall outside it
// The first N of these per size: along the rows, down the columns, then
// oblique. Cosine and sine are written out rather than computed, so no libm
// difference between hosts can move a sample (and the cycles) by an ulp.
struct Angle {
  int degrees;
  float cos, sin;
};
constexpr Angle kAngles[] = {{0, 1.0f, 0.0f}, {90, 0.0f, 1.0f}, {30, 0.866025404f, 0.5f}, {60, 0.5f, 0.866025404f}};
constexpr uint32_t kChannels = 4;

struct Rgba8Image {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> texels;  // rows of width x RGBA bytes
  // Border addressing: a texel outside the image is the border colour, 0.
  float at(int64_t x, int64_t y, uint32_t c) const {
    if (x < 0 || y < 0 || x >= int64_t(width) || y >= int64_t(height)) return 0.0f;
    return float(texels[(size_t(y) * width + size_t(x)) * kChannels + c]) / 255.0f;
  }
};

// CUDA's bilinear fetch at normalized (u, v), with exact weights: texel
// centres sit at i + 0.5, so the four texels around (u*W - 0.5, v*H - 0.5).
float bilinear(const Rgba8Image& img, float u, float v, uint32_t c) {
  const double xb = double(u) * img.width - 0.5, yb = double(v) * img.height - 0.5;
  const double x0 = std::floor(xb), y0 = std::floor(yb);
  const double a = xb - x0, b = yb - y0;
  const auto x = int64_t(x0), y = int64_t(y0);
  return float((1 - a) * (1 - b) * img.at(x, y, c) + a * (1 - b) * img.at(x + 1, y, c) +
               (1 - a) * b * img.at(x, y + 1, c) + a * b * img.at(x + 1, y + 1, c));
}

// One launch on the CPU: the kernel's coordinate arithmetic, the filter above.
std::vector<float> reference_rotate(const Rgba8Image& img, float cos_a, float sin_a) {
  const uint32_t w = img.width, h = img.height;
  std::vector<float> out(size_t(w) * h * kChannels);
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x)
      for (uint32_t c = 0; c < kChannels; ++c) {
        float sum = 0.0f;
        for (int sy = 0; sy < 2; ++sy)
          for (int sx = 0; sx < 2; ++sx) {
            const float px = (float(x) + 0.25f + 0.5f * float(sx) - 0.5f * float(w)) * kInvZoom;
            const float py = (float(y) + 0.25f + 0.5f * float(sy) - 0.5f * float(h)) * kInvZoom;
            const float u = (cos_a * px - sin_a * py) / float(w) + 0.5f;
            const float v = (sin_a * px + cos_a * py) / float(h) + 0.5f;
            sum += bilinear(img, u, v, c);
          }
        out[(size_t(y) * w + x) * kChannels + c] = 0.25f * sum;
      }
  return out;
}

class ImageRotateWorkload : public Workload {
 public:
  std::string name() const override { return "image_rotate"; }
  std::string description() const override {
    return "anti-aliased rotation and zoom of an RGBA8 image through a 2-D texture object (CUDA array, "
           "normalized coordinates, bilinear filtering, border addressing), 2x2 samples per output pixel, "
           "one launch per angle: the angle sets how a warp's texel reads walk the array";
  }
  bool barrier_intensive() const override { return false; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: 384 x 256 = 384 TBs per angle, 6.4 waves of 60 resident (31 registers: 4 TBs/SM).
    Rgba8Image img;
    img.width = by_size<uint32_t>(size, 64, 128, 384);
    img.height = by_size<uint32_t>(size, 32, 128, 256);
    const uint32_t angles = by_size<uint32_t>(size, 2, 3, 4);
    const size_t pixels = size_t(img.width) * img.height;
    Rng rng(seed);
    img.texels.resize(pixels * kChannels);
    for (uint8_t& t : img.texels) t = uint8_t(rng.below(256));

    const func::ChannelFormat rgba8{func::ChannelKind::Unsigned, 8, kChannels};
    const func::TextureResource array = dev.malloc_array(rgba8, img.width, img.height);
    dev.copy_to_device(array.address, img.texels.data(), img.texels.size());
    func::TextureSampling sampling;
    sampling.address = {func::AddressMode::Border, func::AddressMode::Border, func::AddressMode::Border};
    sampling.filter = func::FilterMode::Linear;
    sampling.read = func::ReadMode::NormalizedFloat;
    sampling.normalized_coords = true;
    const uint64_t texture = dev.create_texture_object(array, sampling);

    const auto& module = load_workload_module(dev, name());
    const uint64_t d_out = dev.upload(std::vector<float>(pixels * kChannels, -1.0f));
    std::vector<Verification> checks;
    for (uint32_t k = 0; k < angles; ++k) {
      const float cos_a = kAngles[k].cos, sin_a = kAngles[k].sin;
      dev.launch(module, "image_rotate", {img.width / kBx, img.height / kBy, 1}, {kBx, kBy, 1}, 0,
                 runtime::KernelArgs().add(texture).add(d_out).add(int32_t(img.width))
                     .add(int32_t(img.height)).add(cos_a).add(sin_a).add(kInvZoom));
      // The texture unit weighs texels with 8-bit fractions (CUDA's 9-bit
      // fixed point): a weight is off by at most 1/256 per axis, and as
      // texels lie in [0,1] a sample (and so the mean of four) by at most
      // 2/256; the reference's exact weights stay within that. The slack
      // covers coordinates that differ by ulps (the device fuses mul-adds).
      checks.push_back(compare_close(reference_rotate(img, cos_a, sin_a),
                                     dev.download<float>(d_out, pixels * kChannels),
                                     fmt::format("angle {} pixel channel", kAngles[k].degrees), 0.0f,
                                     2.0f / 256 + 1e-4f));
    }
    dev.destroy_texture_object(texture);
    return all_of(checks);
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::ImageRotateWorkload, "image_rotate")
