// Storage layout: symbol offsets in their segments and per-function sizes.
#pragma once

#include "sc_model/ptx/ir.h"

namespace scwarp::ptx {

// Assigns Symbol::offset for every variable and parameter and fills
// Module::global_bytes/const_bytes and each Function's param_bytes,
// local_bytes, static_shared_bytes and dynamic_shared_offset (see ir.h for
// the layout rules).
void lay_out_module(Module& m);

}  // namespace scwarp::ptx
