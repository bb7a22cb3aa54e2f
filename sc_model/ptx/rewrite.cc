#include "sc_model/ptx/rewrite.h"

#include <fmt/format.h>

#include <algorithm>

#include "sc_model/common/error.h"
#include "sc_model/ptx/printer.h"

namespace scwarp::ptx {

FunctionRewriter::FunctionRewriter(Module& m, uint32_t function) : m_(m), function_(function) {
  if (function >= m.functions.size()) throw Error("rewrite: no function " + std::to_string(function));
}

bool FunctionRewriter::name_in_use(const std::string& name) const {
  const Function& f = m_.functions[function_];
  if (f.labels.contains(name)) return true;
  if (std::any_of(f.regs.begin(), f.regs.end(), [&](const RegInfo& r) { return r.name == name; })) return true;
  // Names are scoped: module scope and this function's own (another kernel's
  // parameter of the same name is no clash).
  return std::any_of(m_.symbols.begin(), m_.symbols.end(), [&](const Symbol& s) {
    return s.name == name && (s.owner == kNoSym || s.owner == function_);
  });
}

std::string FunctionRewriter::unused_name(const std::string& name) const {
  if (!name_in_use(name)) return name;
  for (unsigned n = 1;; ++n)
    if (std::string candidate = fmt::format("{}_{}", name, n); !name_in_use(candidate)) return candidate;
}

uint32_t FunctionRewriter::add_register(const std::string& name, Type type) {
  Function& f = fn();
  f.regs.push_back(RegInfo{unused_name(name), type, DeclSite{0, 0}});
  return uint32_t(f.regs.size() - 1);
}

uint32_t FunctionRewriter::add_kernel_param(const std::string& name, Type type) {
  Symbol s;
  s.name = unused_name(name);
  s.space = Space::Param;
  s.type = type;
  s.size = s.align = type_bits(type) / 8;
  s.owner = function_;
  m_.symbols.push_back(std::move(s));
  const uint32_t sym = uint32_t(m_.symbols.size() - 1);
  fn().params.push_back(sym);
  return sym;
}

std::string FunctionRewriter::add_label(const std::string& name, uint32_t at) {
  std::string unique = unused_name(name);
  fn().labels[unique] = at;
  return unique;
}

uint32_t FunctionRewriter::insert(uint32_t at, std::vector<Instr> code) {
  Function& f = fn();
  if (at > f.code.size()) throw Error(fmt::format("rewrite: insert at {} past the end of {}", at, f.name));
  const uint32_t n = uint32_t(code.size());
  auto moved = [&](uint32_t i) { return i != kNoPc && i >= at ? i + n : i; };
  for (Instr& in : f.code) {
    for (Operand& o : in.ops)
      if (o.kind == Operand::Kind::Label) o.target = moved(o.target);
    in.reconv = moved(in.reconv);
  }
  for (auto& [name, target] : f.labels) target = moved(target);
  for (size_t b = 0; b < f.blocks.size(); ++b) {
    Block& blk = f.blocks[b];
    if (b != 0 && blk.begin >= at) blk.begin += n;
    if (blk.end > at || (b == 0 && blk.end == at)) blk.end += n;
  }
  auto move_site = [&](DeclSite& s) { s.at = s.at > at ? s.at + n : s.at; };
  for (RegInfo& r : f.regs) move_site(r.site);
  for (Symbol& s : m_.symbols)
    if (s.owner == function_) move_site(s.site);
  for (Function& p : m_.functions)
    if (p.is_prototype && p.declared_in == function_) move_site(p.site);
  f.code.insert(f.code.begin() + at, std::make_move_iterator(code.begin()), std::make_move_iterator(code.end()));
  return at;
}

std::vector<Instr> FunctionRewriter::take(std::vector<uint32_t> indices) {
  Function& f = fn();
  std::vector<Instr> taken;
  for (uint32_t i : indices) taken.push_back(f.code.at(i));
  std::sort(indices.begin(), indices.end());
  // Position p moves down by the number of removed instructions before it.
  auto moved = [&](uint32_t p) {
    return p == kNoPc ? p : p - uint32_t(std::lower_bound(indices.begin(), indices.end(), p) - indices.begin());
  };
  for (Instr& in : f.code) {
    for (Operand& o : in.ops)
      if (o.kind == Operand::Kind::Label) o.target = moved(o.target);
    in.reconv = moved(in.reconv);
  }
  for (auto& [name, target] : f.labels) target = moved(target);
  for (Block& blk : f.blocks) blk.begin = moved(blk.begin), blk.end = moved(blk.end);
  for (RegInfo& r : f.regs) r.site.at = moved(r.site.at);
  for (Symbol& s : m_.symbols)
    if (s.owner == function_) s.site.at = moved(s.site.at);
  for (Function& p : m_.functions)
    if (p.is_prototype && p.declared_in == function_) p.site.at = moved(p.site.at);
  for (auto i = indices.rbegin(); i != indices.rend(); ++i) f.code.erase(f.code.begin() + *i);
  return taken;
}

void FunctionRewriter::replace_special_registers(uint32_t begin, uint32_t end,
                                                 const std::function<uint32_t(Sreg, uint8_t)>& replace) {
  Function& f = fn();
  for (uint32_t i = begin; i < end && i < f.code.size(); ++i) {
    for (Operand& o : f.code[i].ops) {
      if (o.kind != Operand::Kind::Sreg) continue;
      if (uint32_t r = replace(o.sreg, o.comp); r != kNoReg) o = reg_operand(r);
    }
  }
}

Module reparse(const Module& m) { return parse_module(print_module(m), m.file); }

namespace {

Operand of_kind(Operand::Kind kind) {
  Operand o;
  o.kind = kind;
  return o;
}

}  // namespace

Operand reg_operand(uint32_t reg) {
  Operand o = of_kind(Operand::Kind::Reg);
  o.reg = reg;
  return o;
}

Operand imm_operand(uint64_t bits) {
  Operand o = of_kind(Operand::Kind::Imm);
  o.imm = bits;
  return o;
}

Operand sreg_operand(Sreg reg, uint8_t comp) {
  Operand o = of_kind(Operand::Kind::Sreg);
  o.sreg = reg;
  o.comp = comp;
  return o;
}

Operand label_operand(uint32_t target) {
  Operand o = of_kind(Operand::Kind::Label);
  o.target = target;
  return o;
}

Operand param_operand(uint32_t symbol) {
  Operand o = of_kind(Operand::Kind::Addr);
  o.sym = symbol;
  return o;
}

Instr make_instr(Opcode op, Type type, std::vector<Operand> ops) {
  Instr in;
  in.op = op;
  in.type = type;
  in.ops = std::move(ops);
  return in;
}

Instr guarded(Instr in, uint32_t predicate, bool negated) {
  in.guard = predicate;
  in.guard_neg = negated;
  return in;
}

}  // namespace scwarp::ptx
