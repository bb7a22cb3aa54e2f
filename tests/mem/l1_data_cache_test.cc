// SystemC tests of the L1 data cache: each TEST elaborates its own design
// (ctest runs each in its own process): a driver standing in for the SM
// (owner, LD/ST side, one access per cycle from a script), the L1, and a
// memory target answering every request after a fixed latency.
#include "sc_model/mem/l1_data_cache.h"

#include <gtest/gtest.h>

#include <tlm_utils/peq_with_cb_and_phase.h>
#include <tlm_utils/simple_target_socket.h>

#include "sc_model/mem/mem_extension.h"

namespace scwarp::mem {
namespace {

struct Seen {
  bool write;
  uint64_t addr;
  uint32_t length;
  AccessKind kind;
  uint32_t source;
  uint64_t cycle;
};

// Answers each request `latency` cycles after BEGIN_REQ; END_REQ at once
// (TLM_UPDATED) or, with end_req_delay > 0, that many cycles later on the
// backward path. With `at_once`, BEGIN_REQ returns TLM_COMPLETED with the
// latency as annotated delay (the AT early-completion shortcut).
class Memory : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<Memory> socket;
  std::vector<Seen> seen;

  Memory(sc_core::sc_module_name name, uint64_t latency, uint64_t end_req_delay = 0, bool at_once = false)
      : sc_module(name), socket("socket"), latency_(latency), end_req_delay_(end_req_delay),
        at_once_(at_once), peq_(this, &Memory::later) {
    socket.register_nb_transport_fw(this, &Memory::nb_transport_fw);
  }

 private:
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& p, tlm::tlm_phase& phase, sc_core::sc_time& delay) {
    if (phase == tlm::END_RESP) return tlm::TLM_COMPLETED;
    const MemExtension& ext = extension_of(p);
    seen.push_back({p.is_write(), p.get_address(), p.get_data_length(), ext.kind, ext.source, current_cycle()});
    if (at_once_) {
      delay = latency_ * kCycleTime;
      return tlm::TLM_COMPLETED;
    }
    p.acquire();
    peq_.notify(p, tlm::BEGIN_RESP, latency_ * kCycleTime);
    if (end_req_delay_ == 0) {
      phase = tlm::END_REQ;
      return tlm::TLM_UPDATED;
    }
    peq_.notify(p, tlm::END_REQ, end_req_delay_ * kCycleTime);
    return tlm::TLM_ACCEPTED;
  }
  void later(tlm::tlm_generic_payload& p, const tlm::tlm_phase& phase) {
    tlm::tlm_phase ph = phase;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    tlm::tlm_sync_enum status = socket->nb_transport_bw(p, ph, delay);
    if (phase == tlm::BEGIN_RESP) {
      EXPECT_EQ(status, tlm::TLM_COMPLETED);
      p.release();
    }
  }
  uint64_t latency_, end_req_delay_;
  bool at_once_;
  tlm_utils::peq_with_cb_and_phase<Memory> peq_;
};

// The SM stand-in: owns the L1, feeds it one scripted access per cycle
// (retrying a refused one next cycle) and records completions.
class Driver : public ClockedModule, public MemResponseIf {
 public:
  bool has_work = false;  // the SM's flag for the cache: it ticks the cache only while up
  L1DataCache l1;
  std::vector<std::pair<uint32_t, uint64_t>> done;  // (token, cycle)
  std::vector<uint64_t> refused;                    // cycles of refusals

  Driver(sc_core::sc_module_name name, const config::GpuConfig& cfg) : ClockedModule(name, true), l1("l1", cfg, 7, *this, has_work) {
    l1.up.bind(*this);
  }
  // Access `token` of kind/line/bytes offered from `cycle` on.
  void add(uint64_t cycle, AccessKind kind, uint64_t line, uint32_t bytes = 4, bool local = false) {
    MemAccess a;
    a.line_addr = line;
    a.bytes = bytes;
    a.kind = kind;
    a.local = local;
    a.sm = 7;
    a.token = uint32_t(script_.size());
    script_.push_back({cycle, a});
  }
  void access_done(uint32_t token, uint64_t cycle) override { done.emplace_back(token, cycle); }
  uint64_t done_cycle(uint32_t token) const {
    for (auto [t, c] : done)
      if (t == token) return c;
    return kIdle;
  }

 private:
  uint64_t tick(uint64_t cycle) override {
    if (has_work) has_work = l1.tick(cycle);
    if (next_ < script_.size() && script_[next_].first <= cycle) {
      if (l1.try_access(script_[next_].second, cycle))
        ++next_;
      else
        refused.push_back(cycle);
    }
    uint64_t next = l1.next_event();
    if (next_ < script_.size()) next = std::min(next, std::max(cycle + 1, script_[next_].first));
    return next;
  }
  std::vector<std::pair<uint64_t, MemAccess>> script_;
  size_t next_ = 0;
};

void run(uint64_t cycles) {
  sc_core::sc_start(sc_core::sc_time(double(cycles), sc_core::SC_NS));
  if (std::exception_ptr fault = ClockedModule::take_fault()) std::rethrow_exception(fault);
}

stats::CacheCounters counters(const Driver& d) {
  stats::CacheCounters c;
  d.l1.report(c);
  return c;
}

constexpr uint64_t kLatency = 50;  // memory's answer, cycles after BEGIN_REQ

// A one-cycle L1 pipeline: an access offered at c is looked up at c + 1,
// which keeps the cycle arithmetic of the tests below short.
config::GpuConfig one_cycle_pipeline() {
  config::GpuConfig cfg;
  cfg.l1_latency = 1;
  return cfg;
}

TEST(L1DataCache, MissThenHitLatencies) {
  config::GpuConfig cfg = one_cycle_pipeline();
  Driver d("sm", cfg);
  Memory m("mem", kLatency);
  d.l1.down.bind(m.socket);
  d.add(0, AccessKind::Load, 0x1000);
  d.add(200, AccessKind::Load, 0x1000);
  run(30);
  EXPECT_FALSE(d.has_work);  // the read is out, nothing queued: the owner stops ticking the cache
  run(370);
  // Accepted at 0, sent at 1, answered at 51, handled (visible) at 52: the
  // response raised the flag again.
  ASSERT_EQ(m.seen.size(), 1u);
  EXPECT_FALSE(m.seen[0].write);
  EXPECT_EQ(m.seen[0].addr, 0x1000u);
  EXPECT_EQ(m.seen[0].length, 128u);
  EXPECT_EQ(m.seen[0].source, 7u);
  EXPECT_EQ(m.seen[0].cycle, 1u);
  EXPECT_EQ(d.done_cycle(0), 1 + kLatency + 1);
  EXPECT_EQ(d.done_cycle(1), 200u + cfg.l1_latency);
  stats::CacheCounters c = counters(d);
  EXPECT_EQ(c.accesses, 2u);
  EXPECT_EQ(c.hits, 1u);
  EXPECT_EQ(c.misses, 1u);
  EXPECT_FALSE(d.l1.busy());
  EXPECT_FALSE(d.has_work);
}

TEST(L1DataCache, SameLineMissesMergeIntoOneRequest) {
  config::GpuConfig cfg = one_cycle_pipeline();
  Driver d("sm", cfg);
  Memory m("mem", kLatency);
  d.l1.down.bind(m.socket);
  d.add(0, AccessKind::Load, 0x2000);
  d.add(1, AccessKind::Load, 0x2000);
  d.add(2, AccessKind::Load, 0x2080);  // another line: its own request
  run(300);
  ASSERT_EQ(m.seen.size(), 2u);
  EXPECT_EQ(m.seen[1].addr, 0x2080u);
  EXPECT_EQ(d.done_cycle(0), d.done_cycle(1));  // both complete with the one fill
  EXPECT_EQ(d.done_cycle(0), 1 + kLatency + 1);
  stats::CacheCounters c = counters(d);
  EXPECT_EQ(c.misses, 2u);
  EXPECT_EQ(c.mshr_merges, 1u);
}

TEST(L1DataCache, EveryAccessSpendsTheL1LatencyBeforeItsLookup) {
  config::GpuConfig cfg;  // -gpgpu_l1_latency 35, as GPGPU-Sim's SM2_GTX480
  cfg.l1d.mshr_entries = 1;
  ASSERT_EQ(cfg.l1_latency, 35u);
  Driver d("sm", cfg);
  Memory m("mem", kLatency);
  d.l1.down.bind(m.socket);
  d.add(0, AccessKind::Load, 0x0000);
  d.add(1, AccessKind::Load, 0x1000);  // its lookup (at 36) waits for the MSHR
  for (uint64_t c = 2; c < 42; ++c) d.add(c, AccessKind::Load, 0x0000);
  run(600);
  // Looked up and sent at 35, answered at 85, handled at 86.
  ASSERT_GE(m.seen.size(), 1u);
  EXPECT_EQ(m.seen[0].cycle, 35u);
  EXPECT_EQ(d.done_cycle(0), 35 + kLatency + 1);
  // Accesses from 1..35 fill the 35-entry pipeline behind the held lookup:
  // the next is refused from 36 until the fill frees the MSHR.
  ASSERT_FALSE(d.refused.empty());
  EXPECT_EQ(d.refused.front(), 36u);
  EXPECT_EQ(d.refused.back(), d.done_cycle(0) - 1);
  // Access 2 hits the filled line the cycle after access 1 has gone below.
  EXPECT_EQ(d.done_cycle(2), d.done_cycle(0) + 1);
}

TEST(L1DataCache, FullMshrTableIsAReservationFailure) {
  config::GpuConfig cfg = one_cycle_pipeline();
  cfg.l1d.mshr_entries = 2;
  Driver d("sm", cfg);
  Memory m("mem", kLatency);
  d.l1.down.bind(m.socket);
  d.add(0, AccessKind::Load, 0x0000);
  d.add(1, AccessKind::Load, 0x1000);
  d.add(2, AccessKind::Load, 0x2000);  // its lookup is refused until the first fill frees an entry
  d.add(3, AccessKind::Load, 0x0000);  // waits behind it in the one-entry pipeline
  run(400);
  ASSERT_EQ(m.seen.size(), 3u);
  uint64_t first_fill = d.done_cycle(0);
  EXPECT_EQ(first_fill, 52u);
  // Access 2's lookups at 3 .. first_fill - 1 fail; at the fill it goes below.
  EXPECT_EQ(counters(d).reservation_fails, first_fill - 3);
  EXPECT_EQ(m.seen[2].cycle, first_fill);
  // The held pipeline refuses access 3 until then; it hits the filled line.
  ASSERT_FALSE(d.refused.empty());
  EXPECT_EQ(d.refused.front(), 3u);
  EXPECT_EQ(d.refused.back(), first_fill - 1);
  EXPECT_EQ(d.done_cycle(3), first_fill + 1);
  EXPECT_EQ(counters(d).accesses, 4u);
}

TEST(L1DataCache, GlobalStoreIsWriteThroughAndDoesNotWait) {
  config::GpuConfig cfg = one_cycle_pipeline();
  Driver d("sm", cfg);
  Memory m("mem", kLatency);
  d.l1.down.bind(m.socket);
  d.add(0, AccessKind::Store, 0x3000, 64);
  d.add(100, AccessKind::Load, 0x3000);  // no write allocation: still a miss
  d.add(200, AccessKind::Store, 0x3000, 4);  // a hit keeps the line valid
  d.add(300, AccessKind::Load, 0x3000);
  run(500);
  EXPECT_EQ(d.done_cycle(0), 1u);  // completes at its lookup, one cycle after acceptance
  ASSERT_EQ(m.seen.size(), 3u);
  EXPECT_TRUE(m.seen[0].write);
  EXPECT_EQ(m.seen[0].length, 64u);
  EXPECT_EQ(m.seen[0].kind, AccessKind::Store);
  EXPECT_FALSE(m.seen[1].write);
  EXPECT_TRUE(m.seen[2].write);
  EXPECT_EQ(m.seen[2].cycle, 201u);
  EXPECT_EQ(d.done_cycle(2), 201u);
  EXPECT_EQ(d.done_cycle(3), 300u + cfg.l1_latency);
  stats::CacheCounters c = counters(d);
  EXPECT_EQ(c.stores, 2u);
  EXPECT_EQ(c.hits, 2u);  // the second store and the last load
  EXPECT_EQ(c.misses, 1u);
}

TEST(L1DataCache, FullMissQueueRefusesUntilTheInterconnectTakesRequests) {
  config::GpuConfig cfg = one_cycle_pipeline();
  cfg.l1d.miss_queue = 2;
  Driver d("sm", cfg);
  Memory m("mem", kLatency, 20);  // END_REQ 20 cycles after each BEGIN_REQ
  d.l1.down.bind(m.socket);
  for (uint64_t i = 0; i < 4; ++i) d.add(i, AccessKind::Store, 0x4000 + 128 * i);
  run(300);
  // Store 0 goes at 1 and holds the socket until 21; 1 and 2 fill the queue.
  ASSERT_EQ(m.seen.size(), 4u);
  EXPECT_EQ(m.seen[1].cycle, 22u);  // END_REQ at 21 wakes the L1 for 22
  EXPECT_EQ(m.seen[2].cycle, 43u);
  // Store 3's lookups from 4 fail until store 1 has left (at 22): it goes
  // in the cycle after, as the lookup precedes the send within a cycle.
  EXPECT_EQ(d.done_cycle(3), m.seen[1].cycle + 1);
  EXPECT_EQ(counters(d).reservation_fails, d.done_cycle(3) - 4);
}

TEST(L1DataCache, LocalStoresWriteBackDirtyVictims) {
  config::GpuConfig cfg = one_cycle_pipeline();  // 32 sets x 4 ways: lines 4 KB apart share a set
  Driver d("sm", cfg);
  Memory m("mem", kLatency);
  d.l1.down.bind(m.socket);
  for (uint64_t i = 0; i < 5; ++i) d.add(i, AccessKind::Store, 0x10000 + 4096 * i, 4, true);
  d.add(10, AccessKind::Load, 0x10000 + 4096, 4, true);  // still present: a hit
  run(200);
  // Four write-allocated dirty lines, then the fifth evicts the first.
  ASSERT_EQ(m.seen.size(), 1u);
  EXPECT_TRUE(m.seen[0].write);
  EXPECT_EQ(m.seen[0].addr, 0x10000u);
  EXPECT_EQ(m.seen[0].length, 128u);
  EXPECT_EQ(d.done_cycle(4), 5u);
  EXPECT_EQ(d.done_cycle(5), 10u + cfg.l1_latency);
  stats::CacheCounters c = counters(d);
  EXPECT_EQ(c.writebacks, 1u);
  EXPECT_EQ(c.stores, 5u);
  EXPECT_EQ(c.hits, 1u);
}

TEST(L1DataCache, AtomicsBypassAndInvalidate) {
  config::GpuConfig cfg = one_cycle_pipeline();
  Driver d("sm", cfg);
  Memory m("mem", kLatency);
  d.l1.down.bind(m.socket);
  d.add(0, AccessKind::Load, 0x5000);
  d.add(100, AccessKind::Atomic, 0x5000, 8);
  d.add(101, AccessKind::Atomic, 0x5000, 4);  // atomics never merge
  d.add(200, AccessKind::Load, 0x5000);       // the line was dropped: a miss
  run(400);
  ASSERT_EQ(m.seen.size(), 4u);
  EXPECT_EQ(m.seen[1].kind, AccessKind::Atomic);
  EXPECT_FALSE(m.seen[1].write);
  EXPECT_EQ(m.seen[1].length, 8u);
  EXPECT_EQ(m.seen[2].kind, AccessKind::Atomic);
  EXPECT_EQ(d.done_cycle(1), 101 + kLatency + 1);
  EXPECT_EQ(d.done_cycle(2), 102 + kLatency + 1);
  EXPECT_EQ(d.done_cycle(3), 201 + kLatency + 1);
  EXPECT_EQ(counters(d).hits, 0u);
}

TEST(L1DataCache, EarlyCompletionIsHandledAfterItsDelay) {
  config::GpuConfig cfg = one_cycle_pipeline();
  Driver d("sm", cfg);
  Memory m("mem", kLatency, 0, true);
  d.l1.down.bind(m.socket);
  d.add(0, AccessKind::Load, 0x6000);
  d.add(1, AccessKind::Load, 0x6080);  // the socket is free again at once
  run(200);
  ASSERT_EQ(m.seen.size(), 2u);
  EXPECT_EQ(m.seen[1].cycle, 2u);
  EXPECT_EQ(d.done_cycle(0), 1 + 1 + kLatency);
  EXPECT_EQ(d.done_cycle(1), 2 + 1 + kLatency);
  EXPECT_FALSE(d.l1.busy());
}

TEST(L1DataCache, LocalLoadMissWritesBackItsDirtyVictimFirst) {
  config::GpuConfig cfg = one_cycle_pipeline();
  Driver d("sm", cfg);
  Memory m("mem", kLatency);
  d.l1.down.bind(m.socket);
  for (uint64_t i = 0; i < 4; ++i) d.add(i, AccessKind::Store, 0x20000 + 4096 * i, 4, true);
  d.add(10, AccessKind::Load, 0x20000 + 4096 * 4, 4, true);  // same set: evicts line 0
  run(200);
  ASSERT_EQ(m.seen.size(), 2u);
  EXPECT_TRUE(m.seen[0].write);
  EXPECT_EQ(m.seen[0].addr, 0x20000u);
  EXPECT_FALSE(m.seen[1].write);
  EXPECT_EQ(m.seen[1].addr, 0x20000u + 4096 * 4);
  EXPECT_EQ(d.done_cycle(4), m.seen[1].cycle + kLatency + 1);
  EXPECT_EQ(counters(d).writebacks, 1u);
}

}  // namespace
}  // namespace scwarp::mem
