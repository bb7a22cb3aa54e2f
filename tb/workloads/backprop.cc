// backprop: training steps of a neural network's input -> hidden layer
// (16 hidden units): a layer-forward kernel with a per-block shared-memory
// tree reduction, host-side squashing and error terms, and a weight-adjust
// kernel with momentum.
#include <cmath>

#include "tb/workloads/common.h"

namespace scwarp::workloads {
namespace {

constexpr uint32_t kHidden = 16;  // HIDDEN in kernels/backprop.cu
constexpr float kEta = 0.3f, kMomentum = 0.3f;

float squash(float x) { return 1.0f / (1.0f + std::exp(-x)); }

// The layer's state, kept identically on the host for the reference.
struct Layer {
  std::vector<float> input, weights, prev_dw;  // weights[i * kHidden + j]
};

// Forward pass as the kernel does it: per block of 16 inputs a pairwise tree
// (8, 4, 2, 1) of the products, then the blocks' partial sums in order.
std::vector<float> reference_forward(const Layer& l) {
  uint32_t blocks = uint32_t(l.input.size() / kHidden);
  std::vector<float> sums(kHidden, 0.0f);
  for (uint32_t b = 0; b < blocks; ++b)
    for (uint32_t j = 0; j < kHidden; ++j) {
      float p[kHidden];
      for (uint32_t i = 0; i < kHidden; ++i)
        p[i] = l.input[b * kHidden + i] * l.weights[(b * kHidden + i) * kHidden + j];
      for (uint32_t half = kHidden / 2; half > 0; half /= 2)
        for (uint32_t i = 0; i < half; ++i) p[i] += p[i + half];
      sums[j] += p[0];
    }
  return sums;
}

void reference_adjust(Layer& l, const std::vector<float>& delta) {
  for (size_t w = 0; w < l.weights.size(); ++w) {
    float dw = kEta * delta[w % kHidden] * l.input[w / kHidden] + kMomentum * l.prev_dw[w];
    l.weights[w] += dw;
    l.prev_dw[w] = dw;
  }
}

// Error terms of the hidden units against their targets (sigmoid derivative).
std::vector<float> hidden_deltas(const std::vector<float>& sums, const std::vector<float>& target) {
  std::vector<float> delta(kHidden);
  for (uint32_t j = 0; j < kHidden; ++j) {
    float h = squash(sums[j]);
    delta[j] = h * (1.0f - h) * (target[j] - h);
  }
  return delta;
}

std::vector<float> sum_partials(const std::vector<float>& partials) {
  std::vector<float> sums(kHidden, 0.0f);
  for (size_t i = 0; i < partials.size(); ++i) sums[i % kHidden] += partials[i];
  return sums;
}

class BackpropWorkload : public Workload {
 public:
  std::string name() const override { return "backprop"; }
  std::string description() const override {
    return "back-propagation training of a 16-unit hidden layer: layer-forward with 16x16 blocks "
           "reducing input x weight products in shared memory, then a momentum weight update";
  }
  bool barrier_intensive() const override { return false; }

  Verification run(runtime::Device& dev, Size size, uint64_t seed) override {
    // paper: 8192 inputs = 512 TBs of 16x16 per kernel, about 5.7 waves of 90 resident.
    const uint32_t inputs = by_size<uint32_t>(size, 128, 1024, 8192);
    const uint32_t training_steps = 2;
    Rng rng(seed);
    Layer layer{rng.floats(inputs, 0.0f, 1.0f), rng.floats(size_t(inputs) * kHidden, -0.05f, 0.05f),
                std::vector<float>(size_t(inputs) * kHidden, 0.0f)};
    std::vector<float> target = rng.floats(kHidden, 0.1f, 0.9f);

    const auto& module = load_workload_module(dev, name());
    uint64_t d_input = dev.upload(layer.input), d_weights = dev.upload(layer.weights);
    uint64_t d_prev_dw = dev.upload(layer.prev_dw);
    uint64_t d_partials = dev.upload(std::vector<float>(inputs, 0.0f));  // kHidden per block
    uint64_t d_delta = dev.upload(std::vector<float>(kHidden, 0.0f));
    const runtime::Dim3 grid{inputs / kHidden, 1, 1}, block{kHidden, kHidden, 1};
    std::vector<Verification> checks;
    for (uint32_t step = 0; step < training_steps; ++step) {
      dev.launch(module, "backprop_layer_forward", grid, block, 0,
                 runtime::KernelArgs().add(d_input).add(d_weights).add(d_partials));
      std::vector<float> sums = sum_partials(dev.download<float>(d_partials, inputs));
      std::vector<float> expected_sums = reference_forward(layer);
      checks.push_back(compare_close(expected_sums, sums, "hidden-unit input sum", 1e-4f, 1e-5f));
      // Both sides continue from their own sums so a drift cannot compound.
      std::vector<float> delta = hidden_deltas(sums, target);
      dev.copy_to_device(d_delta, delta.data(), delta.size() * sizeof(float));
      dev.launch(module, "backprop_adjust_weights", grid, block, 0,
                 runtime::KernelArgs()
                     .add(d_input).add(d_delta).add(d_weights).add(d_prev_dw).add(kEta).add(kMomentum));
      reference_adjust(layer, delta);
    }
    checks.push_back(compare_close(layer.weights, dev.download<float>(d_weights, layer.weights.size()),
                                   "weight", 1e-5f, 1e-7f));
    return all_of(checks);
  }
};

}  // namespace
}  // namespace scwarp::workloads

SCWARP_REGISTER_WORKLOAD(scwarp::workloads::BackpropWorkload, "backprop")
