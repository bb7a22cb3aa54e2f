// Recycles TLM generic payloads (the TLM-2.0 memory-manager pattern): an
// initiator acquires a payload, the last holder's release() returns it here.
// Every payload carries a MemExtension and a scratch data buffer (timing
// only: values moved at issue by the functional engine).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <tlm>

#include "sc_model/mem/mem_extension.h"

namespace scwarp::mem {

class PayloadPool : public tlm::tlm_mm_interface {
 public:
  static constexpr uint32_t kMaxBytes = 128;  // one cache line

  PayloadPool() = default;
  PayloadPool(const PayloadPool&) = delete;
  PayloadPool& operator=(const PayloadPool&) = delete;
  ~PayloadPool() override = default;

  // A payload with reference count 1, its MemExtension set from the arguments.
  tlm::tlm_generic_payload* acquire(tlm::tlm_command command, uint64_t address, uint32_t bytes,
                                    const MemExtension& ext);
  void free(tlm::tlm_generic_payload* payload) override;
  size_t allocated() const { return all_.size(); }

 private:
  // The payload owns its MemExtension; its data pointer stays on `data`.
  struct Slot {
    tlm::tlm_generic_payload payload;
    uint8_t data[kMaxBytes] = {};
  };
  std::vector<std::unique_ptr<Slot>> all_;
  std::vector<tlm::tlm_generic_payload*> free_;
};

MemExtension& extension_of(tlm::tlm_generic_payload& payload);

}  // namespace scwarp::mem
