// The option table: complete, consistent, and the source of the docs.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "sc_model/config/gpu_config.h"
#include "sc_model/config/option_table.h"
#include "sc_model/config/options.h"
#include "sc_model/config/value_text.h"

namespace scwarp::config {
namespace {

TEST(OptionTable, NamesAndAliasesAreUnique) {
  std::set<std::string> seen;
  for (const Option& option : option_table()) {
    EXPECT_TRUE(seen.insert(option.name).second) << option.name;
    if (!option.alias.empty()) {
      EXPECT_TRUE(seen.insert(option.alias).second) << option.alias;
    }
    EXPECT_FALSE(option.description.empty()) << option.name;
    EXPECT_EQ(option.description.find('\n'), std::string::npos) << option.name;
  }
}

TEST(OptionTable, EveryDefaultReadsBackToItself) {
  const GpuConfig defaults;
  for (const Option& option : option_table()) {
    GpuConfig reread;
    reread.n_clusters = 99;  // proves parse writes only its own fields (checked below)
    option.parse(reread, option.format(defaults));
    EXPECT_EQ(option.format(reread), option.format(defaults)) << option.name;
    if (option.name != "gpgpu_n_clusters") {
      EXPECT_EQ(reread.n_clusters, 99u) << option.name;
    }
  }
}

TEST(OptionTable, InfoListsTheTableInOrderWithBuiltInDefaults) {
  const std::vector<OptionInfo> info = option_table_info();
  ASSERT_EQ(info.size(), option_table().size());
  const auto values = builtin_gtx480().values();
  EXPECT_EQ(values.size(), info.size());
  for (size_t i = 0; i < info.size(); ++i) {
    EXPECT_EQ(info[i].name, option_table()[i].name);
    EXPECT_EQ(info[i].default_value, values.at(info[i].name));
  }
  EXPECT_EQ(info.front().name, "gpgpu_n_clusters");
  EXPECT_EQ(values.at("gpgpu_cache:dl1"), "32:128:4,L:L:m:N,S:64:8,8");
  EXPECT_EQ(values.at("gpgpu_clock_domains"), "700:700:700:924");
}

TEST(OptionTable, FindsByNameOrAliasOnly) {
  ASSERT_NE(find_option("gpgpu_l2_rop_latency"), nullptr);
  EXPECT_EQ(find_option("rop_latency"), find_option("gpgpu_l2_rop_latency"));
  EXPECT_EQ(find_option("-gpgpu_n_mem"), nullptr);
  EXPECT_EQ(find_option(""), nullptr);
}

// Markdown would take "<core>" for an HTML tag: the doc escapes it.
std::string markdown_text(const std::string& text) {
  std::string escaped;
  for (char c : text) {
    if (c == '<') escaped += '\\';
    escaped += c;
  }
  return escaped;
}

// docs/configuration.md carries the table row of every option exactly as
// the table has it, so the docs cannot drift from the code.
TEST(OptionTable, ConfigurationDocListsEveryOption) {
  std::ifstream in(std::string(SCWARP_SOURCE_DIR) + "/docs/configuration.md");
  ASSERT_TRUE(in) << "docs/configuration.md is missing";
  std::stringstream text;
  text << in.rdbuf();
  for (const OptionInfo& option : option_table_info()) {
    const std::string row = "| `-" + option.name + "` | `" + option.default_value + "` | " + markdown_text(option.description) + " |";
    EXPECT_NE(text.str().find(row), std::string::npos) << "missing row:\n" << row;
  }
}

TEST(OptionTable, EnvironmentRegistersByNumber) {
  const Option* option = find_option("scwarp_envreg");
  ASSERT_NE(option, nullptr);
  GpuConfig g;
  EXPECT_EQ(option->format(g), "none");
  option->parse(g, "3=7,31=4294967295");
  EXPECT_EQ(g.envreg[3], 7u);
  EXPECT_EQ(g.envreg[31], 4294967295u);
  EXPECT_EQ(g.envreg[0], 0u);
  EXPECT_EQ(option->format(g), "3=7,31=4294967295");
  option->parse(g, "none");
  EXPECT_EQ(g.envreg[3], 0u);
  for (const char* bad : {"32=1", "3", "3=x", "3=1,3=2", "1=4294967296", ""}) {
    SCOPED_TRACE(bad);
    EXPECT_THROW(option->parse(g, bad), InvalidValue);
  }
}

}  // namespace
}  // namespace scwarp::config
