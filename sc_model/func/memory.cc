#include "sc_model/func/memory.h"

#include <fmt/format.h>

#include <cstring>
#include <utility>

#include "sc_model/common/error.h"

namespace scwarp::func {

uint64_t GlobalMemory::allocate(uint64_t bytes, uint64_t align) {
  if (align == 0 || (align & (align - 1)) != 0)
    throw Error(fmt::format("device malloc: alignment {} is not a power of two", align));
  uint64_t base = (next_ + align - 1) & ~(align - 1);
  // A zero-byte allocation still gets a distinct address (as cudaMalloc may),
  // and a gap after every allocation makes off-by-one overruns fault.
  uint64_t end = base + (bytes ? bytes : 1);
  if (end >= kSharedWindow || bytes > capacity_ - in_use_)
    throw Error(fmt::format("device malloc: {} bytes requested with {} in use: more than the device's {} bytes "
                            "({} MiB)",
                            bytes, in_use_, capacity_, capacity_ >> 20));
  allocs_[base].data.assign(bytes, 0);
  in_use_ += bytes;
  next_ = end + 256;
  last_ = nullptr;
  return base;
}

void GlobalMemory::release(uint64_t addr) {
  auto it = allocs_.find(addr);
  if (it == allocs_.end())
    throw Error(fmt::format("device free: 0x{:x} is not the start of an allocation", addr));
  in_use_ -= it->second.data.size();
  allocs_.erase(it);
  last_ = nullptr;
}

const uint8_t* GlobalMemory::translate(uint64_t addr, uint64_t bytes) const {
  auto inside = [&](const std::pair<const uint64_t, Allocation>* a) {
    return addr >= a->first && addr - a->first <= a->second.data.size() &&
           bytes <= a->second.data.size() - (addr - a->first);
  };
  if (last_ && inside(last_)) return last_->second.data.data() + (addr - last_->first);
  auto it = allocs_.upper_bound(addr);
  if (it == allocs_.begin()) return nullptr;
  --it;
  if (!inside(&*it) || it->second.data.empty()) return nullptr;
  last_ = &*it;
  return it->second.data.data() + (addr - it->first);
}

uint8_t* GlobalMemory::translate(uint64_t addr, uint64_t bytes) {
  return const_cast<uint8_t*>(std::as_const(*this).translate(addr, bytes));
}

void GlobalMemory::write(uint64_t addr, const void* src, uint64_t bytes) {
  if (bytes == 0) return;
  uint8_t* p = translate(addr, bytes);
  if (!p)
    throw Error(
        fmt::format("copy to device: [0x{:x}, +{}) is not inside one allocation", addr, bytes));
  std::memcpy(p, src, bytes);
}

void GlobalMemory::read(uint64_t addr, void* dst, uint64_t bytes) const {
  if (bytes == 0) return;
  const uint8_t* p = translate(addr, bytes);
  if (!p)
    throw Error(
        fmt::format("copy to host: [0x{:x}, +{}) is not inside one allocation", addr, bytes));
  std::memcpy(dst, p, bytes);
}

uint64_t GlobalMemory::bytes_allocated() const { return in_use_; }

}  // namespace scwarp::func
