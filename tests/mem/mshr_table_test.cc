#include "sc_model/mem/mshr_table.h"

#include <gtest/gtest.h>

#include <map>
#include <random>

#include "sc_model/common/error.h"

namespace scwarp::mem {
namespace {

TEST(MshrTable, FirstMissIsNewEntrySecondMerges) {
  MshrTable mshr(2, 3);
  EXPECT_EQ(mshr.add(0x100, 7), MshrOutcome::NewEntry);
  EXPECT_EQ(mshr.add(0x100, 8), MshrOutcome::Merged);
  EXPECT_TRUE(mshr.pending(0x100));
  EXPECT_FALSE(mshr.pending(0x200));
  EXPECT_EQ(mshr.in_use(), 1u);
}

TEST(MshrTable, MergeLimitRefusesWithoutChange) {
  MshrTable mshr(2, 2);
  EXPECT_EQ(mshr.add(0x100, 1), MshrOutcome::NewEntry);
  EXPECT_EQ(mshr.add(0x100, 2), MshrOutcome::Merged);
  EXPECT_EQ(mshr.check(0x100), MshrOutcome::MergeFull);
  EXPECT_EQ(mshr.add(0x100, 3), MshrOutcome::MergeFull);
  std::vector<uint64_t> done;
  mshr.release(0x100, done);
  EXPECT_EQ(done, (std::vector<uint64_t>{1, 2}));
}

TEST(MshrTable, TableFullRefusesNewLinesButStillMerges) {
  MshrTable mshr(2, 4);
  EXPECT_EQ(mshr.add(0x000, 1), MshrOutcome::NewEntry);
  EXPECT_EQ(mshr.add(0x080, 2), MshrOutcome::NewEntry);
  EXPECT_EQ(mshr.add(0x100, 3), MshrOutcome::TableFull);
  EXPECT_FALSE(accepted(MshrOutcome::TableFull));
  EXPECT_EQ(mshr.add(0x080, 4), MshrOutcome::Merged);
  EXPECT_FALSE(mshr.pending(0x100));
  std::vector<uint64_t> done;
  mshr.release(0x000, done);
  EXPECT_EQ(mshr.add(0x100, 5), MshrOutcome::NewEntry);  // the freed entry is reused
  EXPECT_EQ(mshr.in_use(), 2u);
}

TEST(MshrTable, ReleaseAppendsInArrivalOrderAndFrees) {
  MshrTable mshr(4, 8);
  for (uint64_t r : {5, 3, 9}) mshr.add(0x400, r);
  mshr.add(0x800, 1);
  std::vector<uint64_t> done{42};
  mshr.release(0x400, done);
  EXPECT_EQ(done, (std::vector<uint64_t>{42, 5, 3, 9}));
  EXPECT_FALSE(mshr.pending(0x400));
  EXPECT_EQ(mshr.in_use(), 1u);
  mshr.release(0x800, done);
  EXPECT_TRUE(mshr.empty());
}

TEST(MshrTable, UnexpectedResponseIsAnError) {
  MshrTable mshr(1, 1);
  std::vector<uint64_t> done;
  EXPECT_THROW(mshr.release(0x100, done), Error);
  EXPECT_THROW(MshrTable(0, 1), Error);
  EXPECT_THROW(MshrTable(1, 0), Error);
}

// Random adds, checks and releases against a plain model (a map from line to
// its waiting requests): same outcomes, same requests released in the same
// order, with few lines (many merges) and many (tables fill, probe runs wrap
// and shift back on release).
TEST(MshrTable, MatchesAMapOnRandomTraffic) {
  std::mt19937_64 rng(11);
  for (uint32_t entries : {1u, 3u, 32u, 256u}) {
    for (uint64_t lines : {4ull, 64ull, 4096ull}) {
      const uint32_t max_merge = 1 + uint32_t(rng() % 4);
      MshrTable table(entries, max_merge);
      std::map<uint64_t, std::vector<uint64_t>> model;
      for (uint64_t request = 0; request < 20000; ++request) {
        const uint64_t line = (rng() % lines) * 128;
        if (rng() % 3 == 0 && !model.empty()) {
          auto it = std::next(model.begin(), long(rng() % model.size()));
          std::vector<uint64_t> out;
          table.release(it->first, out);
          ASSERT_EQ(out, it->second) << entries << " entries, line " << it->first;
          model.erase(it);
          continue;
        }
        auto it = model.find(line);
        MshrOutcome want = it != model.end()
                               ? (it->second.size() < max_merge ? MshrOutcome::Merged : MshrOutcome::MergeFull)
                               : (model.size() < entries ? MshrOutcome::NewEntry : MshrOutcome::TableFull);
        ASSERT_EQ(table.check(line), want);
        ASSERT_EQ(table.add(line, request), want) << entries << " entries, line " << line;
        if (accepted(want)) model[line].push_back(request);
        ASSERT_EQ(table.in_use(), model.size());
        ASSERT_EQ(table.pending(line), model.count(line) == 1);
      }
    }
  }
}

}  // namespace
}  // namespace scwarp::mem
