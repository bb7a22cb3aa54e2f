#include "sc_model/func/device_services.h"

#include <algorithm>
#include <tuple>

namespace scwarp::func {

uint64_t DeviceServices::heap_allocate(GlobalMemory& mem, uint64_t bytes) {
  if (bytes == 0 || bytes > heap_bytes_ - heap_in_use_) return 0;
  const uint64_t address = mem.allocate(bytes);
  heap_blocks_.emplace(address, bytes);
  heap_in_use_ += bytes;
  return address;
}

bool DeviceServices::heap_release(GlobalMemory& mem, uint64_t address) {
  auto it = heap_blocks_.find(address);
  if (it == heap_blocks_.end()) return false;
  heap_in_use_ -= it->second;
  heap_blocks_.erase(it);
  mem.release(address);
  return true;
}

void DeviceServices::print(uint64_t block, uint32_t warp, uint32_t lane, std::string text) {
  printed_.push_back(Printed{block, warp, lane, std::move(text)});
}

std::string DeviceServices::take_output() {
  // Stable: one thread's lines keep the order it printed them in.
  std::stable_sort(printed_.begin(), printed_.end(), [](const Printed& a, const Printed& b) {
    return std::tie(a.block, a.warp, a.lane) < std::tie(b.block, b.warp, b.lane);
  });
  std::string out;
  for (const Printed& p : printed_) out += p.text;
  printed_.clear();
  return out;
}

}  // namespace scwarp::func
