// The IR written back as PTX text: the printing half of a PTX-to-PTX
// transformation layer. Everything printed comes from the IR itself (never from
// Instr::text), so a transformed module prints as what it now is.
//
// Guarantee (tests/ptx/printer_round_trip_test.cc): for a module m that
// parse_module accepts, parse_module(print_module(m)) has the same IR as m
// (module_difference() is empty) and printing that again gives the same text.
// What the IR does not keep is not printed: comments, debug directives
// (.loc/.file/.section), linkage (.visible/.weak), cache operators and hints
// (.ca, .L2::128B), `.aligned`, and how literals and register ranges were spelt.
#pragma once

#include <string>

#include "sc_model/ptx/ir.h"

namespace scwarp::ptx {

// The whole module. Throws scwarp::Error for an instruction the parser kept
// only as Opcode::Unsupported (its operands were never parsed).
std::string print_module(const Module& m);

// One instruction of `fn`, without indentation or newline: "@!%p1 add.s32 %r1, %r2, -4;".
std::string print_instruction(const Module& m, const Function& fn, const Instr& in);

// The opcode with its suffixes in PTX's order: "ld.global.nc.v2.f32".
std::string print_opcode(const Instr& in);

// Empty if `a` and `b` are the same IR, otherwise the first difference found,
// e.g. "function 'k' instruction 12: operand 1 differs". Symbols and functions
// are matched by identity (name; owner and declaration order), not by index,
// because printing may change the order in which they are numbered; source
// positions and Instr::text are ignored.
std::string module_difference(const Module& a, const Module& b);

}  // namespace scwarp::ptx
