#include "sc_model/mem/cache_tags.h"

#include <gtest/gtest.h>

#include "sc_model/common/error.h"

namespace scwarp::mem {
namespace {

// 2 sets x 2 ways of 128-byte lines: lines 0x000, 0x100, 0x200 share set 0.
config::CacheGeometry tiny(char replacement) {
  config::CacheGeometry g;
  g.sets = 2;
  g.line_bytes = 128;
  g.ways = 2;
  g.replacement = replacement;
  return g;
}

TEST(CacheTags, MissThenFillThenHit) {
  CacheTags tags(tiny('L'));
  EXPECT_EQ(tags.probe(0x104), LineState::Invalid);
  EXPECT_FALSE(tags.access(0x104, false));
  EXPECT_FALSE(tags.fill(0x104, false).evicted);
  EXPECT_EQ(tags.probe(0x17f), LineState::Valid);  // same line
  EXPECT_EQ(tags.probe(0x180), LineState::Invalid);  // next line, other set
  EXPECT_TRUE(tags.access(0x100, false));
  EXPECT_EQ(tags.line_of(0x17f), 0x100u);
}

TEST(CacheTags, LruEvictsLeastRecentlyUsed) {
  CacheTags tags(tiny('L'));
  tags.fill(0x000, false);
  tags.fill(0x100, false);
  EXPECT_TRUE(tags.access(0x000, false));  // 0x100 is now least recent
  Eviction e = tags.fill(0x200, false);
  EXPECT_TRUE(e.evicted);
  EXPECT_EQ(e.line_addr, 0x100u);
  EXPECT_FALSE(e.dirty);
  EXPECT_EQ(tags.probe(0x000), LineState::Valid);
  EXPECT_EQ(tags.probe(0x100), LineState::Invalid);
}

TEST(CacheTags, FifoEvictsOldestRegardlessOfUse) {
  CacheTags tags(tiny('F'));
  tags.fill(0x000, false);
  tags.fill(0x100, false);
  EXPECT_TRUE(tags.access(0x000, false));  // a use does not matter under FIFO
  Eviction e = tags.fill(0x200, false);
  EXPECT_TRUE(e.evicted);
  EXPECT_EQ(e.line_addr, 0x000u);
}

TEST(CacheTags, DirtyVictimIsReported) {
  CacheTags tags(tiny('L'));
  tags.fill(0x000, false);
  tags.fill(0x100, false);
  EXPECT_TRUE(tags.access(0x000, true));  // write: dirty and most recent
  EXPECT_TRUE(tags.dirty(0x000));
  EXPECT_FALSE(tags.dirty(0x100));
  EXPECT_TRUE(tags.access(0x100, false));  // now 0x000 is least recent
  Eviction peek = tags.would_evict(0x200);
  EXPECT_TRUE(peek.evicted);
  EXPECT_EQ(peek.line_addr, 0x000u);
  EXPECT_TRUE(peek.dirty);
  EXPECT_FALSE(tags.would_evict(0x100).evicted);  // present: nothing to evict
  Eviction e = tags.fill(0x200, false);
  EXPECT_EQ(e.line_addr, 0x000u);
  EXPECT_TRUE(e.dirty);
}

TEST(CacheTags, WriteAllocatedFillIsDirty) {
  CacheTags tags(tiny('L'));
  tags.fill(0x000, true);
  EXPECT_TRUE(tags.dirty(0x000));
  Eviction e = tags.invalidate(0x000);
  EXPECT_TRUE(e.evicted);
  EXPECT_TRUE(e.dirty);
  EXPECT_EQ(tags.probe(0x000), LineState::Invalid);
}

TEST(CacheTags, ReservedWaysAreNeverVictims) {
  CacheTags tags(tiny('L'));
  EXPECT_FALSE(tags.allocate(0x000, LineState::Reserved, false).evicted);
  EXPECT_EQ(tags.probe(0x000), LineState::Reserved);
  EXPECT_FALSE(tags.access(0x000, false));  // not a hit until filled
  tags.fill(0x100, false);
  // Set 0: one reserved, one valid: the valid one goes even though it is newer.
  Eviction e = tags.allocate(0x200, LineState::Reserved, false);
  EXPECT_EQ(e.line_addr, 0x100u);
  EXPECT_FALSE(tags.can_allocate(0x300));
  EXPECT_TRUE(tags.can_allocate(0x080));  // set 1 is empty
  EXPECT_THROW(tags.allocate(0x300, LineState::Reserved, false), Error);
  EXPECT_FALSE(tags.invalidate(0x000).evicted);  // reserved lines stay
  EXPECT_FALSE(tags.fill(0x000, false).evicted);
  EXPECT_EQ(tags.probe(0x000), LineState::Valid);
  EXPECT_TRUE(tags.can_allocate(0x300));
}

TEST(CacheTags, InvalidWayIsPreferredOverLru) {
  CacheTags tags(tiny('L'));
  tags.fill(0x000, false);
  tags.fill(0x100, false);
  tags.invalidate(0x100);
  EXPECT_FALSE(tags.fill(0x200, false).evicted);
  EXPECT_EQ(tags.probe(0x000), LineState::Valid);
}

TEST(CacheTags, RefusesBadGeometry) {
  config::CacheGeometry g = tiny('L');
  g.line_bytes = 96;
  EXPECT_THROW(CacheTags{g}, Error);
  g = tiny('X');
  EXPECT_THROW(CacheTags{g}, Error);
  g = tiny('L');
  g.ways = 0;
  EXPECT_THROW(CacheTags{g}, Error);
}

TEST(CacheTags, Gtx480L1HoldsSixteenKilobytes) {
  config::GpuConfig cfg;
  CacheTags tags(cfg.l1d);
  // 128 consecutive lines fill every way of every set without an eviction...
  for (uint64_t line = 0; line < 128; ++line) EXPECT_FALSE(tags.fill(line * 128, false).evicted);
  // ...and the 129th evicts the least recent line of set 0, line 0.
  Eviction e = tags.fill(128 * 128, false);
  EXPECT_TRUE(e.evicted);
  EXPECT_EQ(e.line_addr, 0u);
}

}  // namespace
}  // namespace scwarp::mem
