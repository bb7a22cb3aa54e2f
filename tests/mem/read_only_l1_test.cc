// SystemC tests of the read-only L1 (the SM's constant and texture caches):
// each TEST elaborates its own design (ctest runs each in its own process).
// A driver standing in for the SM offers one scripted access per cycle
// (retrying a refused one next cycle), records completions, and plays the
// SM's port below L1: it takes line reads while it has room and answers
// each kBelow cycles later.
#include "sc_model/mem/read_only_l1.h"

#include <gtest/gtest.h>

#include "sc_model/common/clocked_module.h"
#include "sc_model/common/error.h"
#include "sc_model/config/cache_geometry_text.h"

namespace scwarp::mem {
namespace {

constexpr uint64_t kBelow = 40;  // cycles from a line read below to its arrival

struct Read {
  uint64_t line_addr;
  uint32_t bytes;
  AccessKind kind;
  uint64_t cycle;
};

class Driver : public ClockedModule, public MemResponseIf, public LineReadIf {
 public:
  bool has_work = false;  // the SM's flag for the cache: it ticks the cache only while up
  ReadOnlyL1 cache;
  std::vector<Read> reads;                          // taken below
  std::vector<std::pair<uint32_t, uint64_t>> done;  // (token, cycle)
  std::vector<uint64_t> refused;                    // cycles of refusals
  bool port_full = false;                           // the port below takes nothing
  bool answer = true;                               // reads below ever come back

  Driver(sc_core::sc_module_name name, const config::CacheGeometry& geometry, uint32_t latency, AccessKind kind)
      : ClockedModule(name, true), cache("cache", geometry, "test_cache", latency, kind, has_work) {
    cache.up.bind(*this);
    cache.below.bind(*this);
  }
  // Access `token` (its index) to `addr`, offered from `cycle` on.
  void add(uint64_t cycle, uint64_t addr) {
    MemAccess a;
    a.line_addr = addr;
    a.bytes = 4;
    a.token = uint32_t(script_.size());
    script_.emplace_back(cycle, a);
  }
  void access_done(uint32_t token, uint64_t cycle) override { done.emplace_back(token, cycle); }
  bool try_read_line(uint64_t line_addr, uint32_t bytes, AccessKind kind, uint32_t token) override {
    if (port_full) return false;
    reads.push_back({line_addr, bytes, kind, current_cycle()});
    if (answer) arrivals_.push(token, current_cycle() + kBelow);
    return true;
  }
  uint64_t done_cycle(uint32_t token) const {
    for (auto [t, c] : done)
      if (t == token) return c;
    return kIdle;
  }

 private:
  // The SM's order: lines that arrived, then the cache, then the LD/ST unit.
  uint64_t tick(uint64_t cycle) override {
    while (arrivals_.ready(cycle)) cache.access_done(arrivals_.pop(), cycle);
    if (has_work) has_work = cache.tick(cycle);
    if (next_ < script_.size() && script_[next_].first <= cycle) {
      if (cache.try_access(script_[next_].second, cycle))
        ++next_;
      else
        refused.push_back(cycle);
    }
    uint64_t next = std::min(cache.next_event(), arrivals_.empty() ? kIdle : arrivals_.next_ready());
    if (next_ < script_.size()) next = std::min(next, std::max(cycle + 1, script_[next_].first));
    return next;
  }
  DelayQueue<uint32_t> arrivals_;
  std::vector<std::pair<uint64_t, MemAccess>> script_;
  size_t next_ = 0;
};

void run(uint64_t cycles) {
  sc_core::sc_start(sc_core::sc_time(double(cycles), sc_core::SC_NS));
  if (std::exception_ptr fault = ClockedModule::take_fault()) std::rethrow_exception(fault);
}

stats::CacheCounters counters(const Driver& d) {
  stats::CacheCounters c;
  d.cache.report(c);
  return c;
}

TEST(ReadOnlyL1, TextureMissReadsItsLineBelowThenHitsAfterTheLatency) {
  const config::GpuConfig cfg;
  Driver d("d", cfg.tex_cache, 7, AccessKind::Texture);
  d.add(0, 0x1000 + 12);  // miss: offered at 0, read below from the next tick
  d.add(100, 0x1000 + 100);  // the same 128-byte line, now present
  run(200);
  ASSERT_EQ(d.reads.size(), 1u);
  EXPECT_EQ(d.reads[0].line_addr, 0x1000u);
  EXPECT_EQ(d.reads[0].bytes, 128u);
  EXPECT_EQ(d.reads[0].kind, AccessKind::Texture);
  EXPECT_EQ(d.done_cycle(0), d.reads[0].cycle + kBelow);
  EXPECT_EQ(d.done_cycle(1), 100u + 7u);  // the hit latency
  const stats::CacheCounters c = counters(d);
  EXPECT_EQ(c.accesses, 2u);
  EXPECT_EQ(c.misses, 1u);
  EXPECT_EQ(c.hits, 1u);
  EXPECT_FALSE(d.cache.busy());
  EXPECT_FALSE(d.has_work);  // the last tick left nothing: the SM stops ticking the cache
}

TEST(ReadOnlyL1, AnAccessRaisesTheFlagThatHasTheCacheTicked) {
  const config::GpuConfig cfg;
  Driver d("d", cfg.const_cache, 5, AccessKind::Constant);
  d.add(0, 0x1000);   // a miss: a line to send below
  d.add(60, 0x1000);  // a hit, done 5 cycles later
  run(62);
  EXPECT_TRUE(d.has_work);  // the hit waits for its cycle
  run(10);
  EXPECT_EQ(d.done_cycle(1), 65u);
  EXPECT_FALSE(d.has_work);
}

TEST(ReadOnlyL1, MissesToALineInFlightMergeIntoOneRead) {
  const config::GpuConfig cfg;
  Driver d("d", cfg.tex_cache, cfg.tex_latency, AccessKind::Texture);
  d.add(0, 0x2000);
  d.add(0, 0x2040);
  d.add(0, 0x2000 + 128);  // the next line: a second read
  run(200);
  ASSERT_EQ(d.reads.size(), 2u);
  EXPECT_EQ(d.done_cycle(0), d.done_cycle(1));  // both released by the one fill
  EXPECT_EQ(counters(d).mshr_merges, 1u);
  EXPECT_EQ(counters(d).misses, 2u);
}

// 'F:<fragments>:<requests>,<rob>': the reorder buffer bounds the lines in
// flight, the request FIFO the misses the port below has not taken.
TEST(ReadOnlyL1, TextureFifoBoundsLinesInFlightByItsReorderBuffer) {
  const config::GpuConfig cfg;
  const config::CacheGeometry g = config::parse_cache_geometry("4:128:24,L:R:m:N,F:8:2,3:2", cfg.tex_cache);
  Driver d("d", g, 2, AccessKind::Texture);
  d.answer = false;  // nothing comes back: lines stay in flight
  for (uint64_t i = 0; i < 4; ++i) d.add(0, 0x4000 + 128 * i);
  run(20);
  EXPECT_EQ(d.reads.size(), 3u);
  EXPECT_FALSE(d.refused.empty());  // the fourth line, every cycle
  EXPECT_EQ(d.refused.front(), 3u);
  EXPECT_EQ(counters(d).reservation_fails, d.refused.size());
}

TEST(ReadOnlyL1, TextureFifoRefusesAMissWhenItsRequestFifoIsFull) {
  const config::GpuConfig cfg;
  const config::CacheGeometry g = config::parse_cache_geometry("4:128:24,L:R:m:N,F:8:2,3:2", cfg.tex_cache);
  Driver d("d", g, 2, AccessKind::Texture);
  d.port_full = true;  // the SM's miss queue is full: no read leaves
  d.add(0, 0x4000);
  d.add(0, 0x4000 + 128);
  d.add(0, 0x4000 + 256);  // a third unsent miss: refused
  d.add(0, 0x4000 + 8);    // never reached while the third is refused
  run(20);
  EXPECT_TRUE(d.reads.empty());
  ASSERT_FALSE(d.refused.empty());
  EXPECT_EQ(d.refused.front(), 2u);
  EXPECT_EQ(counters(d).misses, 2u);
  EXPECT_TRUE(d.cache.busy());
}

TEST(ReadOnlyL1, ConstantInstanceUsesItsOwnGeometryAndKind) {
  const config::GpuConfig cfg;
  Driver d("d", cfg.const_cache, cfg.const_latency, AccessKind::Constant);
  d.add(0, 0x100);
  d.add(0, 0x140);  // 64-byte lines: another line
  run(200);
  ASSERT_EQ(d.reads.size(), 2u);
  EXPECT_EQ(d.reads[1].line_addr, 0x140u);
  EXPECT_EQ(d.reads[1].bytes, 64u);
  EXPECT_EQ(d.reads[0].kind, AccessKind::Constant);
}

TEST(ReadOnlyL1, RefusesAWritableGeometry) {
  config::GpuConfig cfg;
  cfg.tex_cache.write_policy = 'B';
  bool has_work = false;
  EXPECT_THROW(ReadOnlyL1("t", cfg.tex_cache, "gpgpu_tex_cache:l1", 2, AccessKind::Texture, has_work), Error);
}

}  // namespace
}  // namespace scwarp::mem
