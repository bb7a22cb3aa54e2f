// A DRAM channel's request queue and its scheduler (GPGPU-Sim's
// frfcfs_scheduler / FIFO): requests wait here until their bank is free to
// take one. FR-FCFS ("first ready, first come first served") gives a free
// bank the oldest request that hits the bank's open row, else the bank's
// oldest request; FIFO gives the queue's head to its bank and nothing else
// (later requests wait behind it). Pure logic, no timing.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <tlm>

namespace scwarp::mem {

struct DramRequest {
  tlm::tlm_generic_payload* payload = nullptr;
  uint32_t port = 0;  // the channel's target-socket index it arrived on (reply goes back there)
  uint32_t bank = 0;
  uint32_t row = 0;
  uint32_t bytes = 0;
  bool write = false;
};

class FrFcfsQueue {
 public:
  // frfcfs = false: plain FIFO. Throws scwarp::Error for capacity 0.
  FrFcfsQueue(uint32_t capacity, bool frfcfs);

  bool full() const { return requests_.size() >= capacity_; }
  bool empty() const { return requests_.empty(); }
  size_t size() const { return requests_.size(); }
  // Requests waiting for `bank` (lets the channel skip banks with none).
  uint32_t waiting_for(uint32_t bank) const { return bank < per_bank_.size() ? per_bank_[bank] : 0; }

  // Appends (youngest). Throws scwarp::Error when full.
  void push(const DramRequest& request);
  // Removes and returns the request `bank` should serve next, given the
  // row it has open (nullopt when closed); nullopt when the scheduler has
  // nothing for that bank.
  std::optional<DramRequest> take_for_bank(uint32_t bank, std::optional<uint32_t> open_row);

 private:
  std::optional<DramRequest> take_at(size_t index);

  uint32_t capacity_;
  bool frfcfs_;
  std::vector<DramRequest> requests_;  // oldest first
  std::vector<uint32_t> per_bank_;     // waiting requests per bank
};

}  // namespace scwarp::mem
