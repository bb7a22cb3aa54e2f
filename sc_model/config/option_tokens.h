// Splits a GPGPU-Sim option file into tokens: blank-separated words, '#'
// starting a comment to the end of the line, and double-quoted words that
// keep their blanks and '#' (and may run over lines). There are no escapes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace scwarp::config {

struct OptionToken {
  std::string text;    // without the quotes
  uint32_t line = 0;   // 1-based line where the token starts
  bool quoted = false; // a quoted "-x" is a value, never an option name
};

// `file` only names the source in errors: an unterminated quote, or a quote
// that does not start or end a word, throws scwarp::Error "<file>:<line>: ...".
std::vector<OptionToken> tokenize_options(std::string_view text, std::string_view file);

}  // namespace scwarp::config
