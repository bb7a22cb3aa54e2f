// SystemC tests of the LD/ST unit with a fake L1: each TEST elaborates its
// own design (ctest runs each in its own process). A stand-in SM owns the
// unit, offers scripted instructions and records completions; the fake L1
// records the accesses offered, refuses a chosen number of tries and
// completes accepted accesses a fixed number of cycles later.
#include "sc_model/sm/ldst_unit.h"

#include <gtest/gtest.h>

#include "sc_model/common/clocked_module.h"
#include "sc_model/common/delay_queue.h"
#include "sc_model/mem/coalescer.h"

namespace scwarp::sm {
namespace {

constexpr uint64_t kL1Latency = 10;

class FakeL1 : public sc_core::sc_module, public mem::L1DataIf {
 public:
  sc_core::sc_port<mem::MemResponseIf> up;
  std::vector<std::pair<uint64_t, mem::MemAccess>> offered;  // (cycle, access) accepted
  uint32_t refuse_next = 0;  // tries to refuse before accepting again
  uint32_t refusals = 0;

  explicit FakeL1(sc_core::sc_module_name name) : sc_module(name), up("up") {}
  bool try_access(const mem::MemAccess& a, uint64_t cycle) override {
    if (refuse_next > 0) {
      --refuse_next;
      ++refusals;
      return false;
    }
    offered.emplace_back(cycle, a);
    done_.push(a.token, cycle + kL1Latency);
    return true;
  }
  bool busy() const override { return !done_.empty(); }
  void tick(uint64_t cycle) {
    while (done_.ready(cycle)) up->access_done(done_.pop(), cycle);
  }
  uint64_t next_event() const { return done_.empty() ? ClockedModule::kIdle : done_.next_ready(); }

 private:
  DelayQueue<uint32_t> done_;
};

// A memory instruction: lane l at base + l * stride, `bytes` per lane.
struct MemInstr {
  ptx::Instr instr;
  func::ExecRecord rec;
  MemInstr(ptx::Opcode op, ptx::Space space, uint32_t mask, uint64_t base, uint64_t stride, uint32_t bytes) {
    instr.op = op;
    instr.cls = ptx::InstrClass::Mem;
    instr.text = "test memory instruction";
    rec.instr = &instr;
    rec.active_mask = rec.exec_mask = mask;
    rec.mem_space = space;
    rec.mem_bytes = bytes;
    for (uint32_t l = 0; l < 32; ++l) rec.addr[l] = base + l * stride;
  }
};

class SmStub : public ClockedModule, public MemWritebackIf {
 public:
  FakeL1 l1;
  FakeL1 constants;  // the constant cache
  FakeL1 textures;   // the texture cache
  bool has_work = false;  // the SM's flag for the unit: it ticks the unit only while up
  LdstUnit ldst;
  std::vector<uint32_t> done_tags;
  std::vector<uint64_t> done_cycles;
  std::vector<uint64_t> full_cycles;  // cycles an instruction waited for can_accept

  SmStub(sc_core::sc_module_name name, const config::GpuConfig& cfg)
      : ClockedModule(name, true), l1("l1"), constants("constants"), textures("textures"), ldst("ldst", cfg, 2, has_work) {
    ldst.l1.bind(l1);
    l1.up.bind(ldst);
    ldst.constants.bind(constants);
    constants.up.bind(ldst);
    ldst.textures.bind(textures);
    textures.up.bind(ldst);
    ldst.writeback.bind(*this);
  }
  // Offers `m` (tag = its index) from `cycle` on.
  void add(uint64_t cycle, const MemInstr& m) { script_.emplace_back(cycle, &m); }
  void memory_done(uint32_t warp, uint32_t tag, uint64_t cycle) override {
    EXPECT_EQ(warp, 5u);
    done_tags.push_back(tag);
    done_cycles.push_back(cycle);
  }
  uint64_t done_cycle(uint32_t tag) const {
    for (size_t i = 0; i < done_tags.size(); ++i)
      if (done_tags[i] == tag) return done_cycles[i];
    return kIdle;
  }

 private:
  uint64_t tick(uint64_t cycle) override {
    l1.tick(cycle);
    constants.tick(cycle);
    textures.tick(cycle);
    if (has_work) has_work = ldst.tick(cycle);
    while (next_ < script_.size() && script_[next_].first <= cycle) {
      if (!ldst.can_accept()) {
        full_cycles.push_back(cycle);
        break;
      }
      ldst.accept(script_[next_].second->rec, 5, uint32_t(next_), cycle);
      ++next_;
    }
    uint64_t next = std::min({ldst.next_event(), l1.next_event(), constants.next_event(), textures.next_event()});
    if (next_ < script_.size()) next = std::min(next, std::max(cycle + 1, script_[next_].first));
    return next;
  }
  std::vector<std::pair<uint64_t, const MemInstr*>> script_;
  size_t next_ = 0;
};

void run(uint64_t cycles) {
  sc_core::sc_start(sc_core::sc_time(double(cycles), sc_core::SC_NS));
  if (std::exception_ptr fault = ClockedModule::take_fault()) std::rethrow_exception(fault);
}

stats::SmCounters counters(const LdstUnit& u) {
  stats::SmCounters c;
  u.report(c);
  return c;
}

TEST(LdstUnit, SharedBankConflictsOccupyTheUnit) {
  config::GpuConfig cfg;
  SmStub sm("sm", cfg);
  MemInstr conflicting(ptx::Opcode::Ld, ptx::Space::Shared, ~0u, 0, 8, 4);  // stride 2 words: 2 cycles
  MemInstr clean(ptx::Opcode::St, ptx::Space::Shared, ~0u, 0, 4, 4);        // 1 cycle
  sm.add(0, conflicting);
  sm.add(0, clean);
  run(100);
  // Accepted at 0; the first occupies cycles 1-2, the second cycle 3.
  EXPECT_EQ(sm.done_cycle(0), 2u + cfg.smem_latency);
  EXPECT_EQ(sm.done_cycle(1), 3u + cfg.smem_latency);
  stats::SmCounters c = counters(sm.ldst);
  EXPECT_EQ(c.shared_accesses, 2u);
  EXPECT_EQ(c.shared_bank_cycles, 3u);
  EXPECT_TRUE(sm.l1.offered.empty());
  EXPECT_FALSE(sm.ldst.busy());
  EXPECT_FALSE(sm.has_work);  // done: the SM stops ticking the unit until the next accept
}

TEST(LdstUnit, CoalescedGlobalAccessesGoOnePerCycle) {
  config::GpuConfig cfg;
  SmStub sm("sm", cfg);
  MemInstr strided(ptx::Opcode::Ld, ptx::Space::Global, 0xfu, 0x10000, 128, 4);  // 4 lines
  MemInstr unit(ptx::Opcode::Ld, ptx::Space::Global, ~0u, 0x20000, 4, 4);       // 1 line
  sm.add(0, strided);
  sm.add(0, unit);
  run(100);
  ASSERT_EQ(sm.l1.offered.size(), 5u);
  for (uint64_t i = 0; i < 4; ++i) {
    EXPECT_EQ(sm.l1.offered[i].first, 1 + i);
    EXPECT_EQ(sm.l1.offered[i].second.line_addr, 0x10000 + 128 * i);
    EXPECT_EQ(sm.l1.offered[i].second.sm, 2u);
  }
  EXPECT_EQ(sm.l1.offered[4].first, 5u);
  EXPECT_EQ(sm.l1.offered[4].second.bytes, 128u);
  EXPECT_NE(sm.l1.offered[4].second.token, sm.l1.offered[0].second.token);
  EXPECT_EQ(sm.done_cycle(0), 4 + kL1Latency);  // when its last access completes
  EXPECT_EQ(sm.done_cycle(1), 5 + kL1Latency);
  EXPECT_EQ(counters(sm.ldst).shared_accesses, 0u);
}

TEST(LdstUnit, RefusedAccessIsRetriedNextCycle) {
  config::GpuConfig cfg;
  SmStub sm("sm", cfg);
  sm.l1.refuse_next = 3;
  MemInstr load(ptx::Opcode::Ld, ptx::Space::Global, 0x3u, 0x10000, 128, 4);  // 2 lines
  sm.add(0, load);
  run(100);
  // Tries at 1, 2, 3 refused; the first access goes at 4, the second at 5.
  EXPECT_EQ(sm.l1.refusals, 3u);
  ASSERT_EQ(sm.l1.offered.size(), 2u);
  EXPECT_EQ(sm.l1.offered[0].first, 4u);
  EXPECT_EQ(sm.l1.offered[1].first, 5u);
  EXPECT_EQ(sm.done_cycle(0), 5 + kL1Latency);
}

TEST(LdstUnit, ConstantsGoToTheConstantCacheOneDistinctLinePerCycle) {
  config::GpuConfig cfg;
  ASSERT_EQ(cfg.const_cache.line_bytes, 64u);
  SmStub sm("sm", cfg);
  MemInstr c(ptx::Opcode::Ld, ptx::Space::Const, ~0u, 0x100, 0, 4);
  for (uint32_t l = 0; l < 32; ++l) c.rec.addr[l] = 0x100 + (l % 6) * 32;  // 6 addresses in 3 lines
  sm.add(0, c);
  run(100);
  ASSERT_EQ(sm.constants.offered.size(), 3u);
  EXPECT_TRUE(sm.l1.offered.empty());
  EXPECT_EQ(sm.constants.offered[0].first, 1u);
  EXPECT_EQ(sm.constants.offered[2].second.line_addr, 0x100u + 128u);
  EXPECT_EQ(sm.done_cycle(0), 3 + kL1Latency);  // offered at 1, 2, 3
  EXPECT_EQ(counters(sm.ldst).const_accesses, 1u);
}

// A texture fetch's lanes carry their footprint's first texel address.
TEST(LdstUnit, TexturesGoToTheTextureCacheOneDistinctLinePerCycle) {
  config::GpuConfig cfg;
  ASSERT_EQ(cfg.tex_cache.line_bytes, 128u);
  SmStub sm("sm", cfg);
  MemInstr t(ptx::Opcode::Tex, ptx::Space::Tex, ~0u, 0, 0, 16);
  for (uint32_t l = 0; l < 32; ++l) t.rec.addr[l] = 0x8000 + (l % 4) * 96;  // 4 texels in 3 lines
  sm.add(0, t);
  run(100);
  ASSERT_EQ(sm.textures.offered.size(), 3u);
  EXPECT_TRUE(sm.l1.offered.empty());
  EXPECT_TRUE(sm.constants.offered.empty());
  EXPECT_EQ(sm.textures.offered[0].second.line_addr, 0x8000u);
  EXPECT_EQ(sm.textures.offered[1].second.line_addr, 0x8080u);
  EXPECT_EQ(sm.textures.offered[2].second.line_addr, 0x8100u);
  EXPECT_EQ(sm.textures.offered[2].first, 3u);
  EXPECT_EQ(sm.done_cycle(0), 3 + kL1Latency);
  stats::SmCounters c = counters(sm.ldst);
  EXPECT_EQ(c.tex_accesses, 1u);
  EXPECT_EQ(c.const_accesses, 0u);
  EXPECT_EQ(c.tex_stall_cycles, 2u);  // cycles 1 and 2 left lines to offer
}

// GPGPU-Sim's T_MEM stall: every cycle a texture instruction holds the unit
// with lines left to offer, refused ones included; other spaces add none.
TEST(LdstUnit, RefusedTextureAccessesAreTextureStallCycles) {
  config::GpuConfig cfg;
  SmStub sm("sm", cfg);
  sm.textures.refuse_next = 4;
  sm.l1.refuse_next = 5;
  MemInstr t(ptx::Opcode::Tex, ptx::Space::Tex, 1u, 0x8000, 0, 4);  // one line
  MemInstr g(ptx::Opcode::Ld, ptx::Space::Global, 1u, 0x10000, 0, 4);
  sm.add(0, t);
  sm.add(0, g);
  run(100);
  ASSERT_EQ(sm.textures.offered.size(), 1u);
  EXPECT_EQ(sm.textures.offered[0].first, 5u);  // refused at 1-4
  EXPECT_EQ(sm.textures.refusals, 4u);
  EXPECT_EQ(counters(sm.ldst).tex_stall_cycles, 4u);
  EXPECT_EQ(sm.l1.refusals, 5u);  // not texture stalls
}

TEST(LdstUnit, FullQueueIsAStructuralStall) {
  config::GpuConfig cfg;
  SmStub sm("sm", cfg);
  sm.l1.refuse_next = 20;  // the first instruction stays in service until cycle 21
  MemInstr a(ptx::Opcode::St, ptx::Space::Global, 1u, 0x10000, 0, 4);
  MemInstr b(ptx::Opcode::St, ptx::Space::Global, 1u, 0x20000, 0, 4);
  MemInstr c(ptx::Opcode::St, ptx::Space::Global, 1u, 0x30000, 0, 4);
  MemInstr d(ptx::Opcode::St, ptx::Space::Global, 1u, 0x40000, 0, 4);
  sm.add(0, a);
  sm.add(0, b);
  sm.add(0, c);  // queue holds 2: waits until a starts at 1
  sm.add(0, d);  // waits until b starts at 22
  run(200);
  ASSERT_EQ(sm.full_cycles.size(), 1u + 21u);
  EXPECT_EQ(sm.full_cycles.front(), 0u);
  EXPECT_EQ(sm.full_cycles.back(), 21u);
  ASSERT_EQ(sm.l1.offered.size(), 4u);
  EXPECT_EQ(sm.l1.offered[0].first, 21u);
  EXPECT_EQ(sm.l1.offered[1].first, 22u);
  EXPECT_EQ(sm.l1.offered[3].first, 24u);
  EXPECT_EQ(sm.done_tags.size(), 4u);
}

TEST(LdstUnit, LocalSpillOfAWarpIsOneAccessInItsThreadSlots) {
  config::GpuConfig cfg;
  SmStub sm("sm", cfg);  // SM 2; every instruction comes from warp slot 5
  MemInstr spill(ptx::Opcode::St, ptx::Space::Local, ~0u, 12, 0, 4);  // word 3 of each lane
  sm.add(0, spill);
  run(50);
  ASSERT_EQ(sm.l1.offered.size(), 1u);
  const mem::MemAccess& a = sm.l1.offered[0].second;
  uint64_t slot = 2 * cfg.max_threads_per_sm + 5 * 32;
  uint64_t slots = uint64_t(cfg.sm_count()) * cfg.max_threads_per_sm;
  EXPECT_EQ(a.line_addr, mem::kLocalBase + (3 * slots + slot) * 4);
  EXPECT_EQ(a.bytes, 128u);
  EXPECT_TRUE(a.local);
  EXPECT_EQ(a.kind, mem::AccessKind::Store);
}

}  // namespace
}  // namespace scwarp::sm
