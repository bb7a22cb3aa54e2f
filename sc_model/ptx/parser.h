// Recursive-descent PTX parser: tokens -> Module. Module structure lives in
// parser.cc, declarations (variables, registers, parameters, initialisers) in
// declarations.cc, instructions and operands in instructions.cc.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sc_model/ptx/ir.h"
#include "sc_model/ptx/lexer.h"

namespace scwarp::ptx {

class Parser {
 public:
  Parser(std::string_view text, const std::string& file_name);
  // Parses the whole module, then lays out storage and computes control flow.
  Module run();

 private:
  // What a name means in a scope.
  struct Binding {
    enum class Kind : uint8_t { Reg, Symbol, Prototype };
    Kind kind;
    uint32_t index;  // Function::regs, Module::symbols or Module::functions
  };
  using Scope = std::unordered_map<std::string, Binding>;

  // A declared storage item before it becomes a Symbol (or registers).
  struct Declarator {
    Space space = Space::None;
    Type type = Type::None;
    uint32_t align = 0;   // 0 = natural alignment
    uint32_t vec = 1;
    bool is_extern = false;
  };

  struct PendingLabel {
    uint32_t instr, operand;
    Token where;
  };

  // ---- token cursor (parser.cc)
  const Token& peek(size_t ahead = 0) const { return toks_[pos_ + ahead]; }
  const Token& next() { return toks_[pos_++]; }
  bool accept(char punct);
  bool accept_word(std::string_view word);
  void expect(char punct, const char* what);
  const Token& expect_word(const char* what);
  uint64_t expect_unsigned(const char* what);
  [[noreturn]] void fail(const Token& at, const std::string& message) const;
  [[noreturn]] void fail_expected(const char* what, const Token& got) const;
  void skip_rest_of_line(uint32_t line);
  void skip_braced_section();
  void skip_pragma();

  // ---- module structure (parser.cc)
  void parse_top_level();
  void parse_module_directive(const Token& directive);
  void parse_function(bool is_entry, bool is_extern, const Token& start);
  uint32_t function_slot(const Token& name, bool is_entry, bool& declared_before);
  void skip_parenthesised();
  void adopt_signature(uint32_t fi, std::vector<uint32_t> rets, std::vector<uint32_t> params,
                       bool declared_before, size_t first_new, const Token& name);
  void parse_performance_directives(Function& fn);
  void parse_body(uint32_t fn);
  void parse_statement(uint32_t fn);
  void resolve_labels(uint32_t fn);
  void open_block(uint32_t fn);
  void close_block(uint32_t fn);
  DeclSite current_site() const;
  void parse_callprototype(const Token& name);

  // ---- declarations (declarations.cc)
  Declarator parse_declarator(Space space);
  void parse_variable_list(Space space, bool is_extern, uint32_t owner);
  uint32_t parse_one_variable(const Declarator& d, uint32_t owner);
  void parse_register_decl(uint32_t fn);
  // Fails at `at` when `more` registers on top of `declared` exceed the limit.
  void check_register_room(uint64_t declared, uint64_t more, const Token& at) const;
  std::vector<uint32_t> parse_param_list(uint32_t owner, bool anonymous_ok);
  uint32_t parse_param(uint32_t owner, bool anonymous_ok);
  bool parse_array_dims(uint64_t& count);
  void parse_initializer(Symbol& sym, uint64_t elem_bytes);
  void parse_init_element(Symbol& sym, uint64_t elem_bytes, uint64_t& at, unsigned depth);
  uint32_t add_symbol(Symbol sym, const Token& name);
  void bind(std::string_view name, Binding b, const Token& where);

  // ---- instructions and operands (instructions.cc)
  void parse_instruction(uint32_t fn);
  void parse_operands(uint32_t fn, Instr& in);
  // tex/tld4/suld/sust's [handle, coordinates] as two operands; false for
  // the explicit-sampler form [texture, sampler, coordinates] (not
  // supported: the instruction becomes Unsupported and is skipped).
  bool parse_texture_bracket(uint32_t fn, Instr& in);
  Operand parse_operand(uint32_t fn, Instr& in, unsigned index);
  Operand parse_address();
  Operand parse_vector();
  Operand parse_immediate(const Instr& in, unsigned index, bool negative);
  Operand parse_name_operand(uint32_t fn, Instr& in, unsigned index);
  void parse_call(Instr& in);
  std::vector<uint32_t> parse_call_param_list();
  uint32_t lookup_register(const Token& name);
  const Binding* lookup(std::string_view name) const;
  void skip_to_semicolon();

  std::string file_;
  std::vector<Token> toks_;
  size_t pos_ = 0;
  Module m_;
  std::vector<Scope> scopes_;  // [0] = module scope
  std::vector<PendingLabel> pending_labels_;
  // The body being parsed (kNoSym outside bodies) and its open { } blocks,
  // innermost last: where each declaration stands (DeclSite).
  uint32_t body_fn_ = kNoSym;
  std::vector<uint32_t> open_blocks_;
};

}  // namespace scwarp::ptx
