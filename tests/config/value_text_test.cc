#include "sc_model/config/value_text.h"

#include <gtest/gtest.h>

#include <string>

namespace scwarp::config {
namespace {

// The text of the InvalidValue `text` raises under `parse`.
template <typename Parse>
std::string expected_of(Parse parse, std::string_view text) {
  try {
    parse(text);
  } catch (const InvalidValue& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(ParseCount, ReadsDecimalWithinRange) {
  EXPECT_EQ(parse_count("0", 0), 0u);
  EXPECT_EQ(parse_count("1536", 1), 1536u);
  EXPECT_EQ(parse_count("4294967295", 0), 4294967295u);
}

TEST(ParseCount, RejectsNegativeOverflowJunkEmptyAndLeadingZeros) {
  const auto count1 = [](std::string_view t) { return parse_count(t, 1); };
  for (std::string_view bad : {"-1", "4294967296", "99999999999999999999999", "12x", "1.5", "", " 1", "+3",
                               "010", "0x10"})
    EXPECT_EQ(expected_of(count1, bad), "an unsigned 32-bit integer >= 1") << bad;
  EXPECT_EQ(expected_of(count1, "0"), "an unsigned 32-bit integer >= 1");
  EXPECT_EQ(expected_of([](std::string_view t) { return parse_count(t, 0); }, "-0"), "an unsigned 32-bit integer");
}

TEST(ParseUnsigned, Reads64Bits) {
  EXPECT_EQ(parse_unsigned("18446744073709551615", UINT64_MAX, "x"), UINT64_MAX);
  EXPECT_THROW(parse_unsigned("18446744073709551616", UINT64_MAX, "x"), InvalidValue);
  EXPECT_THROW(parse_unsigned("2", 1, "x"), InvalidValue);
}

TEST(ParsePowerOfTwo, AcceptsOnlyPowersAtLeastMin) {
  EXPECT_EQ(parse_power_of_two("128", 32), 128u);
  EXPECT_EQ(parse_power_of_two("32", 32), 32u);
  const auto pow32 = [](std::string_view t) { return parse_power_of_two(t, 32); };
  EXPECT_EQ(expected_of(pow32, "96"), "a power of two >= 32");
  EXPECT_EQ(expected_of(pow32, "16"), "a power of two >= 32");
  EXPECT_EQ(expected_of(pow32, "0"), "a power of two >= 32");
}

TEST(ParseBool, TakesZeroOrOneOnly) {
  EXPECT_FALSE(parse_bool("0"));
  EXPECT_TRUE(parse_bool("1"));
  for (std::string_view bad : {"true", "2", "", "01", "yes"}) EXPECT_EQ(expected_of(parse_bool, bad), "0 or 1") << bad;
}

TEST(ParsePositiveDouble, ReadsFiniteNumbersAboveZero) {
  EXPECT_EQ(parse_positive_double("924.0"), 924.0);
  EXPECT_EQ(parse_positive_double("700"), 700.0);
  EXPECT_EQ(parse_positive_double("1.4e3"), 1400.0);
  for (std::string_view bad : {"0", "-700", "nan", "inf", "700MHz", "", "0.0"})
    EXPECT_EQ(expected_of(parse_positive_double, bad), "a finite number > 0") << bad;
}

TEST(FormatDouble, ReadsBackToTheSameValue) {
  EXPECT_EQ(format_double(700.0), "700");
  EXPECT_EQ(format_double(924.5), "924.5");
  EXPECT_EQ(parse_positive_double(format_double(1.0 / 3.0)), 1.0 / 3.0);
}

TEST(Split, KeepsEmptyParts) {
  EXPECT_EQ(split("a,,b", ','), (std::vector<std::string_view>{"a", "", "b"}));
  EXPECT_EQ(split("", ','), (std::vector<std::string_view>{""}));
  EXPECT_EQ(trim(" \n CL=12\t"), "CL=12");
  EXPECT_EQ(trim("   "), "");
}

TEST(OpList, FillsOnePartOfEveryEntryInGpgpuSimOrder) {
  OpTimingTable table{{1, 9}, {1, 9}, {1, 9}, {1, 9}, {1, 9}, {1, 9}};
  parse_op_list("4,13,4,5,145", table, &OpTiming::latency, ShflEntry::No);
  EXPECT_EQ(table.add.latency, 4u);
  EXPECT_EQ(table.max.latency, 13u);
  EXPECT_EQ(table.mul.latency, 4u);
  EXPECT_EQ(table.mad.latency, 5u);
  EXPECT_EQ(table.div.latency, 145u);
  EXPECT_EQ(table.div.initiation, 9u);  // the other part is untouched
  EXPECT_EQ(format_op_list(table, &OpTiming::latency, ShflEntry::No), "4,13,4,5,145");
  EXPECT_EQ(format_op_list(table, &OpTiming::initiation, ShflEntry::No), "9,9,9,9,9");
}

TEST(OpList, RejectsWrongCountZeroAndJunkWithoutChangingTheTable) {
  OpTimingTable table;
  const OpTimingTable before = table;
  const auto parse = [&](std::string_view t) { parse_op_list(t, table, &OpTiming::latency, ShflEntry::No); };
  for (std::string_view bad : {"4,13,4,5", "4,13,4,5,145,1", "4,13,0,5,145", "4,13,x,5,145", "4,,4,5,145", ""})
    EXPECT_EQ(expected_of(parse, bad), "five unsigned integers >= 1 as <ADD>,<MAX>,<MUL>,<MAD>,<DIV>") << bad;
  EXPECT_EQ(format_op_list(table, &OpTiming::latency, ShflEntry::No), format_op_list(before, &OpTiming::latency, ShflEntry::No));
}

TEST(OpList, IntegerListsTakeGpgpuSim4sShflEntryOrLeaveIt) {
  OpTimingTable table{{1, 9}, {1, 9}, {1, 9}, {1, 9}, {1, 9}, {1, 9}};
  parse_op_list("4,13,4,5,145,32", table, &OpTiming::latency, ShflEntry::Optional);
  EXPECT_EQ(table.shfl.latency, 32u);
  parse_op_list("5,13,4,5,145", table, &OpTiming::latency, ShflEntry::Optional);
  EXPECT_EQ(table.add.latency, 5u);
  EXPECT_EQ(table.shfl.latency, 32u) << "a GPGPU-Sim 3.x list keeps the SHFL entry";
  EXPECT_EQ(format_op_list(table, &OpTiming::latency, ShflEntry::Optional), "5,13,4,5,145,32");
  const auto parse = [&](std::string_view t) { parse_op_list(t, table, &OpTiming::latency, ShflEntry::Optional); };
  EXPECT_EQ(expected_of(parse, "4,13,4,5,145,32,1"),
            "five or six unsigned integers >= 1 as <ADD>,<MAX>,<MUL>,<MAD>,<DIV>[,<SHFL>]");
}

TEST(PipelineWidths, ReadsElevenOrThirteenAndNeedsTheModelledWidths) {
  EXPECT_EQ(parse_pipeline_widths("2,0,0,1,1,2,0,0,1,1,2").id_oc_sp(), 2u);
  EXPECT_EQ(parse_pipeline_widths("1,1,1,3,4,1,1,1,1,1,1,1,1").id_oc_mem(), 4u);
  EXPECT_EQ(parse_pipeline_widths("1,1,1,3,4,1,1,1,5,1,1,1,1").oc_ex_sfu(), 5u);
  EXPECT_EQ(format_pipeline_widths(parse_pipeline_widths("2,0,0,1,1,2,0,0,1,1,2")), "2,0,0,1,1,2,0,0,1,1,2");
  const auto parse = [](std::string_view t) { parse_pipeline_widths(t); };
  for (std::string_view bad : {"2,0,0,1,1,2,0", "0,0,0,1,1,2,0,0,1,1,2", "2,0,0,0,1,2,0,0,1,1,2",
                               "2,0,0,1,1,2,0,0,1,0,2", "2,x,0,1,1,2,0,0,1,1,2"})
    EXPECT_NE(expected_of(parse, bad).find("11 or 13 unsigned integers"), std::string::npos) << bad;
}

}  // namespace
}  // namespace scwarp::config
