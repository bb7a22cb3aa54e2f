// Parser: variables, registers, parameters and initialisers.
#include <fmt/format.h>

#include "sc_model/ptx/literal.h"
#include "sc_model/ptx/opcode_table.h"
#include "sc_model/ptx/parser.h"

namespace scwarp::ptx {
namespace {

uint64_t element_bytes(Type t) { return t == Type::Pred ? 1 : type_bits(t) / 8; }

bool is_space_word(const Token& t) {
  return t.is_word(".global") || t.is_word(".shared") || t.is_word(".const") ||
         t.is_word(".local");
}

void store_le(std::vector<uint8_t>& bytes, uint64_t at, uint64_t value, uint64_t size) {
  if (bytes.size() < at + size) bytes.resize(at + size, 0);
  for (uint64_t i = 0; i < size; ++i) bytes[at + i] = static_cast<uint8_t>(value >> (8 * i));
}

// Registers one function may declare, all declarations together: far more
// than compilers emit (the workloads' largest declaration is %rd<1553>), few
// enough that `%r<4000000000>` is refused at once instead of being made one
// by one (minutes, then out of memory; found by fuzz_functional).
constexpr uint64_t kMaxRegistersPerFunction = 1u << 16;

}  // namespace

// [.align N] [.ptr .space .align N] [.v2|.v4] .type — in any order.
Parser::Declarator Parser::parse_declarator(Space space) {
  Declarator d;
  d.space = space;
  while (peek().kind == TokenKind::Word && peek().text[0] == '.') {
    const Token& t = next();
    Type type;
    if (t.is_word(".align")) {
      uint64_t a = expect_unsigned("an alignment");
      if (a == 0 || (a & (a - 1)) != 0) fail(t, "alignment must be a power of two");
      d.align = static_cast<uint32_t>(a);
    } else if (t.is_word(".v2") || t.is_word(".v4")) {
      d.vec = t.text[2] - '0';
    } else if (t.is_word(".ptr")) {
      // Kernel pointer parameter attributes: only informative.
      if (is_space_word(peek())) next();
    } else if (type_from_name(t.text.substr(1), type)) {
      if (d.type != Type::None) fail(t, "more than one type in a declaration");
      d.type = type;
    } else {
      fail_expected("a type, .align or variable name", t);
    }
  }
  if (d.type == Type::None) fail_expected("a type", peek());
  if (d.align == 0) d.align = static_cast<uint32_t>(std::max<uint64_t>(1, element_bytes(d.type) * d.vec));
  return d;
}

void Parser::parse_variable_list(Space space, bool is_extern, uint32_t owner) {
  const Token& start = peek();
  Declarator d = parse_declarator(space);
  d.is_extern = is_extern;
  if (is_extern && space != Space::Shared)
    fail(start, "extern .global/.const variables (defined in another module) are not supported");
  do {
    parse_one_variable(d, owner);
  } while (accept(','));
  expect(';', "';'");
}

// Returns true when the first dimension is written `[]` (size from the
// initialiser, or dynamic for extern .shared). `count` = product of the sizes.
bool Parser::parse_array_dims(uint64_t& count) {
  bool unsized = false;
  bool first = true;
  count = 1;
  while (accept('[')) {
    if (peek().is(']') && first) {
      unsized = true;
    } else {
      count *= expect_unsigned("an array size");
    }
    expect(']', "']'");
    first = false;
  }
  return unsized;
}

uint32_t Parser::parse_one_variable(const Declarator& d, uint32_t owner) {
  const Token& name = expect_word("a variable name");
  Symbol sym;
  sym.name = std::string(name.text);
  sym.space = d.space;
  sym.type = d.type;
  sym.align = d.align;
  sym.owner = owner;
  sym.is_extern = d.is_extern;
  uint64_t elem = element_bytes(d.type) * d.vec;
  uint64_t count = 1;
  bool unsized = parse_array_dims(count);
  sym.size = unsized ? 0 : elem * count;
  if (accept('=')) {
    if (d.space != Space::Global && d.space != Space::Const)
      fail(name, fmt::format("only .global and .const variables can have initialisers"));
    parse_initializer(sym, element_bytes(d.type));
    if (unsized) sym.size = sym.init.size();
    if (sym.init.size() > sym.size)
      fail(name, fmt::format("too many initialisers for '{}'", sym.name));
    sym.init.resize(sym.size, 0);
  } else if (unsized && !d.is_extern) {
    fail(name, fmt::format("array '{}' has no size", sym.name));
  }
  return add_symbol(std::move(sym), name);
}

void Parser::parse_initializer(Symbol& sym, uint64_t elem_bytes) {
  uint64_t at = 0;
  parse_init_element(sym, elem_bytes, at, 0);
}

// Braces nest once per array dimension (and once more for a vector
// element); a bound keeps a hostile `{{{{...` from recursing until the
// stack overflows (found by fuzz_functional).
constexpr unsigned kMaxInitializerDepth = 32;

// One initialiser element: a braced list, a number, or a symbol address
// (`sym`, `generic(sym)`, optionally `+ offset`). `depth`: the braces it is in.
void Parser::parse_init_element(Symbol& sym, uint64_t elem_bytes, uint64_t& at, unsigned depth) {
  if (peek().is('{') && depth == kMaxInitializerDepth)
    fail(peek(), fmt::format("initialiser braces nested deeper than {}", kMaxInitializerDepth));
  if (accept('{')) {
    do {
      parse_init_element(sym, elem_bytes, at, depth + 1);
    } while (accept(','));
    expect('}', "',' or '}'");
    return;
  }
  const Token& t = peek();
  if (t.kind == TokenKind::Word) {
    next();
    const Token* target = &t;
    if (t.is_word("generic")) {
      expect('(', "'('");
      target = &expect_word("a symbol name");
      expect(')', "')'");
    }
    const Binding* b = lookup(target->text);
    if (!b || b->kind != Binding::Kind::Symbol)
      fail(*target, fmt::format("unknown symbol '{}'", target->text));
    if (elem_bytes != 8) fail(*target, "a symbol address needs a 64-bit initialiser element");
    uint64_t addend = 0;
    if (accept('+')) addend = expect_unsigned("an offset");
    sym.init_addrs.emplace_back(at, b->index);
    store_le(sym.init, at, addend, 8);
    at += 8;
    return;
  }
  bool negative = accept('-');
  const Token& num = peek();
  auto lit = num.kind == TokenKind::Number ? parse_literal(num.text) : std::nullopt;
  if (!lit) fail_expected("an initialiser value", num);
  next();
  auto bits = literal_bits(*lit, negative, sym.type);
  if (!bits) fail(num, fmt::format("'{}' is not a valid .{} value", num.text, type_name(sym.type)));
  store_le(sym.init, at, *bits, elem_bytes);
  at += elem_bytes;
}

// .reg .b32 %r<15>;  .reg .pred %p, %q;
void Parser::parse_register_decl(uint32_t fn) {
  const Token& start = peek();
  Declarator d = parse_declarator(Space::Reg);
  if (d.vec != 1) fail(start, "vector registers are not supported");
  do {
    const Token& name = expect_word("a register name");
    Function& f = m_.functions[fn];
    auto declare = [&](std::string reg_name) {
      uint32_t index = static_cast<uint32_t>(f.regs.size());
      f.regs.push_back(RegInfo{reg_name, d.type, current_site()});
      bind(reg_name, Binding{Binding::Kind::Reg, index}, name);
    };
    if (accept('<')) {
      const Token& count = peek();
      uint64_t n = expect_unsigned("a register count");
      expect('>', "'>'");
      check_register_room(f.regs.size(), n, count);
      for (uint64_t i = 0; i < n; ++i) declare(fmt::format("{}{}", name.text, i));
    } else {
      check_register_room(f.regs.size(), 1, name);
      declare(std::string(name.text));
    }
  } while (accept(','));
  expect(';', "';'");
}

void Parser::check_register_room(uint64_t declared, uint64_t more, const Token& at) const {
  if (more <= kMaxRegistersPerFunction - declared) return;
  fail(at, fmt::format("too many registers: a function may declare at most {}, this declaration brings it to {}",
                       kMaxRegistersPerFunction, declared + more));
}

std::vector<uint32_t> Parser::parse_param_list(uint32_t owner, bool anonymous_ok) {
  std::vector<uint32_t> list;
  if (accept(')')) return list;
  do {
    list.push_back(parse_param(owner, anonymous_ok));
  } while (accept(','));
  expect(')', "',' or ')'");
  return list;
}

// .param [.align N] .type name[dims]  (anonymous `_` in .callprototype)
uint32_t Parser::parse_param(uint32_t owner, bool anonymous_ok) {
  const Token& kw = next();
  if (!kw.is_word(".param")) fail_expected("'.param'", kw);
  Declarator d = parse_declarator(Space::Param);
  const Token& name = expect_word("a parameter name");
  if (name.text == "_" && !anonymous_ok) fail_expected("a parameter name", name);
  uint64_t count = 1;
  if (parse_array_dims(count)) fail(name, "a parameter array needs a size");
  Symbol sym;
  sym.name = std::string(name.text);
  sym.space = Space::Param;
  sym.type = d.type;
  sym.align = d.align;
  sym.size = element_bytes(d.type) * d.vec * count;
  sym.owner = owner;
  return add_symbol(std::move(sym), name);
}

uint32_t Parser::add_symbol(Symbol sym, const Token& name) {
  sym.site = current_site();
  uint32_t index = static_cast<uint32_t>(m_.symbols.size());
  bool anonymous = sym.name == "_";
  std::string key = sym.name;
  m_.symbols.push_back(std::move(sym));
  if (!anonymous) bind(key, Binding{Binding::Kind::Symbol, index}, name);
  return index;
}

void Parser::bind(std::string_view name, Binding b, const Token& where) {
  auto [it, added] = scopes_.back().emplace(std::string(name), b);
  if (!added) fail(where, fmt::format("'{}' is already declared in this scope", name));
}

}  // namespace scwarp::ptx
