// A small pass framework over the IR: what a PTX-to-PTX transformation needs
// to edit one function (new registers and kernel parameters, instructions
// inserted with every index that points past them moved, labels, special
// registers replaced), and instruction builders. After editing, reparse()
// re-derives what the parser computes (register use, re-convergence points,
// offsets) by printing the module and reading it back, which the printer's
// round-trip guarantee (printer.h) makes exact.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sc_model/ptx/ir.h"

namespace scwarp::ptx {

class FunctionRewriter {
 public:
  FunctionRewriter(Module& m, uint32_t function);

  Function& fn() { return m_.functions[function_]; }
  const Module& m() const { return m_; }
  uint32_t function() const { return function_; }
  // A register declared at the top of the body, named `name` or, if that is
  // taken, name plus a number.
  uint32_t add_register(const std::string& name, Type type);
  // A kernel parameter appended to the parameter list; returns its symbol.
  uint32_t add_kernel_param(const std::string& name, Type type);
  // A label naming instruction `at` (made unique like registers); returns the name.
  std::string add_label(const std::string& name, uint32_t at);
  // Inserts `code` before instruction `at` (at == code size: appends). What
  // stood at `at` and after moves up by code.size(), its labels, branch
  // targets and { } blocks with it; declarations at `at` stay in front of
  // the inserted code. Returns `at`.
  uint32_t insert(uint32_t at, std::vector<Instr> code);
  // Removes the instructions at `indices` (distinct) and returns them in that
  // order. Labels, branch targets and { } blocks at a removed instruction move
  // to the instruction that follows it.
  std::vector<Instr> take(std::vector<uint32_t> indices);
  // Replaces each special-register operand for which `replace` gives a
  // register (not kNoReg) by that register, in instructions [begin, end).
  void replace_special_registers(uint32_t begin, uint32_t end,
                                 const std::function<uint32_t(Sreg, uint8_t)>& replace);

 private:
  std::string unused_name(const std::string& name) const;
  bool name_in_use(const std::string& name) const;

  Module& m_;
  uint32_t function_;
};

// The module as the parser would read its printed text (file name kept).
Module reparse(const Module& m);

// ---- instruction builders (fields the printer reads; reparse fills the rest)
Operand reg_operand(uint32_t reg);
Operand imm_operand(uint64_t bits);
Operand sreg_operand(Sreg reg, uint8_t comp);
Operand label_operand(uint32_t target);
Operand param_operand(uint32_t symbol);  // [symbol]
Instr make_instr(Opcode op, Type type, std::vector<Operand> ops);
Instr guarded(Instr in, uint32_t predicate, bool negated = false);

}  // namespace scwarp::ptx
