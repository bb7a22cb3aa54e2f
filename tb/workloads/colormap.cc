// colormap: 16-bit scalar data coloured through a transfer-function table
// read with tex1Dfetch from a 1-D texture object over linear memory (RGBA8
// entries read as normalized floats), blending the two entries around each
// value; mostly smooth data, so a warp's lookups share entries.
#include <algorithm>
#include <cmath>

#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kThreads = 256;
constexpr uint32_t kValuesPerThread = 16;  // grid-stride iterations
constexpr uint32_t kEntries = 1024;
constexpr uint32_t kChannels = 4;
constexpr uint32_t kMaxValue = 65535;

// A random walk with small steps (neighbouring values pick neighbouring
// entries) and a jump to a random value one time in sixteen. The last value
// is the top one, whose upper neighbour lies past the table's end.
std::vector<uint16_t> scalar_field(Rng& rng, size_t n) {
  std::vector<uint16_t> values(n);
  int32_t v = rng.range(0, kMaxValue);
  for (auto& out : values) {
    v = rng.below(16) == 0 ? rng.range(0, kMaxValue) : std::clamp(v + rng.range(-48, 48), 0, int32_t(kMaxValue));
    out = uint16_t(v);
  }
  values.back() = kMaxValue;
  return values;
}

// The kernel's arithmetic on the CPU (std::fma where nvcc fuses), with
// CUDA's fetch rules: an entry's bytes read as byte/255, an index past the
// end reads 0.
std::vector<float> reference_colormap(const std::vector<uint16_t>& values, const std::vector<uint8_t>& table,
                                      float scale) {
  const auto entry = [&](int32_t i, uint32_t c) {
    return i < int32_t(kEntries) ? float(table[size_t(i) * kChannels + c]) / 255.0f : 0.0f;
  };
  std::vector<float> out(values.size() * kChannels);
  for (size_t i = 0; i < values.size(); ++i) {
    const float pos = float(values[i]) * scale;
    const auto e = int32_t(pos);
    const float f = pos - float(e);
    for (uint32_t c = 0; c < kChannels; ++c)
      out[i * kChannels + c] = std::fma(f, entry(e + 1, c) - entry(e, c), entry(e, c));
  }
  return out;
}

class ColormapWorkload : public Workload {
 public:
  std::string name() const override { return "colormap"; }
  std::string description() const override {
    return "transfer-function colour mapping of 16-bit data: tex1Dfetch of the two RGBA8 table entries "
           "around each value from a 1-D texture object over linear memory (normalized-float reads), "
           "blended by the value's fraction; mostly smooth data with random jumps, grid-stride loop";
  }
  bool barrier_intensive() const override { return false; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: 300 TBs, 4 waves of 75 resident (24 registers: 5 TBs/SM).
    const uint32_t blocks = by_size<uint32_t>(size, 4, 40, 300);
    // A few values short of a full last iteration, so the loop's bound check matters.
    const size_t n = size_t(blocks) * kThreads * kValuesPerThread - 100;
    Rng rng(seed);
    std::vector<uint8_t> table(size_t(kEntries) * kChannels);
    for (uint8_t& t : table) t = uint8_t(rng.below(256));
    const std::vector<uint16_t> values = scalar_field(rng, n);
    const float scale = float(kEntries - 1) / float(kMaxValue);

    func::TextureResource linear;
    linear.kind = func::ResourceKind::Linear;
    linear.address = dev.upload(table);
    linear.format = func::ChannelFormat{func::ChannelKind::Unsigned, 8, kChannels};
    linear.width = kEntries;
    linear.pitch = table.size();
    func::TextureSampling sampling;
    sampling.read = func::ReadMode::NormalizedFloat;
    const uint64_t texture = dev.create_texture_object(linear, sampling);

    const auto& module = load_workload_module(dev, name());
    const uint64_t d_values = dev.upload(values);
    const uint64_t d_out = dev.upload(std::vector<float>(n * kChannels, -1.0f));
    dev.launch(module, "colormap_apply", {blocks, 1, 1}, {kThreads, 1, 1}, 0,
               runtime::KernelArgs().add(texture).add(d_values).add(d_out).add(int32_t(n)).add(scale));
    dev.destroy_texture_object(texture);
    // The texture unit may turn a byte into a float as byte * (1/255) rather
    // than byte / 255: an ulp apart, before the blend.
    return compare_close(reference_colormap(values, table, scale), dev.download<float>(d_out, n * kChannels),
                         "colour channel", 1e-6f, 1e-6f);
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::ColormapWorkload, "colormap")
