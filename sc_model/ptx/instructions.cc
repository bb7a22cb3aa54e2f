// Parser: instructions and their operands.
#include <fmt/format.h>

#include "sc_model/ptx/literal.h"
#include "sc_model/ptx/opcode_table.h"
#include "sc_model/ptx/operand_shape.h"
#include "sc_model/ptx/parser.h"
#include "sc_model/ptx/register_use.h"
#include "sc_model/ptx/special_register.h"
#include "sc_model/ptx/texture_opcodes.h"

namespace scwarp::ptx {
namespace {

// PTX's predefined constant for the warp size, 32 on every target.
constexpr std::string_view kWarpSizeConstant = "WARP_SZ";

}  // namespace

const Parser::Binding* Parser::lookup(std::string_view name) const {
  std::string key(name);
  for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
    auto found = it->find(key);
    if (found != it->end()) return &found->second;
  }
  return nullptr;
}

uint32_t Parser::lookup_register(const Token& name) {
  const Binding* b = lookup(name.text);
  if (!b || b->kind != Binding::Kind::Reg) fail(name, fmt::format("unknown register '{}'", name.text));
  return b->index;
}

void Parser::skip_to_semicolon() {
  while (!peek().is(';')) {
    if (peek().kind == TokenKind::End) fail_expected("';'", peek());
    ++pos_;
  }
  ++pos_;
}

void Parser::parse_instruction(uint32_t fn) {
  Instr in;
  if (accept('@')) {
    in.guard_neg = accept('!');
    const Token& guard = expect_word("a predicate register");
    in.guard = lookup_register(guard);
    if (m_.functions[fn].regs[in.guard].type != Type::Pred)
      fail(guard, fmt::format("guard '{}' is not a .pred register", guard.text));
  }
  const Token& op = peek();
  bool starts_with_letter = op.kind == TokenKind::Word &&
                            ((op.text[0] >= 'a' && op.text[0] <= 'z') ||
                             (op.text[0] >= 'A' && op.text[0] <= 'Z'));
  if (!starts_with_letter) fail_expected("an instruction", op);
  next();
  decode_opcode(op.text, in);
  in.line = op.line;
  in.col = op.col;
  if (in.op == Opcode::Unsupported) {
    // Its operands may use syntax scwarp does not model (tensor fragments...).
    skip_to_semicolon();
  } else if (in.op == Opcode::Call) {
    parse_call(in);
  } else {
    parse_operands(fn, in);
    std::string problem = in.op == Opcode::Unsupported ? "" : operand_shape_problem(in);
    if (!problem.empty()) fail(op, problem);
  }
  in.cls = classify(in);
  compute_register_use(in);
  m_.functions[fn].code.push_back(std::move(in));
}

void Parser::parse_operands(uint32_t fn, Instr& in) {
  if (accept(';')) return;
  while (true) {
    const size_t index = in.ops.size();
    if (has_texture_bracket(in.op) && accept('[')) {
      if (!parse_texture_bracket(fn, in)) return;
    } else {
      in.ops.push_back(parse_operand(fn, in, unsigned(index)));
    }
    if (index == 0 && accept('|')) in.dst_pred = lookup_register(expect_word("a predicate register"));
    if (!accept(',')) break;
  }
  expect(';', "',' or ';'");
}

bool Parser::parse_texture_bracket(uint32_t fn, Instr& in) {
  in.ops.push_back(parse_operand(fn, in, unsigned(in.ops.size())));
  expect(',', "',' after the texture or surface handle");
  in.ops.push_back(parse_operand(fn, in, unsigned(in.ops.size())));
  if (accept(',')) {
    in.op = Opcode::Unsupported;
    in.ops.clear();
    skip_to_semicolon();
    return false;
  }
  expect(']', "']'");
  return true;
}

Operand Parser::parse_operand(uint32_t fn, Instr& in, unsigned index) {
  const Token& t = peek();
  if (accept('!')) {
    Operand o;
    o.kind = Operand::Kind::Reg;
    o.neg = true;
    o.reg = lookup_register(expect_word("a predicate register"));
    return o;
  }
  if (accept('-')) return parse_immediate(in, index, true);
  if (t.kind == TokenKind::Number || t.text == kWarpSizeConstant) return parse_immediate(in, index, false);
  if (accept('[')) return parse_address();
  if (accept('{')) return parse_vector();
  if (t.kind == TokenKind::Word) return parse_name_operand(fn, in, index);
  fail_expected("an operand", t);
}

// PTX's predefined constant WARP_SZ (the warp size, 32) is an integer
// immediate wherever a number may stand.
Operand Parser::parse_immediate(const Instr& in, unsigned index, bool negative) {
  const Token& t = peek();
  auto lit = t.kind == TokenKind::Number ? parse_literal(t.text)
             : t.text == kWarpSizeConstant ? parse_literal("32")  // as nvcc's PTX spells the warp size
                                           : std::nullopt;
  if (!lit) fail_expected("a number", t);
  next();
  Type type = immediate_type(in, index);
  auto bits = literal_bits(*lit, negative, type);
  if (!bits) fail(t, fmt::format("'{}' is not a valid .{} immediate", t.text, type_name(type)));
  Operand o;
  o.kind = Operand::Kind::Imm;
  o.imm = *bits;
  return o;
}

// [reg], [reg+imm], [reg+-imm], [reg-imm], [sym], [sym+imm], [imm]
Operand Parser::parse_address() {
  Operand o;
  o.kind = Operand::Kind::Addr;
  const Token& t = peek();
  if (t.kind == TokenKind::Number) {
    o.imm = expect_unsigned("an address");
  } else {
    const Token& base = expect_word("a register, symbol or address");
    const Binding* b = lookup(base.text);
    if (!b || b->kind == Binding::Kind::Prototype)
      fail(base, fmt::format("unknown {} '{}'", base.text[0] == '%' ? "register" : "symbol", base.text));
    if (b->kind == Binding::Kind::Reg) {
      o.reg = b->index;
    } else {
      o.sym = b->index;
    }
    bool negative = false;
    if (accept('+')) {
      negative = accept('-');
      o.imm = expect_unsigned("an offset");
    } else if (accept('-')) {
      negative = true;
      o.imm = expect_unsigned("an offset");
    }
    if (negative) o.imm = ~o.imm + 1;
  }
  expect(']', "']'");
  return o;
}

Operand Parser::parse_vector() {
  Operand o;
  o.kind = Operand::Kind::Vec;
  do {
    const Token& t = expect_word("a register");
    if (o.vec_count == o.vec.size()) fail(t, "a vector operand has at most 4 elements");
    o.vec[o.vec_count++] = t.text == "_" ? kNoReg : lookup_register(t);
  } while (accept(','));
  expect('}', "',' or '}'");
  return o;
}

Operand Parser::parse_name_operand(uint32_t fn, Instr& in, unsigned index) {
  const Token& t = next();
  Operand o;
  if (t.text == "_") {
    o.kind = Operand::Kind::Sink;
    return o;
  }
  if (in.op == Opcode::Bra && index == 0) {
    o.kind = Operand::Kind::Label;
    pending_labels_.push_back(
        PendingLabel{static_cast<uint32_t>(m_.functions[fn].code.size()), index, t});
    return o;
  }
  if (const Binding* b = lookup(t.text)) {
    if (b->kind == Binding::Kind::Reg) {
      o.kind = Operand::Kind::Reg;
      o.reg = b->index;
      return o;
    }
    if (b->kind == Binding::Kind::Symbol) {
      o.kind = Operand::Kind::Symbol;
      o.sym = b->index;
      if (accept('+')) o.imm = expect_unsigned("an offset");
      return o;
    }
  }
  if (t.text[0] == '%') {
    if (auto sreg = parse_special_register(t.text)) {
      o.kind = Operand::Kind::Sreg;
      o.sreg = sreg->reg;
      o.comp = sreg->comp;
      return o;
    }
    fail(t, fmt::format("unknown register '{}'", t.text));
  }
  fail(t, fmt::format("unknown symbol '{}'", t.text));
}

// call[.uni] [(rets),] callee [, (args)] [, prototype];
void Parser::parse_call(Instr& in) {
  if (accept('(')) {
    in.call_rets = parse_call_param_list();
    expect(',', "','");
  }
  const Token& callee = expect_word("a function name or register");
  const Binding* b = lookup(callee.text);
  if (b && b->kind == Binding::Kind::Reg) {
    in.callee_reg = b->index;
  } else if (b && b->kind == Binding::Kind::Symbol && m_.symbols[b->index].is_function) {
    in.callee = m_.symbols[b->index].function;
  } else {
    fail(callee, fmt::format("unknown function '{}'", callee.text));
  }
  if (accept(',')) {
    expect('(', "'(' before the call arguments");
    in.call_args = parse_call_param_list();
    if (accept(',')) {
      const Token& proto = expect_word("a .callprototype name");
      const Binding* pb = lookup(proto.text);
      if (!pb || pb->kind != Binding::Kind::Prototype)
        fail(proto, fmt::format("'{}' is not a .callprototype", proto.text));
      in.prototype = pb->index;
    }
  }
  expect(';', "';'");
  if (in.callee_reg != kNoReg && in.prototype == kNoSym)
    fail(callee, "an indirect call needs a .callprototype");
  const Function& target = m_.functions[in.callee != kNoSym ? in.callee : in.prototype];
  if (target.params.size() != in.call_args.size() || target.rets.size() != in.call_rets.size())
    fail(callee, fmt::format("call to '{}' passes {} argument(s) and {} return value(s), it takes {} and {}",
                             target.name, in.call_args.size(), in.call_rets.size(),
                             target.params.size(), target.rets.size()));
}

std::vector<uint32_t> Parser::parse_call_param_list() {
  std::vector<uint32_t> list;
  if (accept(')')) return list;
  do {
    const Token& t = expect_word("a .param variable");
    const Binding* b = lookup(t.text);
    if (!b || b->kind != Binding::Kind::Symbol || m_.symbols[b->index].space != Space::Param)
      fail(t, fmt::format("'{}' is not a .param variable", t.text));
    list.push_back(b->index);
  } while (accept(','));
  expect(')', "',' or ')'");
  return list;
}

}  // namespace scwarp::ptx
