#include "sc_model/ptx/printer.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "sc_model/common/error.h"
#include "sc_model/ptx/operand_shape.h"
#include "sc_model/ptx/special_register.h"
#include "sc_model/ptx/texture_opcodes.h"

namespace scwarp::ptx {
namespace {

// Suffix spellings, indexed by the enum value (None = ""). They must read back
// through opcode_table.cc's suffix table; the round-trip test checks that.
const char* cmp_name(Cmp c) {
  static const char* const n[] = {"",    "eq",  "ne",  "lt",  "le",  "gt",  "ge",
                                  "lo",  "ls",  "hi",  "hs",  "equ", "neu", "ltu",
                                  "leu", "gtu", "geu", "num", "nan"};
  return n[static_cast<unsigned>(c)];
}
const char* round_name(Round r) {
  static const char* const n[] = {"", "rn", "rz", "rm", "rp", "rna", "rni", "rzi", "rmi", "rpi"};
  return n[static_cast<unsigned>(r)];
}
const char* mul_name(MulMode m) {
  static const char* const n[] = {"", "lo", "hi", "wide"};
  return n[static_cast<unsigned>(m)];
}
const char* atom_name(AtomOp a) {
  static const char* const n[] = {"", "add", "min", "max", "exch", "cas", "and", "or", "xor", "inc", "dec"};
  return n[static_cast<unsigned>(a)];
}
const char* shfl_name(ShflMode s) {
  static const char* const n[] = {"", "up", "down", "bfly", "idx"};
  return n[static_cast<unsigned>(s)];
}
const char* vote_name(VoteMode v) {
  static const char* const n[] = {"", "all", "any", "uni", "ballot"};
  return n[static_cast<unsigned>(v)];
}
const char* order_name(MemOrder o) {
  static const char* const n[] = {"", "weak", "relaxed", "acquire", "release", "acq_rel", "volatile", "sc"};
  return n[static_cast<unsigned>(o)];
}
const char* scope_name(Scope s, Opcode op) {
  static const char* const n[] = {"", "cta", "cluster", "gpu", "sys"};
  if (op == Opcode::Membar && s == Scope::Gpu) return "gl";  // membar.gl, not membar.gpu
  return n[static_cast<unsigned>(s)];
}
const char* lane_mode_name(LaneMode m) {
  static const char* const names[] = {"", "same", "slowest", "lowest"};
  return names[static_cast<unsigned>(m)];
}

const char* prmt_name(PrmtMode p) {
  static const char* const n[] = {"", "f4e", "b4e", "rc8", "ecl", "ecr", "rc16"};
  return n[static_cast<unsigned>(p)];
}
const char* testp_name(TestpOp t) {
  static const char* const n[] = {"", "finite", "infinite", "number", "notanumber", "normal", "subnormal"};
  return n[static_cast<unsigned>(t)];
}
const char* boolop_name(BoolOp b) {
  static const char* const n[] = {"", "and", "or", "xor", "popc"};
  return n[static_cast<unsigned>(b)];
}

bool has_memory_space(Opcode op) {
  return op == Opcode::Ld || op == Opcode::Ldu || op == Opcode::St || op == Opcode::Atom ||
         op == Opcode::Red || op == Opcode::Cvta || op == Opcode::Isspacep || op == Opcode::Prefetch;
}

bool uses_atom_op(Opcode op) { return op == Opcode::Atom || op == Opcode::Red || op == Opcode::Redux; }

// The opcode word before the suffixes. `.sync` is not in the IR as a flag:
// shfl/vote take the member mask operand exactly when it was written.
std::string base_name(const Instr& in) {
  switch (in.op) {
    case Opcode::Shfl: return in.ops.size() == 5 ? "shfl.sync" : "shfl";
    case Opcode::Vote: return in.ops.size() == 3 ? "vote.sync" : "vote";
    case Opcode::Redux: return "redux.sync";
    case Opcode::Match: return fmt::format("match.{}.sync", vote_name(in.vote));
    case Opcode::Cvta: return in.to_space ? "cvta.to" : "cvta";
    default: return opcode_name(in.op);
  }
}

class SuffixWriter {
 public:
  explicit SuffixWriter(std::string base) : text_(std::move(base)) {}
  void add(const char* suffix) {
    if (*suffix == '\0') return;
    text_ += '.';
    text_ += suffix;
  }
  void add_if(bool flag, const char* suffix) {
    if (flag) add(suffix);
  }
  std::string take() { return std::move(text_); }

 private:
  std::string text_;
};

// The qualifiers before the types, in the order PTX's grammar lists them
// (ptxas is order-sensitive, our decoder is not).
void add_qualifiers(const Instr& in, SuffixWriter& w) {
  w.add(order_name(in.order));
  w.add(scope_name(in.scope, in.op));
  if (has_memory_space(in.op) && in.space != Space::Generic) w.add(space_name(in.space));
  w.add_if(in.nc, "nc");
  if (uses_atom_op(in.op)) w.add(atom_name(in.atom));
  if (in.op == Opcode::Shfl) w.add(shfl_name(in.shfl));
  if (in.op == Opcode::Vote) w.add(vote_name(in.vote));
  w.add(testp_name(in.testp));
  if (in.op == Opcode::NextTid) w.add(lane_mode_name(in.lane_mode));
  if (in.op == Opcode::Shf) w.add(in.shift_left ? "l" : "r");
  w.add_if(in.clamp, "clamp");
  w.add_if(in.wrap, "wrap");
  w.add(mul_name(in.mul));
  w.add_if(in.cc, "cc");
  w.add(cmp_name(in.cmp));
  w.add(boolop_name(in.boolop));
  w.add(round_name(in.rnd));
  w.add_if(in.approx, "approx");
  w.add_if(in.full, "full");
  w.add_if(in.ftz, "ftz");
  if (in.op != Opcode::Vabsdiff4) w.add_if(in.sat, "sat");
  w.add_if(in.shiftamt, "shiftamt");
  w.add_if(in.uni, "uni");
  if (in.vec == 2) w.add("v2");
  if (in.vec == 4) w.add("v4");
}

void add_types(const Instr& in, SuffixWriter& w) {
  if (in.op == Opcode::Setp) {
    w.add(type_name(in.type2));  // setp's destination type .pred is implied
    return;
  }
  if (in.type != Type::None) w.add(type_name(in.type));
  if (in.type2 != Type::None) w.add(type_name(in.type2));
  // vabsdiff4.dtype.atype.btype: the IR keeps one source type for both.
  if (in.op == Opcode::Vabsdiff4) w.add(type_name(in.type2));
}

// Signed decimal of the low `width` bits.
int64_t sign_extend(uint64_t bits, unsigned width) {
  if (width == 0 || width >= 64) return static_cast<int64_t>(bits);
  uint64_t sign = uint64_t{1} << (width - 1);
  return static_cast<int64_t>((bits ^ sign) - sign);
}

// An immediate exactly as its bits: floats as 0f/0d hex so no value is rounded.
std::string immediate_text(uint64_t bits, Type t) {
  switch (t) {
    case Type::F32: return fmt::format("0f{:08X}", static_cast<uint32_t>(bits));
    case Type::F64: return fmt::format("0d{:016X}", bits);
    case Type::F16: case Type::BF16: case Type::F16x2: case Type::BF16x2:
      return fmt::format("0x{:X}", bits);  // PTX has no half-precision literal
    case Type::Pred: return bits ? "1" : "0";
    default: break;
  }
  if (is_signed_int(t)) return fmt::format("{}", sign_extend(bits, type_bits(t)));
  return fmt::format("{}", bits);
}

uint64_t element_bytes(Type t) { return t == Type::Pred ? 1 : type_bits(t) / 8; }

// What one function's instructions need to print their operands.
struct FunctionContext {
  const Module& m;
  const Function& fn;
  std::vector<std::string> label_at;  // the name branches to instruction i use

  FunctionContext(const Module& mod, const Function& f) : m(mod), fn(f), label_at(f.code.size() + 1) {
    // Several labels may name one instruction: branches print the smallest name.
    for (const auto& [name, at] : f.labels)
      if (at < label_at.size() && (label_at[at].empty() || name < label_at[at])) label_at[at] = name;
  }
  std::string reg(uint32_t r) const { return r < fn.regs.size() ? fn.regs[r].name : "%invalid_reg"; }
  std::string sym(uint32_t s) const { return s < m.symbols.size() ? m.symbols[s].name : "invalid_symbol"; }
};

std::string signed_offset(uint64_t imm) {
  int64_t v = static_cast<int64_t>(imm);
  if (v == 0) return "";
  return v > 0 ? fmt::format("+{}", v) : fmt::format("+-{}", -static_cast<uint64_t>(imm));
}

std::string address_text(const FunctionContext& c, const Operand& o) {
  if (o.reg == kNoReg && o.sym == kNoSym) return fmt::format("[{}]", o.imm);
  std::string base = o.reg != kNoReg ? c.reg(o.reg) : c.sym(o.sym);
  return fmt::format("[{}{}]", base, signed_offset(o.imm));
}

std::string vector_text(const FunctionContext& c, const Operand& o) {
  std::string s = "{";
  for (unsigned i = 0; i < o.vec_count; ++i) {
    if (i) s += ", ";
    s += o.vec[i] == kNoReg ? "_" : c.reg(o.vec[i]);
  }
  return s + "}";
}

std::string operand_text(const FunctionContext& c, const Instr& in, unsigned index) {
  const Operand& o = in.ops[index];
  switch (o.kind) {
    case Operand::Kind::Reg: return o.neg ? fmt::format("!{}", c.reg(o.reg)) : c.reg(o.reg);
    case Operand::Kind::Imm: return immediate_text(o.imm, immediate_type(in, index));
    case Operand::Kind::Sreg: return special_register_name(SpecialRegister{o.sreg, o.comp});
    case Operand::Kind::Addr: return address_text(c, o);
    case Operand::Kind::Symbol: return o.imm ? fmt::format("{}+{}", c.sym(o.sym), o.imm) : c.sym(o.sym);
    case Operand::Kind::Label: return o.target < c.label_at.size() ? c.label_at[o.target] : "invalid_label";
    case Operand::Kind::Vec: return vector_text(c, o);
    case Operand::Kind::Sink: return "_";
    case Operand::Kind::None: break;
  }
  return "invalid_operand";
}

std::string param_list_text(const FunctionContext& c, const std::vector<uint32_t>& syms) {
  std::string s = "(";
  for (size_t i = 0; i < syms.size(); ++i) s += (i ? ", " : "") + c.sym(syms[i]);
  return s + ")";
}

// call[.uni] (rets), callee, (args), prototype;
std::string call_text(const FunctionContext& c, const Instr& in) {
  std::string s = in.uni ? "call.uni " : "call ";
  if (!in.call_rets.empty()) s += param_list_text(c, in.call_rets) + ", ";
  s += in.callee_reg != kNoReg ? c.reg(in.callee_reg) : c.m.functions[in.callee].name;
  if (!in.call_args.empty() || in.prototype != kNoSym) s += ", " + param_list_text(c, in.call_args);
  if (in.prototype != kNoSym) s += ", " + c.m.functions[in.prototype].name;
  return s + ";";
}

std::string instruction_text(const FunctionContext& c, const Instr& in) {
  if (in.op == Opcode::Unsupported)
    throw Error(fmt::format("{}:{}:{}: cannot print unsupported instruction '{}': its operands were not parsed",
                            c.m.file, in.line, in.col, in.text));
  std::string s;
  if (in.guard != kNoReg) s = fmt::format("@{}{} ", in.guard_neg ? "!" : "", c.reg(in.guard));
  if (in.op == Opcode::Call) return s + call_text(c, in);
  s += print_opcode(in);
  // tex/tld4/suld/sust keep [handle, coordinates] as two operands.
  const bool bracketed = has_texture_bracket(in.op);
  const unsigned handle = in.op == Opcode::Sust ? 0 : 1;
  for (unsigned i = 0; i < in.ops.size(); ++i) {
    s += i ? ", " : " ";
    if (bracketed && i == handle) s += '[';
    s += operand_text(c, in, i);
    if (bracketed && i == handle + 1) s += ']';
    if (i == 0 && in.dst_pred != kNoReg) {
      s += '|';
      s += c.reg(in.dst_pred);
    }
  }
  return s + ";";
}

// ---------------------------------------------------------------- declarations

// ".global .align 8 .u64 name[4]" (no initialiser, no ';').
std::string declarator_text(const Symbol& s) {
  std::string t = fmt::format(".{}", space_name(s.space));
  uint64_t elem = element_bytes(s.type);
  if (s.align != std::max<uint64_t>(1, elem)) t += fmt::format(" .align {}", s.align);
  t += fmt::format(" .{} {}", type_name(s.type), s.name);
  if (s.is_extern && s.size == 0) return t + "[]";
  if (s.size != elem) t += fmt::format("[{}]", elem ? s.size / elem : s.size);
  return t;
}

uint64_t load_le(const std::vector<uint8_t>& bytes, uint64_t at, uint64_t size) {
  uint64_t v = 0;
  for (uint64_t i = 0; i < size && at + i < bytes.size(); ++i) v |= uint64_t{bytes[at + i]} << (8 * i);
  return v;
}

// One initialiser element: a value, or the address of a symbol plus addend.
std::string init_element_text(const Module& m, const Symbol& s, uint64_t at, uint64_t elem) {
  uint64_t bits = load_le(s.init, at, elem);
  for (const auto& [offset, target] : s.init_addrs) {
    if (offset != at) continue;
    const Symbol& t = m.symbols[target];
    std::string base = t.is_function ? t.name : fmt::format("generic({})", t.name);
    return bits ? fmt::format("{}+{}", base, bits) : base;
  }
  return immediate_text(bits, s.type);
}

std::string initializer_text(const Module& m, const Symbol& s) {
  uint64_t elem = element_bytes(s.type);
  if (s.init.empty() || elem == 0) return "";
  std::string values;
  for (uint64_t at = 0; at + elem <= s.init.size(); at += elem)
    values += (at ? ", " : "") + init_element_text(m, s, at, elem);
  return s.size == elem ? " = " + values : " = {" + values + "}";
}

std::string variable_text(const Module& m, const Symbol& s) {
  return (s.is_extern ? ".extern " : "") + declarator_text(s) + initializer_text(m, s) + ";";
}

std::string params_text(const Module& m, const std::vector<uint32_t>& syms, const char* separator) {
  std::string s = "(";
  for (size_t i = 0; i < syms.size(); ++i) s += (i ? separator : "") + declarator_text(m.symbols[syms[i]]);
  return s + ")";
}

std::string dims_text(const uint32_t (&d)[3]) { return fmt::format("{}, {}, {}", d[0], d[1], d[2]); }

std::string performance_directives(const Function& f) {
  std::string s;
  if (f.maxntid[0]) s += "\n.maxntid " + dims_text(f.maxntid);
  if (f.reqntid[0]) s += "\n.reqntid " + dims_text(f.reqntid);
  if (f.minnctapersm) s += fmt::format("\n.minnctapersm {}", f.minnctapersm);
  if (f.maxnreg) s += fmt::format("\n.maxnreg {}", f.maxnreg);
  return s;
}

// ".func (.param .b32 r) name(.param .b32 a)" / ".entry name(...)".
std::string signature_text(const Module& m, const Function& f) {
  std::string s = f.is_entry ? ".entry " : ".func ";
  if (!f.rets.empty()) s += params_text(m, f.rets, ", ") + " ";
  return s + f.name + params_text(m, f.params, ",\n\t") + performance_directives(f);
}

std::string prototype_text(const Module& m, const Function& p) {
  std::string s = p.name + ": .callprototype ";
  if (!p.rets.empty()) s += params_text(m, p.rets, ", ") + " ";
  return s + "_ " + params_text(m, p.params, ", ") + ";";
}

// "%r7" -> ("%r", 7); false when the name does not end in a plain number.
bool split_numbered(const std::string& name, std::string& prefix, uint64_t& number) {
  size_t digits = name.find_last_not_of("0123456789") + 1;
  if (digits == name.size() || digits == 0) return false;
  prefix = name.substr(0, digits);
  number = std::stoull(name.substr(digits));
  return name.substr(digits) == std::to_string(number);
}

// Registers regs[first..] declared together: `%r<n>` for a run %r0..%r(n-1)
// of one type, otherwise the one name. Advances `first` past what it printed.
std::string register_decl_text(const Function& f, size_t& first) {
  const RegInfo& r = f.regs[first];
  std::string prefix;
  uint64_t number = 0;
  size_t n = 1;
  if (split_numbered(r.name, prefix, number) && number == 0) {
    while (first + n < f.regs.size()) {
      const RegInfo& next = f.regs[first + n];
      bool same_site = next.site.block == r.site.block && next.site.at == r.site.at;
      if (!same_site || next.type != r.type || next.name != prefix + std::to_string(n)) break;
      ++n;
    }
  }
  std::string name = n > 1 ? fmt::format("{}<{}>", prefix, n) : r.name;
  first += n;
  return fmt::format(".reg .{} {};", type_name(r.type), name);
}

bool contains(const std::vector<uint32_t>& v, uint32_t x) { return std::find(v.begin(), v.end(), x) != v.end(); }

// Prints a body: declarations where they stood, labels, nested { } blocks.
class BodyPrinter {
 public:
  BodyPrinter(const Module& m, uint32_t fi, std::string& out)
      : c_(m, m.functions[fi]), out_(out), children_(c_.fn.blocks.size()) {
    collect_declarations(m, fi);
    for (uint32_t b = 1; b < c_.fn.blocks.size(); ++b) children_[c_.fn.blocks[b].parent].push_back(b);
    for (const auto& [name, at] : c_.fn.labels) labels_[at].push_back(name);
    for (auto& [at, names] : labels_) std::sort(names.begin(), names.end());
  }

  void print() {
    if (c_.fn.blocks.empty()) return;
    walk(0, 1);
  }

 private:
  using Site = std::pair<uint32_t, uint32_t>;

  void collect_declarations(const Module& m, uint32_t fi) {
    const Function& f = c_.fn;
    for (size_t r = 0; r < f.regs.size();) {
      Site site{f.regs[r].site.block, f.regs[r].site.at};
      decls_[site].push_back(register_decl_text(f, r));
    }
    for (uint32_t s = 0; s < m.symbols.size(); ++s) {
      const Symbol& sym = m.symbols[s];
      if (sym.owner != fi || contains(f.params, s) || contains(f.rets, s)) continue;
      decls_[Site{sym.site.block, sym.site.at}].push_back(variable_text(m, sym));
    }
    for (const Function& p : m.functions)
      if (p.is_prototype && p.declared_in == fi)
        decls_[Site{p.site.block, p.site.at}].push_back(prototype_text(m, p));
  }

  void line(int depth, const std::string& text) { out_ += std::string(depth, '\t') + text + "\n"; }

  // Declarations and labels at a position print once, before what starts there.
  // ptxas scopes labels to their { } block: a label at the end of a nested
  // block is left for the enclosing one, where the original put it.
  void print_position(uint32_t block, uint32_t at, int depth) {
    print_declarations(block, at, depth);
    const Block& b = c_.fn.blocks[block];
    if (block == 0 || at < b.end) print_labels(at);
  }

  void print_declarations(uint32_t block, uint32_t at, int depth) {
    auto d = decls_.find(Site{block, at});
    if (d != decls_.end()) {
      for (const std::string& text : d->second) line(depth, text);
      decls_.erase(d);
    }
  }

  void print_labels(uint32_t at) {
    auto l = labels_.find(at);
    if (l != labels_.end()) {
      for (const std::string& name : l->second) out_ += name + ":\n";
      labels_.erase(l);
    }
  }

  void walk(uint32_t block, int depth) {
    const Block& b = c_.fn.blocks[block];
    size_t child = 0;
    uint32_t at = b.begin;
    while (true) {
      print_position(block, at, depth);
      if (child < children_[block].size() && c_.fn.blocks[children_[block][child]].begin == at) {
        uint32_t inner = children_[block][child++];
        line(depth, "{");
        walk(inner, depth + 1);
        line(depth, "}");
        at = c_.fn.blocks[inner].end;
        continue;
      }
      if (at >= b.end) break;
      line(depth, instruction_text(c_, c_.fn.code[at++]));
    }
  }

  FunctionContext c_;
  std::string& out_;
  std::vector<std::vector<uint32_t>> children_;
  std::map<Site, std::vector<std::string>> decls_;
  std::map<uint32_t, std::vector<std::string>> labels_;
};

void print_header(const Module& m, std::string& out) {
  if (!m.version.empty()) out += ".version " + m.version + "\n";
  if (!m.target.empty()) out += ".target " + m.target + "\n";
  out += fmt::format(".address_size {}\n\n", m.address_size);
}

// Module-scope names in declaration order: variables, and every .func
// declared ahead of all bodies, so calls and function-pointer tables may
// refer to any of them.
void print_module_scope(const Module& m, std::string& out) {
  for (const Symbol& s : m.symbols) {
    if (s.owner != kNoSym) continue;
    if (!s.is_function) {
      out += variable_text(m, s) + "\n";
      continue;
    }
    const Function& f = m.functions[s.function];
    if (f.is_entry && !f.is_decl_only) continue;
    out += (f.is_decl_only && !f.is_entry ? ".extern " : "") + signature_text(m, f) + ";\n";
  }
}

// .func bodies, then kernels: a stable order, since reading the printed text
// numbers the declared .funcs first.
void print_bodies(const Module& m, std::string& out) {
  for (bool entries : {false, true}) {
    for (uint32_t fi = 0; fi < m.functions.size(); ++fi) {
      const Function& f = m.functions[fi];
      if (f.is_prototype || f.is_decl_only || f.is_entry != entries) continue;
      out += fmt::format("\n{}\n{{\n", signature_text(m, f));
      BodyPrinter(m, fi, out).print();
      out += "}\n";
    }
  }
}

}  // namespace

std::string print_opcode(const Instr& in) {
  if (is_texture_opcode(in.op)) return texture_opcode_text(in);
  SuffixWriter w(base_name(in));
  add_qualifiers(in, w);
  add_types(in, w);
  if (in.op == Opcode::Prmt) w.add(prmt_name(in.prmt));
  if (in.op == Opcode::Prefetch) w.add("L2");  // the level is not in the IR; PTX needs one
  if (in.op == Opcode::Vabsdiff4) {
    w.add_if(in.sat, "sat");
    w.add(atom_name(in.atom));
  }
  return w.take();
}

std::string print_instruction(const Module& m, const Function& fn, const Instr& in) {
  return instruction_text(FunctionContext(m, fn), in);
}

std::string print_module(const Module& m) {
  std::string out;
  print_header(m, out);
  print_module_scope(m, out);
  print_bodies(m, out);
  return out;
}

}  // namespace scwarp::ptx
