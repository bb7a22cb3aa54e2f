// Operand-count and operand-kind rules per opcode, so an instruction that
// leaves the parser always has the operands its opcode needs: the engine can
// index ops[] without checking.
#pragma once

#include <string>

#include "sc_model/ptx/ir.h"

namespace scwarp::ptx {

// Empty if `in` (decoded, operands parsed, not a call) is well formed;
// otherwise what is wrong, e.g. "'add.s32' takes 3 operands, got 2".
std::string operand_shape_problem(const Instr& in);

// The type an immediate at operand `index` of `in` is encoded in (the parser
// converts literals to it, the printer writes them back from it).
Type immediate_type(const Instr& in, unsigned index);

}  // namespace scwarp::ptx
