// Splits PTX text into tokens that remember where they start, so every later
// diagnostic can name file:line:col. One pass, no regular expressions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace scwarp::ptx {

enum class TokenKind : uint8_t {
  Word,    // identifiers, opcodes with suffixes, directives, registers: ".reg", "ld.global.f32", "%tid.x"
  Number,  // 12, 0x1f, 0f3F800000, 1.5e3 (a leading '-' is a separate Punct token)
  String,  // "nounroll" (text excludes the quotes)
  Punct,   // one character: , ; : ( ) [ ] { } < > + - ! | @ =
  End,     // end of input
};

struct Token {
  TokenKind kind = TokenKind::End;
  std::string_view text;
  uint32_t line = 0, col = 0;

  bool is(char c) const { return kind == TokenKind::Punct && text[0] == c; }
  bool is_word(std::string_view w) const { return kind == TokenKind::Word && text == w; }
};

// Tokens view into `text`, which must outlive them. Throws scwarp::Error for
// characters PTX does not use and for unterminated comments/strings.
std::vector<Token> tokenize(std::string_view text, const std::string& file_name);

// How a token reads in a diagnostic: its text, or "end of file".
std::string describe(const Token& t);

}  // namespace scwarp::ptx
