#include "sc_model/config/option_tokens.h"

#include <gtest/gtest.h>

#include "sc_model/common/error.h"
#include "tests/config/config_test_util.h"

namespace scwarp::config {
namespace {

using testing::error_of;

TEST(OptionTokens, SplitsOnBlanksAndDropsComments) {
  const auto tokens = tokenize_options("# header\n-a 1   # trailing\n\t-b\t2#glued comment\n", "f");
  ASSERT_EQ(tokens.size(), 4u);
  EXPECT_EQ(tokens[0].text, "-a");
  EXPECT_EQ(tokens[0].line, 2u);
  EXPECT_EQ(tokens[1].text, "1");
  EXPECT_EQ(tokens[2].text, "-b");
  EXPECT_EQ(tokens[2].line, 3u);
  EXPECT_EQ(tokens[3].text, "2");
  EXPECT_FALSE(tokens[3].quoted);
}

TEST(OptionTokens, QuotedValuesKeepBlanksAndHashesAndMayRunOverLines) {
  const auto tokens = tokenize_options("-t \"a:b # c\n   d\"\n-u \"\"\n-v 1", "f");
  ASSERT_EQ(tokens.size(), 6u);
  EXPECT_EQ(tokens[1].text, "a:b # c\n   d");
  EXPECT_TRUE(tokens[1].quoted);
  EXPECT_EQ(tokens[1].line, 1u);
  EXPECT_EQ(tokens[2].line, 3u);  // lines inside the quotes are counted
  EXPECT_EQ(tokens[3].text, "");
  EXPECT_EQ(tokens[5].line, 4u);
}

TEST(OptionTokens, WindowsLineEndsAreBlanks) {
  const auto tokens = tokenize_options("-a 1\r\n-b 2\r\n", "f");
  ASSERT_EQ(tokens.size(), 4u);
  EXPECT_EQ(tokens[1].text, "1");
  EXPECT_EQ(tokens[3].line, 2u);
}

TEST(OptionTokens, QuoteErrorsNameFileAndLine) {
  EXPECT_EQ(error_of([] { tokenize_options("-a 1\n-b \"open\n\nstill", "x.config"); }),
            "x.config:2: a quoted value has no closing quote");
  EXPECT_EQ(error_of([] { tokenize_options("\n\n-a ab\"c\"", "x.config"); }),
            "x.config:3: a quote inside a word; quote the whole value");
  EXPECT_EQ(error_of([] { tokenize_options("-a \"b\"c", "x.config"); }),
            "x.config:1: text right after a closing quote");
}

TEST(OptionTokens, EmptyTextHasNoTokens) {
  EXPECT_TRUE(tokenize_options("", "f").empty());
  EXPECT_TRUE(tokenize_options("  # only a comment", "f").empty());
}

}  // namespace
}  // namespace scwarp::config
