#include "sc_model/ptx/lexer.h"

#include <fmt/format.h>

#include "sc_model/common/error.h"

namespace scwarp::ptx {
namespace {

bool is_word_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c == '%' ||
         c == '.';
}
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_word_char(char c) { return is_word_start(c) || is_digit(c); }

class Lexer {
 public:
  Lexer(std::string_view text, const std::string& file) : text_(text), file_(file) {}

  std::vector<Token> run() {
    std::vector<Token> out;
    out.reserve(text_.size() / 4);
    while (skip_space_and_comments()) out.push_back(next_token());
    out.push_back(Token{TokenKind::End, {}, line_, col_});
    return out;
  }

 private:
  char peek(size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }
  void advance() {
    if (text_[pos_] == '\n') {
      ++line_;
      col_ = 1;
    } else {
      ++col_;
    }
    ++pos_;
  }
  [[noreturn]] void fail(uint32_t line, uint32_t col, const std::string& msg) const {
    throw Error(fmt::format("{}:{}:{}: {}", file_, line, col, msg));
  }

  // Returns false at end of input.
  bool skip_space_and_comments() {
    while (pos_ < text_.size()) {
      char c = peek();
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
        advance();
      } else if (c == '/' && peek(1) == '/') {
        while (pos_ < text_.size() && peek() != '\n') advance();
      } else if (c == '/' && peek(1) == '*') {
        uint32_t line = line_, col = col_;
        advance();
        advance();
        while (pos_ < text_.size() && !(peek() == '*' && peek(1) == '/')) advance();
        if (pos_ >= text_.size()) fail(line, col, "unterminated comment");
        advance();
        advance();
      } else {
        return true;
      }
    }
    return false;
  }

  Token next_token() {
    Token t;
    t.line = line_;
    t.col = col_;
    size_t start = pos_;
    char c = peek();
    if (is_word_start(c)) {
      t.kind = TokenKind::Word;
      lex_word();
    } else if (is_digit(c)) {
      t.kind = TokenKind::Number;
      lex_number();
    } else if (c == '"') {
      t.kind = TokenKind::String;
      advance();
      start = pos_;
      while (pos_ < text_.size() && peek() != '"' && peek() != '\n') advance();
      if (peek() != '"') fail(t.line, t.col, "unterminated string");
      t.text = text_.substr(start, pos_ - start);
      advance();
      return t;
    } else if (std::string_view(",;:()[]{}<>+-!|@=*").find(c) != std::string_view::npos) {
      t.kind = TokenKind::Punct;
      advance();
    } else {
      fail(t.line, t.col, fmt::format("unexpected character '{}'", c));
    }
    t.text = text_.substr(start, pos_ - start);
    return t;
  }

  // Words may carry "::" qualifiers inside suffixes (".L2::128B", "shared::cta").
  void lex_word() {
    while (pos_ < text_.size()) {
      if (is_word_char(peek())) {
        advance();
      } else if (peek() == ':' && peek(1) == ':') {
        advance();
        advance();
      } else {
        break;
      }
    }
  }

  // Hex literals may contain 'e'/'E' digits, so an exponent sign is only
  // taken for plain decimal numbers.
  void lex_number() {
    bool prefixed = peek() == '0' && (peek(1) == 'x' || peek(1) == 'X' || peek(1) == 'f' ||
                                      peek(1) == 'F' || peek(1) == 'd' || peek(1) == 'D');
    while (pos_ < text_.size()) {
      char c = peek();
      if (is_word_char(c) && c != '%' && c != '$') {
        advance();
      } else if (!prefixed && (c == '+' || c == '-') &&
                 (text_[pos_ - 1] == 'e' || text_[pos_ - 1] == 'E')) {
        advance();
      } else {
        break;
      }
    }
  }

  std::string_view text_;
  const std::string& file_;
  size_t pos_ = 0;
  uint32_t line_ = 1, col_ = 1;
};

}  // namespace

std::vector<Token> tokenize(std::string_view text, const std::string& file_name) {
  return Lexer(text, file_name).run();
}

std::string describe(const Token& t) {
  if (t.kind == TokenKind::End) return "end of file";
  if (t.kind == TokenKind::String) return fmt::format("\"{}\"", t.text);
  return std::string(t.text);
}

}  // namespace scwarp::ptx
