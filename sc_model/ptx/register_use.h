// Which registers an instruction reads and writes (Instr::reads/writes).
#pragma once

#include "sc_model/ptx/ir.h"

namespace scwarp::ptx {

// Fills in.reads (guard, sources, address bases, indirect callee) and
// in.writes (destinations incl. vector elements and the `|p` predicate).
void compute_register_use(Instr& in);

}  // namespace scwarp::ptx
