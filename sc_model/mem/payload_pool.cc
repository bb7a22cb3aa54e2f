#include "sc_model/mem/payload_pool.h"

#include "sc_model/common/error.h"

namespace scwarp::mem {

tlm::tlm_generic_payload* PayloadPool::acquire(tlm::tlm_command command, uint64_t address,
                                               uint32_t bytes, const MemExtension& ext) {
  if (bytes > kMaxBytes) throw Error("memory transaction of " + std::to_string(bytes) + " bytes exceeds one line");
  if (free_.empty()) {
    auto slot = std::make_unique<Slot>();
    slot->payload.set_mm(this);
    slot->payload.set_extension(new MemExtension);
    slot->payload.set_data_ptr(slot->data);
    free_.push_back(&slot->payload);
    all_.push_back(std::move(slot));
  }
  tlm::tlm_generic_payload& p = *free_.back();
  free_.pop_back();
  p.set_command(command);
  p.set_address(address);
  p.set_data_length(bytes);
  p.set_streaming_width(bytes);
  p.set_byte_enable_ptr(nullptr);
  p.set_dmi_allowed(false);
  p.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  extension_of(p) = ext;
  p.acquire();
  return &p;
}

void PayloadPool::free(tlm::tlm_generic_payload* payload) { free_.push_back(payload); }

MemExtension& extension_of(tlm::tlm_generic_payload& payload) {
  MemExtension* ext = nullptr;
  payload.get_extension(ext);
  if (!ext) throw Error("TLM transaction without a MemExtension");
  return *ext;
}

}  // namespace scwarp::mem
