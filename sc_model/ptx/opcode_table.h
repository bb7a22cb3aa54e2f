// Opcode text ("setp.lt.and.s32", "ld.global.nc.v4.f32") to Instr fields.
#pragma once

#include <string_view>

#include "sc_model/ptx/ir.h"

namespace scwarp::ptx {

// Sets op and every suffix field of `in` (type, space, cmp, flags, ...) from the
// dotted opcode text. An opcode or suffix outside what scwarp implements makes
// op = Opcode::Unsupported; it is reported when a kernel using it is prepared.
void decode_opcode(std::string_view text, Instr& in);

// The hardware unit class of a decoded instruction (see InstrClass).
InstrClass classify(const Instr& in);

// The type named by a suffix without its dot ("u32" -> U32); false if none.
bool type_from_name(std::string_view name, Type& out);

// Number of leading operands that are destinations (0 for st, bra, bar.sync...).
unsigned destination_count(Opcode op);

}  // namespace scwarp::ptx
