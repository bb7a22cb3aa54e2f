// The TLM-2.0 extension every memory transaction below L1 carries: who sent
// it and what kind of access it is. Addresses and lengths are in the generic
// payload (address = line address, length = bytes moved); commands are
// TLM_READ_COMMAND for loads and atomics, TLM_WRITE_COMMAND for stores.
#pragma once

#include <cstdint>

#include <tlm>

#include "sc_model/mem/mem_access.h"

namespace scwarp::mem {

struct MemExtension : tlm::tlm_extension<MemExtension> {
  AccessKind kind = AccessKind::Load;
  uint32_t source = 0;      // requesting port (SM index for L1 misses)
  uint64_t id = 0;          // requester's own tag
  tlm::tlm_extension_base* clone() const override { return new MemExtension(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override {
    *this = static_cast<const MemExtension&>(other);
  }
};

}  // namespace scwarp::mem
