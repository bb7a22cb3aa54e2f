#include "sc_model/config/gpu_config.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "sc_model/common/error.h"
#include "sc_model/config/option_table.h"
#include "sc_model/config/option_tokens.h"
#include "sc_model/config/value_text.h"

namespace scwarp::config {

namespace {

std::string read_config_text(const std::string& path) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status)) throw Error(fmt::format("cannot open config file '{}'", path));
  if (!std::filesystem::is_regular_file(status))
    throw Error(fmt::format("config file '{}' is not a regular file", path));
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) throw Error(fmt::format("cannot read config file '{}'", path));
  return text.str();
}

// `origin` is "file:line" or an override's `where`.
void set_option(const Option& option, GpuConfig& gpu, std::string_view value, std::string_view origin) {
  try {
    option.parse(gpu, value);
  } catch (const InvalidValue& e) {
    throw Error(fmt::format("{}: option -{}: invalid value '{}' ({})", origin, option.name, value, e.what()));
  }
}

// GPGPU-Sim's values never look like option names, except negative numbers.
bool looks_like_option_name(const OptionToken& token) {
  return !token.quoted && token.text.size() > 1 && token.text[0] == '-' &&
         (std::isalpha(static_cast<unsigned char>(token.text[1])) || token.text[1] == '_');
}

// An option we renamed or removed is an error, not an unknown option quietly skipped.
void refuse_retired(std::string_view name, std::string_view origin) {
  if (const char* why = retired_option(name)) throw Error(fmt::format("{}: option -{} {}", origin, name, why));
}

void note_unknown(LoadedConfig& cfg, const std::string& name) {
  const std::string dashed = "-" + name;
  if (std::find(cfg.unknown_options.begin(), cfg.unknown_options.end(), dashed) == cfg.unknown_options.end())
    cfg.unknown_options.push_back(dashed);
}

// Reads "-name value" pairs in order; a later pair overrides an earlier one.
void apply_tokens(LoadedConfig& cfg, const std::vector<OptionToken>& tokens, const std::string& path) {
  for (size_t i = 0; i < tokens.size(); i += 2) {
    const OptionToken& name = tokens[i];
    if (!looks_like_option_name(name))
      throw Error(fmt::format("{}:{}: expected an option name (-name), found '{}'", path, name.line, name.text));
    const std::string bare = name.text.substr(1);
    if (i + 1 == tokens.size() || looks_like_option_name(tokens[i + 1]))
      throw Error(fmt::format("{}:{}: option -{} has no value", path, name.line, bare));
    const OptionToken& value = tokens[i + 1];
    if (const Option* option = find_option(bare))
      set_option(*option, cfg.gpu, value.text, fmt::format("{}:{}", path, value.line));
    else
      refuse_retired(bare, fmt::format("{}:{}", path, name.line)), note_unknown(cfg, bare);
  }
}

}  // namespace

LoadedConfig load_config_file(const std::string& path) { return load_config_text(read_config_text(path), path); }

LoadedConfig load_config_text(const std::string& text, const std::string& source) {
  LoadedConfig cfg;
  cfg.source = source;
  apply_tokens(cfg, tokenize_options(text, source), source);
  check_consistency(cfg.gpu, source);
  return cfg;
}

LoadedConfig builtin_gtx480() {
  LoadedConfig cfg;
  cfg.source = "built-in gtx480";
  return cfg;
}

void apply_override(LoadedConfig& cfg, const std::string& name, const std::string& value,
                    const std::string& where) {
  const std::string_view bare = std::string_view(name).substr(name.starts_with('-') ? 1 : 0);
  const Option* option = find_option(bare);
  if (!option) refuse_retired(bare, where);
  if (!option) throw Error(fmt::format("{}: unknown option -{}", where, bare));
  GpuConfig updated = cfg.gpu;
  set_option(*option, updated, value, where);
  check_consistency(updated, where);
  cfg.gpu = updated;
}

std::map<std::string, std::string> LoadedConfig::values() const { return option_values(gpu); }

}  // namespace scwarp::config
