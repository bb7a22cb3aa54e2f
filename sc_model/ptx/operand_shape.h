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

}  // namespace scwarp::ptx
