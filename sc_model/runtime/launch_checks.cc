#include "sc_model/runtime/launch_checks.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "sc_model/common/error.h"

namespace scwarp::runtime {

const ptx::Function& find_kernel(const ptx::Module& m, const std::string& name) {
  const ptx::Function* fn = m.find_function(name);
  if (fn && fn->is_entry) return *fn;
  std::vector<std::string> kernels;
  for (const ptx::Function& f : m.functions)
    if (f.is_entry) kernels.push_back(f.name);
  std::sort(kernels.begin(), kernels.end());
  throw Error(fmt::format(
      "module {} has no kernel '{}'; its kernels: {}", m.file, name,
      kernels.empty() ? std::string("none") : fmt::format("{}", fmt::join(kernels, ", "))));
}

static std::string dims(Dim3 d) { return fmt::format("({},{},{})", d.x, d.y, d.z); }

void check_launch_shape(const ptx::Function& k, Dim3 grid, Dim3 block, uint32_t dynamic_shared) {
  const std::string& name = k.name;
  if (grid.x == 0 || grid.y == 0 || grid.z == 0)
    throw Error(fmt::format("launch of {}: grid {} has a zero dimension", name, dims(grid)));
  if (grid.y > 65535 || grid.z > 65535 || grid.x > 0x7fffffffu)
    throw Error(
        fmt::format("launch of {}: grid {} exceeds (2^31-1, 65535, 65535)", name, dims(grid)));
  if (block.x == 0 || block.y == 0 || block.z == 0)
    throw Error(fmt::format("launch of {}: block {} has a zero dimension", name, dims(block)));
  if (block.count() > kMaxThreadsPerBlock || block.z > 64)
    throw Error(fmt::format("launch of {}: block {} has {} threads; the limit is {} (z at most 64)",
                            name, dims(block), block.count(), kMaxThreadsPerBlock));
  uint64_t maxntid = uint64_t(std::max(k.maxntid[0], 1u)) * std::max(k.maxntid[1], 1u) *
                     std::max(k.maxntid[2], 1u);
  if (k.maxntid[0] && block.count() > maxntid)
    throw Error(
        fmt::format("launch of {}: block {} has {} threads, more than its .maxntid {},{},{}", name,
                    dims(block), block.count(), k.maxntid[0], k.maxntid[1], k.maxntid[2]));
  if (k.reqntid[0]) {
    Dim3 req{k.reqntid[0], std::max(k.reqntid[1], 1u), std::max(k.reqntid[2], 1u)};
    if (req.x != block.x || req.y != block.y || req.z != block.z)
      throw Error(fmt::format("launch of {}: block {} differs from its .reqntid {}", name,
                              dims(block), dims(req)));
  }
  uint64_t shared =
      dynamic_shared ? k.dynamic_shared_offset + dynamic_shared : k.static_shared_bytes;
  if (shared > kMaxSharedPerBlock)
    throw Error(
        fmt::format("launch of {}: {} bytes of shared memory ({} static + {} dynamic) "
                    "exceed the {} bytes per block",
                    name, shared, k.static_shared_bytes, dynamic_shared, kMaxSharedPerBlock));
}

std::vector<uint8_t> build_parameter_buffer(const ptx::Module& m, const ptx::Function& k,
                                            const KernelArgs& args) {
  if (args.size() != k.params.size())
    throw Error(fmt::format("launch of {}: it takes {} parameters, {} arguments given", k.name,
                            k.params.size(), args.size()));
  std::vector<uint8_t> buffer(k.param_bytes, 0);
  for (size_t i = 0; i < args.size(); ++i) {
    const ptx::Symbol& p = m.symbols[k.params[i]];
    if (args.bytes(i).size() != p.size)
      throw Error(
          fmt::format("launch of {}: parameter {} ({}) is {} bytes, argument {} is {} bytes",
                      k.name, i, p.name, p.size, i, args.bytes(i).size()));
    if (p.offset + p.size > buffer.size()) buffer.resize(p.offset + p.size);
    std::memcpy(buffer.data() + p.offset, args.bytes(i).data(), p.size);
  }
  return buffer;
}

}  // namespace scwarp::runtime
