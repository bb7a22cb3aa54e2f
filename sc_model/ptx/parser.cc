#include "sc_model/ptx/parser.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "sc_model/common/error.h"
#include "sc_model/ptx/cfg.h"
#include "sc_model/ptx/layout.h"
#include "sc_model/ptx/literal.h"

namespace scwarp::ptx {

Parser::Parser(std::string_view text, const std::string& file_name)
    : file_(file_name), toks_(tokenize(text, file_name)) {
  m_.file = file_name;
  scopes_.emplace_back();
}

Module Parser::run() {
  while (peek().kind != TokenKind::End) parse_top_level();
  lay_out_module(m_);
  for (Function& fn : m_.functions) compute_reconvergence(fn);
  return std::move(m_);
}

// ---------------------------------------------------------------- tokens

bool Parser::accept(char punct) {
  if (!peek().is(punct)) return false;
  ++pos_;
  return true;
}

bool Parser::accept_word(std::string_view word) {
  if (!peek().is_word(word)) return false;
  ++pos_;
  return true;
}

void Parser::expect(char punct, const char* what) {
  if (!accept(punct)) fail_expected(what, peek());
}

const Token& Parser::expect_word(const char* what) {
  if (peek().kind != TokenKind::Word) fail_expected(what, peek());
  return next();
}

uint64_t Parser::expect_unsigned(const char* what) {
  const Token& t = peek();
  if (t.kind != TokenKind::Number) fail_expected(what, t);
  auto lit = parse_literal(t.text);
  if (!lit || lit->kind != Literal::Kind::Int) fail_expected(what, t);
  ++pos_;
  return lit->bits;
}

void Parser::fail(const Token& at, const std::string& message) const {
  throw Error(fmt::format("{}:{}:{}: {}", file_, at.line, at.col, message));
}

void Parser::fail_expected(const char* what, const Token& got) const {
  fail(got, fmt::format("expected {}, got '{}'", what, describe(got)));
}

// Debug directives (.loc, .file) end at the end of their line, without ';'.
void Parser::skip_rest_of_line(uint32_t line) {
  while (peek().kind != TokenKind::End && peek().line == line) ++pos_;
}

// .pragma "nounroll"; — optimisation hints for ptxas, nothing to execute.
void Parser::skip_pragma() {
  while (peek().kind == TokenKind::String) {
    ++pos_;
    accept(',');
  }
  expect(';', "';' after .pragma");
}

// .section NAME { ... }: DWARF data, irrelevant to execution.
void Parser::skip_braced_section() {
  while (peek().kind != TokenKind::End && !peek().is('{')) ++pos_;
  const Token& open = peek();
  expect('{', "'{' after .section");
  int depth = 1;
  while (depth > 0) {
    if (peek().kind == TokenKind::End) fail(open, "unterminated .section");
    if (peek().is('{')) ++depth;
    if (peek().is('}')) --depth;
    ++pos_;
  }
}

// ---------------------------------------------------------------- module

void Parser::parse_top_level() {
  const Token& t = next();
  if (t.kind != TokenKind::Word || t.text[0] != '.') fail_expected("a directive", t);
  bool is_extern = false;
  const Token* d = &t;
  // Linkage qualifiers precede the declaration they qualify.
  while (d->is_word(".visible") || d->is_word(".extern") || d->is_word(".weak") ||
         d->is_word(".common")) {
    is_extern = is_extern || d->is_word(".extern");
    d = &expect_word("a declaration after linkage directive");
  }
  if (d->is_word(".entry") || d->is_word(".func")) {
    parse_function(d->is_word(".entry"), is_extern, *d);
  } else if (d->is_word(".global")) {
    parse_variable_list(Space::Global, is_extern, kNoSym);
  } else if (d->is_word(".const")) {
    parse_variable_list(Space::Const, is_extern, kNoSym);
  } else if (d->is_word(".shared")) {
    parse_variable_list(Space::Shared, is_extern, kNoSym);
  } else if (d->is_word(".local")) {
    fail(*d, "module-scope .local variables are not supported");
  } else if (is_extern || d != &t) {
    fail_expected("a function or variable declaration", *d);
  } else {
    parse_module_directive(*d);
  }
}

void Parser::parse_module_directive(const Token& d) {
  if (d.is_word(".version")) {
    const Token& v = next();
    if (v.kind != TokenKind::Number) fail_expected("a version number", v);
    m_.version = std::string(v.text);
  } else if (d.is_word(".target")) {
    m_.target = std::string(expect_word("a target name").text);
    while (accept(',')) expect_word("a target option");
  } else if (d.is_word(".address_size")) {
    uint64_t size = expect_unsigned("an address size");
    if (size != 64) fail(d, "only .address_size 64 is supported");
    m_.address_size = 64;
  } else if (d.is_word(".file") || d.is_word(".loc")) {
    skip_rest_of_line(d.line);
  } else if (d.is_word(".section")) {
    skip_braced_section();
  } else if (d.is_word(".pragma")) {
    skip_pragma();
  } else {
    fail_expected("a module directive", d);
  }
}

// A function may be declared (';') before it is defined; both refer to the
// same Function slot so calls parsed in between stay valid.
uint32_t Parser::function_slot(const Token& name, bool is_entry, bool& declared_before) {
  std::string key(name.text);
  auto it = m_.function_index.find(key);
  declared_before = it != m_.function_index.end();
  if (declared_before) {
    if (m_.functions[it->second].is_entry != is_entry)
      fail(name, fmt::format("'{}' redeclared with a different kind", key));
    return it->second;
  }
  uint32_t index = static_cast<uint32_t>(m_.functions.size());
  Function fn;
  fn.name = key;
  fn.is_entry = is_entry;
  fn.is_decl_only = true;
  m_.functions.push_back(std::move(fn));
  m_.function_index.emplace(key, index);
  Symbol sym;
  sym.name = key;
  sym.is_function = true;
  sym.function = index;
  add_symbol(std::move(sym), name);
  return index;
}

void Parser::skip_parenthesised() {
  int depth = 0;
  do {
    if (peek().kind == TokenKind::End) fail_expected("')'", peek());
    if (peek().is('(')) ++depth;
    if (peek().is(')')) --depth;
    ++pos_;
  } while (depth > 0);
}

// A redeclaration's parameters were just appended as new symbols (rets, then
// params, from `first_new`): they replace the earlier declaration's symbols in
// place, so every symbol index handed out before stays valid.
void Parser::adopt_signature(uint32_t fi, std::vector<uint32_t> rets, std::vector<uint32_t> params,
                             bool declared_before, size_t first_new, const Token& name) {
  Function& fn = m_.functions[fi];
  if (declared_before) {
    if (fn.rets.size() != rets.size() || fn.params.size() != params.size())
      fail(name, fmt::format("'{}' was declared with {} return value(s) and {} parameter(s)",
                             fn.name, fn.rets.size(), fn.params.size()));
    std::vector<uint32_t> old = fn.rets;
    old.insert(old.end(), fn.params.begin(), fn.params.end());
    for (size_t i = 0; i < old.size(); ++i) {
      Symbol& moved = m_.symbols[old[i]];
      moved = std::move(m_.symbols[first_new + i]);
      scopes_.back().at(moved.name).index = old[i];
    }
    m_.symbols.resize(first_new);
    return;
  }
  fn.rets = std::move(rets);
  fn.params = std::move(params);
}

void Parser::parse_function(bool is_entry, bool is_extern, const Token& start) {
  // Return parameters precede the name, but their symbols need the
  // function's index: skip them, find the slot, then come back.
  size_t rets_at = pos_;
  if (!is_entry && peek().is('(')) skip_parenthesised();
  const Token& name = expect_word("a function name");
  bool declared_before = false;
  uint32_t fi = function_slot(name, is_entry, declared_before);
  if (!declared_before) {
    m_.functions[fi].line = start.line;
    m_.functions[fi].col = start.col;
  }
  size_t after_name = pos_;
  size_t first_new = m_.symbols.size();
  scopes_.emplace_back();  // parameters are visible in the body
  std::vector<uint32_t> rets, params;
  pos_ = rets_at;
  if (!is_entry && accept('(')) rets = parse_param_list(fi, false);
  pos_ = after_name;
  if (accept('(')) params = parse_param_list(fi, false);
  adopt_signature(fi, std::move(rets), std::move(params), declared_before, first_new, name);
  parse_performance_directives(m_.functions[fi]);
  if (accept(';')) {
    scopes_.pop_back();
    return;
  }
  const Token& brace = peek();
  expect('{', "'{' or ';'");
  if (is_extern) fail(brace, "an .extern function cannot have a body");
  Function& fn = m_.functions[fi];
  if (!fn.is_decl_only) fail(name, fmt::format("redefinition of function '{}'", fn.name));
  fn.is_decl_only = false;
  fn.line = start.line;
  fn.col = start.col;
  parse_body(fi);
  scopes_.pop_back();
}

void Parser::parse_performance_directives(Function& fn) {
  auto read_dims = [&](uint32_t (&dims)[3]) {
    dims[0] = static_cast<uint32_t>(expect_unsigned("a thread count"));
    dims[1] = dims[2] = 1;
    for (int i = 1; i < 3 && accept(','); ++i)
      dims[i] = static_cast<uint32_t>(expect_unsigned("a thread count"));
  };
  while (peek().kind == TokenKind::Word && peek().text[0] == '.') {
    const Token& d = next();
    if (d.is_word(".maxntid")) {
      read_dims(fn.maxntid);
    } else if (d.is_word(".reqntid")) {
      read_dims(fn.reqntid);
    } else if (d.is_word(".minnctapersm")) {
      fn.minnctapersm = static_cast<uint32_t>(expect_unsigned("a block count"));
    } else if (d.is_word(".maxnreg")) {
      fn.maxnreg = static_cast<uint32_t>(expect_unsigned("a register count"));
    } else if (d.is_word(".noreturn")) {
      // Only an optimisation hint.
    } else if (d.is_word(".pragma")) {
      skip_pragma();
    } else {
      fail_expected("a performance directive, '{' or ';'", d);
    }
  }
}

// ---------------------------------------------------------------- bodies

void Parser::parse_body(uint32_t fn) {
  pending_labels_.clear();
  body_fn_ = fn;
  m_.functions[fn].blocks.assign(1, Block{});
  open_blocks_.assign(1, 0);
  size_t depth = scopes_.size();
  while (true) {
    if (peek().kind == TokenKind::End) fail_expected("'}'", peek());
    if (peek().is('}')) {
      next();
      close_block(fn);
      if (scopes_.size() == depth) break;
      scopes_.pop_back();
      continue;
    }
    if (accept('{')) {
      scopes_.emplace_back();
      open_block(fn);
      continue;
    }
    parse_statement(fn);
  }
  body_fn_ = kNoSym;
  resolve_labels(fn);
}

void Parser::open_block(uint32_t fn) {
  Function& f = m_.functions[fn];
  f.blocks.push_back(Block{open_blocks_.back(), static_cast<uint32_t>(f.code.size()), 0});
  open_blocks_.push_back(static_cast<uint32_t>(f.blocks.size() - 1));
}

void Parser::close_block(uint32_t fn) {
  Function& f = m_.functions[fn];
  f.blocks[open_blocks_.back()].end = static_cast<uint32_t>(f.code.size());
  open_blocks_.pop_back();
}

DeclSite Parser::current_site() const {
  if (body_fn_ == kNoSym) return DeclSite{};
  return DeclSite{open_blocks_.back(), static_cast<uint32_t>(m_.functions[body_fn_].code.size())};
}

void Parser::parse_statement(uint32_t fn) {
  const Token& t = peek();
  if (t.kind == TokenKind::Word && peek(1).is(':')) {
    pos_ += 2;
    if (peek().is_word(".callprototype")) {
      parse_callprototype(t);
      return;
    }
    if (peek().is_word(".branchtargets")) {
      // Only brx.idx uses these tables, and brx.idx is unsupported.
      skip_to_semicolon();
      return;
    }
    Function& f = m_.functions[fn];
    auto [it, added] = f.labels.emplace(std::string(t.text), static_cast<uint32_t>(f.code.size()));
    if (!added) fail(t, fmt::format("duplicate label '{}'", t.text));
    return;
  }
  if (t.kind == TokenKind::Word && t.text[0] == '.') {
    next();
    if (t.is_word(".reg")) {
      parse_register_decl(fn);
    } else if (t.is_word(".local")) {
      parse_variable_list(Space::Local, false, fn);
    } else if (t.is_word(".shared")) {
      if (!m_.functions[fn].is_entry)
        fail(t, "a .shared variable inside a non-kernel function is not supported");
      parse_variable_list(Space::Shared, false, fn);
    } else if (t.is_word(".param")) {
      --pos_;
      parse_param(fn, false);
      expect(';', "';'");
    } else if (t.is_word(".pragma")) {
      skip_pragma();
    } else if (t.is_word(".loc") || t.is_word(".file")) {
      skip_rest_of_line(t.line);
    } else {
      fail_expected("a statement", t);
    }
    return;
  }
  parse_instruction(fn);
}

void Parser::resolve_labels(uint32_t fn) {
  Function& f = m_.functions[fn];
  for (const PendingLabel& p : pending_labels_) {
    auto it = f.labels.find(std::string(p.where.text));
    if (it == f.labels.end()) fail(p.where, fmt::format("undefined label '{}'", p.where.text));
    f.code[p.instr].ops[p.operand].target = it->second;
  }
  pending_labels_.clear();
}

// name: .callprototype (.param .b32 _) _ (.param .b32 _, ...);
void Parser::parse_callprototype(const Token& name) {
  next();  // .callprototype
  uint32_t index = static_cast<uint32_t>(m_.functions.size());
  Function proto;
  proto.name = std::string(name.text);
  proto.is_prototype = true;
  proto.is_decl_only = true;
  proto.line = name.line;
  proto.col = name.col;
  proto.declared_in = body_fn_;
  proto.site = current_site();
  m_.functions.push_back(std::move(proto));
  std::vector<uint32_t> rets, params;
  if (accept('(')) rets = parse_param_list(index, true);
  const Token& underscore = expect_word("'_'");
  if (underscore.text != "_") fail_expected("'_'", underscore);
  if (accept('(')) params = parse_param_list(index, true);
  expect(';', "';'");
  m_.functions[index].rets = std::move(rets);
  m_.functions[index].params = std::move(params);
  bind(name.text, Binding{Binding::Kind::Prototype, index}, name);
}

// ---------------------------------------------------------------- entry points

Module parse_module(const std::string& text, const std::string& file_name) {
  return Parser(text, file_name).run();
}

Module parse_module_file(const std::string& path) {
  // A folder opens but reads as empty, a device never ends: refuse both.
  std::error_code ec;
  if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
    throw Error(fmt::format("{}: cannot read PTX file: not a regular file", path));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(fmt::format("{}: cannot open PTX file", path));
  std::ostringstream buf;
  buf << in.rdbuf();
  return parse_module(buf.str(), path);
}

}  // namespace scwarp::ptx
