#include "sc_model/mem/coalescer.h"

#include <gtest/gtest.h>

#include "sc_model/common/error.h"

namespace scwarp::mem {
namespace {

constexpr uint32_t kAll = 0xffffffffu;

// A warp access record: `bytes` per lane, lane l at base + l * stride.
struct Record {
  ptx::Instr instr;
  func::ExecRecord rec;
  Record(ptx::Opcode op, ptx::Space space, uint32_t mask, uint64_t base, uint64_t stride, uint32_t bytes) {
    instr.op = op;
    instr.cls = ptx::InstrClass::Mem;
    rec.instr = &instr;
    rec.active_mask = rec.exec_mask = mask;
    rec.mem_space = space;
    rec.mem_bytes = bytes;
    for (uint32_t l = 0; l < 32; ++l) rec.addr[l] = base + l * stride;
  }
};

const WarpPlacement kWarp{3, 3 * 1536 + 64, 15 * 1536};  // SM 3, warp slot 2

std::vector<MemAccess> coalesced(const Record& r, uint32_t segment = 128) {
  std::vector<MemAccess> out;
  coalesce(r.rec, kWarp, segment, out);
  return out;
}

TEST(Coalescer, UnitStrideWordsAreOneSegment) {
  Record r(ptx::Opcode::Ld, ptx::Space::Global, kAll, 0x10000, 4, 4);
  auto out = coalesced(r);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].line_addr, 0x10000u);
  EXPECT_EQ(out[0].bytes, 128u);
  EXPECT_EQ(out[0].kind, AccessKind::Load);
  EXPECT_FALSE(out[0].local);
  EXPECT_EQ(out[0].sm, 3u);
}

TEST(Coalescer, Stride128IsOneSegmentPerLane) {
  Record r(ptx::Opcode::St, ptx::Space::Global, kAll, 0x10000, 128, 4);
  auto out = coalesced(r);
  ASSERT_EQ(out.size(), 32u);
  for (uint32_t l = 0; l < 32; ++l) {
    EXPECT_EQ(out[l].line_addr, 0x10000u + l * 128);
    EXPECT_EQ(out[l].bytes, 4u);
    EXPECT_EQ(out[l].kind, AccessKind::Store);
  }
}

TEST(Coalescer, SmallerSegmentsSplitTheWarp) {
  Record r(ptx::Opcode::Ld, ptx::Space::Global, kAll, 0x10000, 4, 4);
  auto out = coalesced(r, 32);
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[3].line_addr, 0x10060u);
  EXPECT_EQ(out[3].bytes, 32u);
}

TEST(Coalescer, MisalignedEightByteAccessTouchesBothSegments) {
  // One lane, 8 bytes at 0x1007c: 4 bytes in each of two segments.
  Record r(ptx::Opcode::Ld, ptx::Space::Global, 1u << 5, 0x1007c - 5 * 8, 8, 8);
  auto out = coalesced(r);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].line_addr, 0x10000u);
  EXPECT_EQ(out[0].bytes, 4u);
  EXPECT_EQ(out[1].line_addr, 0x10080u);
  EXPECT_EQ(out[1].bytes, 4u);
}

TEST(Coalescer, InactiveLanesAreIgnoredAndSharedBytesCountOnce) {
  // Every lane reads the same word, but only lanes 0 and 31 executed.
  Record r(ptx::Opcode::Ld, ptx::Space::Global, 0x80000001u, 0x2004, 0, 4);
  for (uint32_t l = 1; l < 31; ++l) r.rec.addr[l] = 0x9999000 + l * 128;  // stale entries
  auto out = coalesced(r);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].line_addr, 0x2000u);
  EXPECT_EQ(out[0].bytes, 4u);
  r.rec.exec_mask = 0;
  EXPECT_TRUE(coalesced(r).empty());
}

TEST(Coalescer, SegmentsInOrderOfFirstLaneAndAppended) {
  Record r(ptx::Opcode::Atom, ptx::Space::Global, 0xfu, 0, 0, 4);
  r.rec.addr[0] = 0x300;
  r.rec.addr[1] = 0x100;
  r.rec.addr[2] = 0x304;
  r.rec.addr[3] = 0x200;
  std::vector<MemAccess> out(1);  // existing content stays
  coalesce(r.rec, kWarp, 128, out);
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[1].line_addr, 0x300u);
  EXPECT_EQ(out[1].bytes, 8u);
  EXPECT_EQ(out[2].line_addr, 0x100u);
  EXPECT_EQ(out[3].line_addr, 0x200u);
  EXPECT_EQ(out[3].kind, AccessKind::Atomic);
}

TEST(Coalescer, AtomicsOnOneAddressAreOneAccessPerLane) {
  // GPGPU-Sim's atomic coalescing: 32 lanes on one word make 32 accesses
  // (served one after another at the L2), distinct words of a segment one.
  Record same(ptx::Opcode::Atom, ptx::Space::Global, kAll, 0x400, 0, 4);
  auto out = coalesced(same);
  ASSERT_EQ(out.size(), 32u);
  for (const MemAccess& a : out) {
    EXPECT_EQ(a.line_addr, 0x400u);
    EXPECT_EQ(a.bytes, 4u);
  }
  Record distinct(ptx::Opcode::Red, ptx::Space::Global, kAll, 0x400, 4, 4);
  EXPECT_EQ(coalesced(distinct).size(), 1u);
  // Lanes 0..3 on word 0, lanes 4..31 on distinct words: 4 accesses, the
  // first taking lane 0 and lanes 4..31.
  Record mixed(ptx::Opcode::Atom, ptx::Space::Global, kAll, 0x400, 4, 4);
  for (uint32_t l = 0; l < 4; ++l) mixed.rec.addr[l] = 0x400;
  out = coalesced(mixed);
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[0].bytes, 4u + 28u * 4u);
  EXPECT_EQ(out[3].bytes, 4u);
  // A load of the same shape is one access.
  Record load(ptx::Opcode::Ld, ptx::Space::Global, kAll, 0x400, 0, 4);
  EXPECT_EQ(coalesced(load).size(), 1u);
}

TEST(Coalescer, OverlappingLanesCountDistinctBytes) {
  // Lanes 0 and 1: 16 bytes at 0x38 and 0x3c, across the middle of the
  // segment: bytes 0x38..0x4b, 20 distinct.
  Record r(ptx::Opcode::Ld, ptx::Space::Global, 0x3u, 0x38, 4, 16);
  auto out = coalesced(r);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].bytes, 20u);
}

TEST(Coalescer, LocalWordsOfAWarpAreOneBlock) {
  // Every lane spills its word at frame offset 8: 32 consecutive words.
  Record r(ptx::Opcode::St, ptx::Space::Local, kAll, 8, 0, 4);
  auto out = coalesced(r);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(out[0].local);
  EXPECT_EQ(out[0].bytes, 128u);
  EXPECT_EQ(out[0].line_addr, kLocalBase + (2 * kWarp.total_threads + kWarp.first_thread) * 4);
  EXPECT_EQ(out[0].line_addr % 128, 0u);
}

TEST(Coalescer, LocalEightByteAccessSpansTwoWordRows) {
  Record r(ptx::Opcode::Ld, ptx::Space::Local, kAll, 0, 0, 8);
  auto out = coalesced(r);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[1].line_addr - out[0].line_addr, kWarp.total_threads * 4);
  EXPECT_EQ(out[0].bytes, 128u);
  EXPECT_EQ(out[1].bytes, 128u);
}

TEST(Coalescer, LocalMemoryOfDifferentWarpsDoesNotAlias) {
  config::GpuConfig cfg;
  WarpPlacement a = placement_of(cfg, 0, 0), b = placement_of(cfg, 0, 1), c = placement_of(cfg, 1, 0);
  EXPECT_NE(local_device_address(a, 0, 0), local_device_address(b, 0, 0));
  EXPECT_NE(local_device_address(a, 0, 0), local_device_address(c, 0, 0));
  EXPECT_EQ(local_device_address(a, 1, 0) - local_device_address(a, 0, 0), 4u);
  EXPECT_EQ(local_device_address(a, 0, 5) - local_device_address(a, 0, 4), 1u);
  EXPECT_THROW(placement_of(cfg, 15, 0), Error);
  EXPECT_THROW(placement_of(cfg, 0, 48), Error);
}

TEST(Coalescer, RefusesWhatItCannotCoalesce) {
  Record shared(ptx::Opcode::Ld, ptx::Space::Shared, kAll, 0, 4, 4);
  EXPECT_THROW(coalesced(shared), Error);
  Record global(ptx::Opcode::Ld, ptx::Space::Global, kAll, 0, 4, 4);
  EXPECT_THROW(coalesced(global, 96), Error);
  EXPECT_THROW(coalesced(global, 256), Error);
  Record mov(ptx::Opcode::Mov, ptx::Space::Global, kAll, 0, 4, 4);
  EXPECT_THROW(coalesced(mov), Error);
}

}  // namespace
}  // namespace scwarp::mem
