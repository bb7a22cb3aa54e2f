// module_difference(): structural equality of two parsed modules, for the
// printer's round trip and for checking transformations.
#include <fmt/format.h>

#include <map>

#include "sc_model/ptx/printer.h"

namespace scwarp::ptx {
namespace {

// Collects the first mismatch; later checks are skipped once one is found.
class Diff {
 public:
  template <typename T>
  void field(const char* what, const T& a, const T& b) {
    if (found_.empty() && !(a == b)) found_ = what;
  }
  void fail(std::string what) {
    if (found_.empty()) found_ = std::move(what);
  }
  bool ok() const { return found_.empty(); }
  const std::string& what() const { return found_; }
  std::string take(const std::string& where) { return found_.empty() ? "" : where + ": " + found_ + " differs"; }

 private:
  std::string found_;
};

// Index in `a` -> index in `b` for functions and symbols. Printing numbers
// kernels after the declared .funcs and body declarations after module scope,
// so identity is: functions by name (prototypes by declaring function and
// order), function symbols by their function, other symbols by owner and order.
class IndexMap {
 public:
  IndexMap(const Module& a, const Module& b) : fn_(a.functions.size(), kNoSym), sym_(a.symbols.size(), kNoSym) {
    map_functions(a, b);
    map_symbols(a, b);
  }
  uint32_t fn(uint32_t i) const { return i < fn_.size() ? fn_[i] : i; }
  uint32_t sym(uint32_t i) const { return i < sym_.size() ? sym_[i] : i; }
  std::vector<uint32_t> syms(const std::vector<uint32_t>& v) const {
    std::vector<uint32_t> out;
    for (uint32_t s : v) out.push_back(sym(s));
    return out;
  }

 private:
  using Key = std::pair<uint32_t, uint32_t>;  // (owner or declaring function, order)

  static std::map<Key, uint32_t> prototypes(const Module& m) {
    std::map<Key, uint32_t> out;
    std::map<uint32_t, uint32_t> count;
    for (uint32_t i = 0; i < m.functions.size(); ++i)
      if (m.functions[i].is_prototype) out[{m.functions[i].declared_in, count[m.functions[i].declared_in]++}] = i;
    return out;
  }

  void map_functions(const Module& a, const Module& b) {
    for (uint32_t i = 0; i < a.functions.size(); ++i) {
      auto it = b.function_index.find(a.functions[i].name);
      if (!a.functions[i].is_prototype && it != b.function_index.end()) fn_[i] = it->second;
    }
    std::map<Key, uint32_t> pb = prototypes(b);
    for (const auto& [key, i] : prototypes(a)) {
      auto it = pb.find({fn(key.first), key.second});
      if (it != pb.end()) fn_[i] = it->second;
    }
  }

  static std::map<Key, uint32_t> variables(const Module& m, const std::vector<uint32_t>& owner_map) {
    std::map<Key, uint32_t> out;
    std::map<uint32_t, uint32_t> count;
    for (uint32_t i = 0; i < m.symbols.size(); ++i) {
      const Symbol& s = m.symbols[i];
      if (s.is_function) continue;
      uint32_t owner = s.owner == kNoSym || owner_map.empty() ? s.owner : owner_map[s.owner];
      out[{owner, count[owner]++}] = i;
    }
    return out;
  }

  void map_symbols(const Module& a, const Module& b) {
    std::map<uint32_t, uint32_t> function_symbol_b;
    for (uint32_t i = 0; i < b.symbols.size(); ++i)
      if (b.symbols[i].is_function) function_symbol_b[b.symbols[i].function] = i;
    for (uint32_t i = 0; i < a.symbols.size(); ++i) {
      if (!a.symbols[i].is_function) continue;
      auto it = function_symbol_b.find(fn(a.symbols[i].function));
      if (it != function_symbol_b.end()) sym_[i] = it->second;
    }
    std::map<Key, uint32_t> vb = variables(b, {});
    for (const auto& [key, i] : variables(a, fn_)) {
      auto it = vb.find(key);
      if (it != vb.end()) sym_[i] = it->second;
    }
  }

  std::vector<uint32_t> fn_, sym_;
};

bool same_site(const DeclSite& a, const DeclSite& b) { return a.block == b.block && a.at == b.at; }

void compare_operand(const IndexMap& map, const Operand& a, const Operand& b, Diff& d) {
  d.field("kind", a.kind, b.kind);
  d.field("negation", a.neg, b.neg);
  d.field("special register", a.sreg, b.sreg);
  d.field("component", a.comp, b.comp);
  d.field("register", a.reg, b.reg);
  d.field("symbol", a.sym == kNoSym ? kNoSym : map.sym(a.sym), b.sym);
  d.field("label target", a.target, b.target);
  d.field("immediate", a.imm, b.imm);
  d.field("vector", a.vec_count, b.vec_count);
  d.field("vector registers", a.vec, b.vec);
}

void compare_suffixes(const Instr& a, const Instr& b, Diff& d) {
  d.field("opcode", a.op, b.op);
  d.field("class", a.cls, b.cls);
  d.field("type", a.type, b.type);
  d.field("second type", a.type2, b.type2);
  d.field("space", a.space, b.space);
  d.field(".vN", a.vec, b.vec);
  d.field("comparison", a.cmp, b.cmp);
  d.field("boolean op", a.boolop, b.boolop);
  d.field("rounding", a.rnd, b.rnd);
  d.field("mul mode", a.mul, b.mul);
  d.field("atomic op", a.atom, b.atom);
  d.field("shfl mode", a.shfl, b.shfl);
  d.field("vote mode", a.vote, b.vote);
  d.field("memory order", a.order, b.order);
  d.field("scope", a.scope, b.scope);
  d.field("prmt mode", a.prmt, b.prmt);
  d.field("testp op", a.testp, b.testp);
  d.field("lane mode", a.lane_mode, b.lane_mode);
  d.field("flags", std::vector<bool>{a.ftz, a.sat, a.approx, a.full, a.uni, a.cc, a.to_space, a.nc,
                                     a.shift_left, a.clamp, a.wrap, a.shiftamt},
          std::vector<bool>{b.ftz, b.sat, b.approx, b.full, b.uni, b.cc, b.to_space, b.nc, b.shift_left,
                            b.clamp, b.wrap, b.shiftamt});
}

void compare_instr(const IndexMap& map, const Instr& a, const Instr& b, Diff& d) {
  compare_suffixes(a, b, d);
  d.field("guard", a.guard, b.guard);
  d.field("guard negation", a.guard_neg, b.guard_neg);
  d.field("operand count", a.ops.size(), b.ops.size());
  for (size_t i = 0; d.ok() && i < a.ops.size(); ++i) {
    Diff od;
    compare_operand(map, a.ops[i], b.ops[i], od);
    if (!od.ok()) d.fail(fmt::format("operand {}: {}", i, od.what()));
  }
  d.field("second destination", a.dst_pred, b.dst_pred);
  d.field("call return params", map.syms(a.call_rets), b.call_rets);
  d.field("call arguments", map.syms(a.call_args), b.call_args);
  d.field("callee", a.callee == kNoSym ? kNoSym : map.fn(a.callee), b.callee);
  d.field("callee register", a.callee_reg, b.callee_reg);
  d.field("prototype", a.prototype == kNoSym ? kNoSym : map.fn(a.prototype), b.prototype);
  d.field("registers read", a.reads, b.reads);
  d.field("registers written", a.writes, b.writes);
  d.field("reconvergence point", a.reconv, b.reconv);
}

void compare_symbol(const IndexMap& map, const Symbol& a, const Symbol& b, Diff& d) {
  d.field("name", a.name, b.name);
  d.field("space", a.space, b.space);
  d.field("type", a.type, b.type);
  d.field("size", a.size, b.size);
  d.field("alignment", a.align, b.align);
  d.field("extern", a.is_extern, b.is_extern);
  d.field("is function", a.is_function, b.is_function);
  d.field("function", a.is_function ? map.fn(a.function) : a.function, b.function);
  d.field("owner", a.owner == kNoSym ? kNoSym : map.fn(a.owner), b.owner);
  d.field("offset", a.offset, b.offset);
  d.field("initial bytes", a.init, b.init);
  std::vector<std::pair<uint64_t, uint32_t>> addrs;
  for (const auto& [at, s] : a.init_addrs) addrs.emplace_back(at, map.sym(s));
  d.field("initial addresses", addrs, b.init_addrs);
  if (!same_site(a.site, b.site)) d.fail("declaration site");
}

void compare_layout(const Function& a, const Function& b, Diff& d) {
  d.field("name", a.name, b.name);
  d.field("kind", std::vector<bool>{a.is_entry, a.is_decl_only, a.is_prototype},
          std::vector<bool>{b.is_entry, b.is_decl_only, b.is_prototype});
  d.field("parameter bytes", a.param_bytes, b.param_bytes);
  d.field("local bytes", a.local_bytes, b.local_bytes);
  d.field("static shared bytes", a.static_shared_bytes, b.static_shared_bytes);
  d.field("dynamic shared offset", a.dynamic_shared_offset, b.dynamic_shared_offset);
  d.field("launch bounds", std::vector<uint32_t>{a.maxntid[0], a.maxntid[1], a.maxntid[2], a.reqntid[0],
                                                 a.reqntid[1], a.reqntid[2], a.minnctapersm, a.maxnreg},
          std::vector<uint32_t>{b.maxntid[0], b.maxntid[1], b.maxntid[2], b.reqntid[0], b.reqntid[1],
                                b.reqntid[2], b.minnctapersm, b.maxnreg});
  if (!same_site(a.site, b.site)) d.fail("declaration site");
}

void compare_body(const Function& a, const Function& b, Diff& d) {
  d.field("register count", a.regs.size(), b.regs.size());
  for (size_t r = 0; d.ok() && r < a.regs.size(); ++r) {
    d.field("register name", a.regs[r].name, b.regs[r].name);
    d.field("register type", a.regs[r].type, b.regs[r].type);
    if (!same_site(a.regs[r].site, b.regs[r].site)) d.fail(fmt::format("register {} site", a.regs[r].name));
  }
  d.field("labels", a.labels, b.labels);
  d.field("block count", a.blocks.size(), b.blocks.size());
  for (size_t i = 0; d.ok() && i < a.blocks.size(); ++i) {
    const Block &x = a.blocks[i], &y = b.blocks[i];
    if (x.parent != y.parent || x.begin != y.begin || x.end != y.end) d.fail(fmt::format("block {}", i));
  }
  d.field("instruction count", a.code.size(), b.code.size());
}

std::string function_difference(const IndexMap& map, const Function& a, const Function& b) {
  std::string where = fmt::format("function '{}'", a.name);
  Diff d;
  compare_layout(a, b, d);
  d.field("parameters", map.syms(a.params), b.params);
  d.field("return values", map.syms(a.rets), b.rets);
  d.field("declaring function", a.declared_in == kNoSym ? kNoSym : map.fn(a.declared_in), b.declared_in);
  compare_body(a, b, d);
  if (!d.ok()) return d.take(where);
  for (size_t i = 0; i < a.code.size(); ++i) {
    Diff id;
    compare_instr(map, a.code[i], b.code[i], id);
    if (!id.ok()) return id.take(fmt::format("{} instruction {} ('{}')", where, i, a.code[i].text));
  }
  return "";
}

std::string module_level_difference(const Module& a, const Module& b) {
  Diff d;
  d.field("version", a.version, b.version);
  d.field("target", a.target, b.target);
  d.field("address size", a.address_size, b.address_size);
  d.field("global segment size", a.global_bytes, b.global_bytes);
  d.field("const segment size", a.const_bytes, b.const_bytes);
  d.field("function count", a.functions.size(), b.functions.size());
  d.field("symbol count", a.symbols.size(), b.symbols.size());
  return d.take("module");
}

}  // namespace

std::string module_difference(const Module& a, const Module& b) {
  if (std::string diff = module_level_difference(a, b); !diff.empty()) return diff;
  IndexMap map(a, b);
  for (uint32_t i = 0; i < a.functions.size(); ++i) {
    uint32_t j = map.fn(i);
    if (j >= b.functions.size()) return fmt::format("function '{}' is missing", a.functions[i].name);
    if (std::string diff = function_difference(map, a.functions[i], b.functions[j]); !diff.empty()) return diff;
  }
  for (uint32_t i = 0; i < a.symbols.size(); ++i) {
    uint32_t j = map.sym(i);
    if (j >= b.symbols.size()) return fmt::format("symbol '{}' is missing", a.symbols[i].name);
    Diff d;
    compare_symbol(map, a.symbols[i], b.symbols[j], d);
    if (!d.ok()) return d.take(fmt::format("symbol '{}'", a.symbols[i].name));
  }
  return "";
}

}  // namespace scwarp::ptx
