// What CUDA's device runtime gives kernels besides memory: printf's output
// and the device heap behind malloc/free. A runtime::Device owns one for its
// lifetime (heap allocations outlive the launch that made them, as in CUDA);
// every launch's engine reaches it through LaunchSpec::services.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "sc_model/func/memory.h"
#include "sc_model/func/texture.h"

namespace scwarp::func {

// CUDA's default cudaLimitMallocHeapSize.
inline constexpr uint64_t kDefaultDeviceHeapBytes = 8ull << 20;

class DeviceServices {
 public:
  explicit DeviceServices(uint64_t heap_bytes = kDefaultDeviceHeapBytes) : heap_bytes_(heap_bytes) {}
  uint64_t heap_bytes() const { return heap_bytes_; }

  // Device malloc: its own allocation in device memory (so accesses past its
  // end fault), or 0 when the heap has no room for `bytes` more (CUDA's NULL).
  uint64_t heap_allocate(GlobalMemory& mem, uint64_t bytes);
  // Device free of a live heap allocation; false for any other address.
  bool heap_release(GlobalMemory& mem, uint64_t address);

  // The texture and surface objects kernels' handles name.
  TextureObjects& textures() { return textures_; }
  const TextureObjects& textures() const { return textures_; }

  // One printf's text from thread `lane` of warp `warp` in block `block`.
  void print(uint64_t block, uint32_t warp, uint32_t lane, std::string text);
  // Everything printed since the last call, ordered by block, warp, lane and
  // then the order each thread printed it: the same text whatever order the
  // timing model ran the warps in.
  std::string take_output();

 private:
  struct Printed {
    uint64_t block;
    uint32_t warp, lane;
    std::string text;
  };
  uint64_t heap_bytes_;
  uint64_t heap_in_use_ = 0;
  std::map<uint64_t, uint64_t> heap_blocks_;  // address -> bytes
  std::vector<Printed> printed_;
  TextureObjects textures_;
};

}  // namespace scwarp::func
