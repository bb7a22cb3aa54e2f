#include "sc_model/config/option_tokens.h"

#include <fmt/format.h>

#include "sc_model/common/error.h"

namespace scwarp::config {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

// Walks the text once, tracking the line so every token and error can name it.
class Tokenizer {
 public:
  Tokenizer(std::string_view text, std::string_view file) : text_(text), file_(file) {}

  std::vector<OptionToken> run() {
    std::vector<OptionToken> tokens;
    while (skip_blanks_and_comments()) tokens.push_back(text_[pos_] == '"' ? quoted() : word());
    return tokens;
  }

 private:
  // False at the end of the text.
  bool skip_blanks_and_comments() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '#') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else if (is_blank(c)) {
        advance();
      } else {
        return true;
      }
    }
    return false;
  }

  OptionToken word() {
    OptionToken token{{}, line_, false};
    while (pos_ < text_.size() && !is_blank(text_[pos_]) && text_[pos_] != '#') {
      if (text_[pos_] == '"') fail(line_, "a quote inside a word; quote the whole value");
      token.text += text_[pos_++];
    }
    return token;
  }

  OptionToken quoted() {
    OptionToken token{{}, line_, true};
    advance();  // the opening quote
    while (pos_ < text_.size() && text_[pos_] != '"') {
      token.text += text_[pos_];
      advance();
    }
    if (pos_ == text_.size()) fail(token.line, "a quoted value has no closing quote");
    advance();  // the closing quote
    if (pos_ < text_.size() && !is_blank(text_[pos_]) && text_[pos_] != '#')
      fail(line_, "text right after a closing quote");
    return token;
  }

  void advance() {
    if (text_[pos_] == '\n') ++line_;
    ++pos_;
  }

  [[noreturn]] void fail(uint32_t line, std::string_view what) const {
    throw Error(fmt::format("{}:{}: {}", file_, line, what));
  }

  std::string_view text_;
  std::string_view file_;
  size_t pos_ = 0;
  uint32_t line_ = 1;
};

}  // namespace

std::vector<OptionToken> tokenize_options(std::string_view text, std::string_view file) {
  return Tokenizer(text, file).run();
}

}  // namespace scwarp::config
