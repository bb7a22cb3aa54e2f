// Device global memory and the generic address map shared by every layer.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace scwarp::func {

// Generic addresses: global allocations live below kSharedWindow; a generic
// address inside a window maps to that state space (cvta adds/subtracts the
// window base, isspacep tests the range).
inline constexpr uint64_t kGlobalBase = 0x0000'0001'0000'0000ull;
inline constexpr uint64_t kSharedWindow = 0x0000'7000'0000'0000ull;
inline constexpr uint64_t kLocalWindow = 0x0000'7100'0000'0000ull;
inline constexpr uint64_t kWindowSize = 0x0000'0001'0000'0000ull;
// Kernel parameters seen through generic pointers (cvta.param, as nvcc emits
// for __grid_constant__ parameters): offsets into the launch parameter buffer.
inline constexpr uint64_t kParamWindow = 0x0000'7300'0000'0000ull;
// Functions have addresses too (indirect calls, tables of function pointers):
// a window no data access may touch, so calling through a data pointer or
// loading through a function pointer faults.
inline constexpr uint64_t kCodeWindow = 0x0000'7200'0000'0000ull;
inline constexpr uint64_t function_address(uint32_t function_index) {
  return kCodeWindow + uint64_t(function_index) * 16;
}

// The GTX480's device memory, 1536 MB: what a device holds unless told otherwise.
inline constexpr uint64_t kDefaultDeviceMemoryBytes = 1536ull << 20;

// Device memory as a set of allocations; every access is bounds checked
// against the allocation it falls in.
class GlobalMemory {
 public:
  // Allocations beyond `bytes` in use at once are refused (naming the sizes),
  // not left to the host's out-of-memory killer.
  void set_capacity(uint64_t bytes) { capacity_ = bytes; }
  uint64_t allocate(uint64_t bytes, uint64_t align = 256);
  void release(uint64_t addr);
  // Returns nullptr when [addr, addr+bytes) is not inside one allocation.
  uint8_t* translate(uint64_t addr, uint64_t bytes);
  const uint8_t* translate(uint64_t addr, uint64_t bytes) const;
  void write(uint64_t addr, const void* src, uint64_t bytes);  // throws scwarp::Error
  void read(uint64_t addr, void* dst, uint64_t bytes) const;   // throws scwarp::Error
  uint64_t bytes_allocated() const;

 private:
  struct Allocation {
    std::vector<uint8_t> data;
  };
  std::map<uint64_t, Allocation> allocs_;  // keyed by base address
  uint64_t next_ = kGlobalBase;
  uint64_t capacity_ = kDefaultDeviceMemoryBytes;
  uint64_t in_use_ = 0;
  mutable const std::pair<const uint64_t, Allocation>* last_ = nullptr;  // lookup cache
};

}  // namespace scwarp::func
