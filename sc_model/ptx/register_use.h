// Which registers an instruction reads and writes (Instr::reads/writes).
#pragma once

#include "sc_model/ptx/ir.h"

namespace scwarp::ptx {

// Fills in.reads (guard, sources, address bases, indirect callee) and
// in.writes (destinations incl. vector elements and the `|p` predicate).
void compute_register_use(Instr& in);

// A warp-level instruction (shfl, vote, match, redux): it may read the
// registers it names in other lanes, which may not have taken the path that
// wrote them, so the analyses treat those registers as read at any time.
inline bool reads_across_lanes(const Instr& in) {
  return in.op == Opcode::Shfl || in.op == Opcode::Vote || in.op == Opcode::Match || in.op == Opcode::Redux;
}

}  // namespace scwarp::ptx
