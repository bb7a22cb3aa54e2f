#include "sc_model/sm/ibuffer.h"

#include "sc_model/common/error.h"

namespace scwarp::sm {

IBuffer::IBuffer(uint32_t capacity) : ring_(capacity) {
  if (capacity == 0) throw Error("I-buffer: scwarp_ibuffer_entries must be at least 1");
}

}  // namespace scwarp::sm
