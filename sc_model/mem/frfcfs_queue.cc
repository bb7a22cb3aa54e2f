#include "sc_model/mem/frfcfs_queue.h"

#include "sc_model/common/error.h"

namespace scwarp::mem {

FrFcfsQueue::FrFcfsQueue(uint32_t capacity, bool frfcfs) : capacity_(capacity), frfcfs_(frfcfs) {
  if (capacity == 0) throw Error("DRAM scheduler queue (-gpgpu_frfcfs_dram_sched_queue_size) must hold at least 1 request");
  requests_.reserve(capacity);
}

void FrFcfsQueue::push(const DramRequest& request) {
  if (full()) throw Error("DRAM scheduler queue overflow: a request was pushed into a full queue");
  requests_.push_back(request);
  if (request.bank >= per_bank_.size()) per_bank_.resize(request.bank + 1, 0);
  ++per_bank_[request.bank];
}

std::optional<DramRequest> FrFcfsQueue::take_for_bank(uint32_t bank, std::optional<uint32_t> open_row) {
  if (!frfcfs_) {
    if (!requests_.empty() && requests_.front().bank == bank) return take_at(0);
    return std::nullopt;
  }
  std::optional<size_t> oldest;
  for (size_t i = 0; i < requests_.size(); ++i) {
    const DramRequest& r = requests_[i];
    if (r.bank != bank) continue;
    if (open_row && r.row == *open_row) return take_at(i);
    if (!oldest) oldest = i;
  }
  return oldest ? take_at(*oldest) : std::nullopt;
}

std::optional<DramRequest> FrFcfsQueue::take_at(size_t index) {
  DramRequest r = requests_[index];
  requests_.erase(requests_.begin() + long(index));
  --per_bank_[r.bank];
  return r;
}

}  // namespace scwarp::mem
