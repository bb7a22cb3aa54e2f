#include "sc_model/config/dram_timing_text.h"

#include <gtest/gtest.h>

#include <string>

#include "sc_model/config/value_text.h"

namespace scwarp::config {
namespace {

std::string error_of(std::string_view text) {
  try {
    parse_dram_timing(text, DramTiming{});
  } catch (const InvalidValue& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(DramTiming, ReadsEveryModelledKey) {
  const DramTiming t =
      parse_dram_timing("nbk=8:CCD=3:RRD=7:RCD=13:RAS=29:RP=14:RC=41:CL=11:WL=5:CDLR=6:WR=15:nbkgrp=2:CCDL=4:RTPL=1",
                        DramTiming{});
  EXPECT_EQ(t.banks, 8u);
  EXPECT_EQ(t.tCCD, 3u);
  EXPECT_EQ(t.tRRD, 7u);
  EXPECT_EQ(t.tRCD, 13u);
  EXPECT_EQ(t.tRAS, 29u);
  EXPECT_EQ(t.tRP, 14u);
  EXPECT_EQ(t.tRC, 41u);
  EXPECT_EQ(t.CL, 11u);
  EXPECT_EQ(t.WL, 5u);
  EXPECT_EQ(t.tCDLR, 6u);
  EXPECT_EQ(t.tWR, 15u);
  EXPECT_EQ(t.bank_groups, 2u);
  EXPECT_EQ(t.tCCDL, 4u);
  EXPECT_EQ(t.tRTPL, 1u);
  EXPECT_EQ(format_dram_timing(t),
            "nbk=8:CCD=3:RRD=7:RCD=13:RAS=29:RP=14:RC=41:CL=11:WL=5:CDLR=6:WR=15:nbkgrp=2:CCDL=4:RTPL=1");
}

TEST(DramTiming, KeepsDefaultsForLeftOutKeys) {
  DramTiming defaults;
  defaults.tRP = 99;
  const DramTiming t = parse_dram_timing("CL=9:nbkgrp=1", defaults);
  EXPECT_EQ(t.CL, 9u);
  EXPECT_EQ(t.tRP, 99u);
  EXPECT_EQ(t.banks, 16u);
  EXPECT_EQ(t.bank_groups, 1u);
  EXPECT_EQ(t.tCCDL, 3u);
}

TEST(DramTiming, AcceptsAValueWrappedOverLines) {
  const DramTiming t = parse_dram_timing("nbk=16:CCD=2:RC=40:\n                        CL=12:WL=4", DramTiming{});
  EXPECT_EQ(t.CL, 12u);
  EXPECT_EQ(t.tRC, 40u);
}

TEST(DramTiming, NamesTheBadPair) {
  EXPECT_TRUE(error_of("nbk=16:tRAS=3").starts_with("unknown DRAM timing key 'tRAS'; known keys: nbk CCD"));
  EXPECT_EQ(error_of("CL=x"), "CL must be an unsigned 32-bit integer");
  EXPECT_EQ(error_of("CL=-1"), "CL must be an unsigned 32-bit integer");
  EXPECT_EQ(error_of("nbk=0"), "nbk must be an unsigned 32-bit integer >= 1");
  EXPECT_EQ(error_of("nbkgrp=x"), "nbkgrp must be an unsigned 32-bit integer >= 1");
  EXPECT_EQ(error_of("nbkgrp=0"), "nbkgrp must be an unsigned 32-bit integer >= 1");
  EXPECT_EQ(error_of("CL"), "'CL' is not <key>=<cycles>");
  EXPECT_EQ(error_of("CL=12::WL=4"), "an empty pair; expected <key>=<cycles> joined by ':'");
  EXPECT_EQ(error_of(""), "an empty pair; expected <key>=<cycles> joined by ':'");
  EXPECT_EQ(error_of("RP=0"), "(accepted)");
}

}  // namespace
}  // namespace scwarp::config
