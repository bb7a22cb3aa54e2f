#include "sc_model/gpu/logical_tb_counter.h"

#include <algorithm>
#include <tuple>

namespace scwarp::gpu {

uint64_t LogicalTbCounter::request(uint64_t kernel, uint64_t bound, uint32_t sm, uint32_t tb_slot, uint64_t cycle) {
  pending_.push_back(Request{cycle, kernel, bound, sm, tb_slot, next_ticket_});
  return next_ticket_++;
}

// Every request of a cycle before `now` is in (each SM has finished those
// cycles), so they are numbered in a fixed order: cycle, SM, TB slot.
void LogicalTbCounter::resolve_before(uint64_t now) {
  auto later = std::partition(pending_.begin(), pending_.end(), [&](const Request& r) { return r.cycle < now; });
  std::sort(pending_.begin(), later, [](const Request& a, const Request& b) {
    return std::tie(a.cycle, a.sm, a.tb_slot) < std::tie(b.cycle, b.sm, b.tb_slot);
  });
  for (auto r = pending_.begin(); r != later; ++r) {
    KernelCount& k = kernels_[r->kernel];
    k.bound = r->bound;
    const uint64_t value = std::min(k.next, k.bound);
    k.next = std::min(k.next + 1, k.bound);
    grants_[r->ticket] = Grant{r->cycle + latency_, value};
  }
  pending_.erase(pending_.begin(), later);
}

std::optional<uint64_t> LogicalTbCounter::granted(uint64_t ticket, uint64_t now) {
  resolve_before(now);
  auto it = grants_.find(ticket);
  if (it == grants_.end() || now < it->second.ready_cycle) return std::nullopt;
  const uint64_t value = it->second.value;
  grants_.erase(it);
  return value;
}

bool LogicalTbCounter::exhausted(uint64_t kernel, uint64_t now) {
  resolve_before(now);
  auto it = kernels_.find(kernel);
  return it != kernels_.end() && it->second.next >= it->second.bound;
}

}  // namespace scwarp::gpu
