#include "sc_model/ptx/device_calls.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <vector>

namespace scwarp::ptx {
namespace {

struct Signature {
  std::string_view name;
  DeviceCall call;
  std::vector<uint64_t> rets, params;  // byte sizes, as nvcc declares them
};

// cuda-runtime's device declarations (crt/common_functions.h and the
// assert/printf headers), as nvcc 13 writes them into PTX.
const std::array<Signature, 4>& signatures() {
  static const std::array<Signature, 4> table = {{
      {"vprintf", DeviceCall::Vprintf, {4}, {8, 8}},
      {"malloc", DeviceCall::Malloc, {8}, {8}},
      {"free", DeviceCall::Free, {}, {8}},
      {"__assertfail", DeviceCall::AssertFail, {}, {8, 8, 4, 8, 8}},
  }};
  return table;
}

const Signature* find_signature(std::string_view name) {
  for (const Signature& s : signatures())
    if (s.name == name) return &s;
  return nullptr;
}

std::vector<uint64_t> sizes(const Module& m, const std::vector<uint32_t>& symbols) {
  std::vector<uint64_t> out;
  for (uint32_t s : symbols) out.push_back(m.symbols[s].size);
  return out;
}

std::string size_list(const std::vector<uint64_t>& sizes) {
  return sizes.empty() ? "none" : fmt::format("{} bytes", fmt::join(sizes, ", "));
}

}  // namespace

DeviceCall device_call(std::string_view name) {
  const Signature* s = find_signature(name);
  return s ? s->call : DeviceCall::None;
}

std::string device_call_signature_problem(const Module& m, const Function& fn) {
  const Signature* s = find_signature(fn.name);
  if (!s) return fmt::format("'{}' is not a device-runtime function scwarp provides", fn.name);
  std::vector<uint64_t> rets = sizes(m, fn.rets), params = sizes(m, fn.params);
  if (rets == s->rets && params == s->params) return "";
  return fmt::format("'{}' is declared with parameters of {} and return values of {}; CUDA's takes {} and "
                     "returns {}",
                     fn.name, size_list(params), size_list(rets), size_list(s->params), size_list(s->rets));
}

std::string refused_device_feature(std::string_view name) {
  // Device-side launches compile to cudaGetParameterBuffer/cudaLaunchDevice
  // (__cudaCDP2* since CUDA 12, with device-side streams and cudaMalloc);
  // device-side graph launch and conditional nodes to cudaGraph*.
  if (name.starts_with("cudaGraph")) return "the device-side graph API";
  if (name.starts_with("cuda") || name.starts_with("__cudaCDP")) return "dynamic parallelism";
  return "";
}

std::string unsupported_instruction_feature(const Instr& in) {
  std::string_view text = in.text;
  for (std::string_view tensor : {"wmma.", "mma.", "ldmatrix.", "movmatrix.", "stmatrix."})
    if (text.starts_with(tensor)) return "tensor-core instruction";
  return "";
}

}  // namespace scwarp::ptx
