#include "sc_model/mem/coalescer.h"

#include <algorithm>
#include <array>
#include <bit>

#include <fmt/format.h>

#include "sc_model/common/error.h"

namespace scwarp::mem {

namespace {

constexpr uint32_t kMaxSegmentBytes = 128;
constexpr uint32_t kMaxLaneBytes = 32;  // ld.v4.b64 / ld.v8.b32
// A lane's access spans at most kMaxLaneBytes / 4 + 1 words or segments.
constexpr size_t kMaxSegments = func::kWarpSize * (kMaxLaneBytes / 4 + 1);

// The segments of one record being built: bytes touched in each, as a mask.
// With `separate_overlaps` (atomics, as GPGPU-Sim's
// memory_coalescing_arch_atomic) a lane joins the first access of its
// segment none of whose bytes it touches, else opens another one: lanes on
// the same address become one access each, served one after another at the L2.
class SegmentSet {
 public:
  SegmentSet(uint32_t segment_bytes, bool separate_overlaps, std::vector<MemAccess>& out)
      : segment_bytes_(segment_bytes), separate_overlaps_(separate_overlaps), out_(out), first_(out.size()) {}

  // Marks [addr, addr + bytes) touched, splitting at segment boundaries.
  void touch(uint64_t addr, uint32_t bytes, const MemAccess& pattern) {
    while (bytes > 0) {
      uint64_t segment = addr & ~uint64_t(segment_bytes_ - 1);
      uint32_t in_segment = uint32_t(addr - segment);
      uint32_t n = std::min(bytes, segment_bytes_ - in_segment);
      Mask touched = bits(in_segment, n);
      Mask& mask = masks_[index_of(segment, touched, pattern)];
      for (size_t k = 0; k < mask.size(); ++k) mask[k] |= touched[k];
      addr += n;
      bytes -= n;
    }
  }
  // Writes each segment's distinct byte count into its access.
  void finish() {
    for (size_t i = first_; i < out_.size(); ++i) {
      const Mask& m = masks_[i - first_];
      out_[i].bytes = uint32_t(std::popcount(m[0]) + std::popcount(m[1]));
    }
  }

 private:
  using Mask = std::array<uint64_t, kMaxSegmentBytes / 64>;

  // Bytes [from, from + n) of a segment (n <= 128).
  static Mask bits(uint32_t from, uint32_t n) {
    Mask mask{};
    for (uint32_t k = 0; k < mask.size(); ++k) {
      uint32_t lo = std::max(from, 64 * k), hi = std::min(from + n, 64 * k + 64);
      if (lo >= hi) continue;
      uint64_t ones = hi - lo == 64 ? ~uint64_t(0) : (uint64_t(1) << (hi - lo)) - 1;
      mask[k] = ones << (lo - 64 * k);
    }
    return mask;
  }

  // Whether access i (an index among this record's) can take `touched`.
  bool takes(size_t i, uint64_t segment, const Mask& touched) const {
    if (out_[first_ + i].line_addr != segment) return false;
    if (!separate_overlaps_) return true;
    for (size_t k = 0; k < touched.size(); ++k)
      if (masks_[i][k] & touched[k]) return false;
    return true;
  }

  // The index among this record's of the access that takes `touched`,
  // creating it when none does. Neighbouring lanes usually share a segment:
  // the last one found is tried first.
  size_t index_of(uint64_t segment, const Mask& touched, const MemAccess& pattern) {
    // (Atomics scan from the first access, as GPGPU-Sim does.)
    if (!separate_overlaps_ && last_ < out_.size() - first_ && takes(last_, segment, touched)) return last_;
    for (size_t i = 0; i < out_.size() - first_; ++i)
      if (takes(i, segment, touched)) return last_ = i;
    MemAccess access = pattern;
    access.line_addr = segment;
    out_.push_back(access);
    last_ = out_.size() - 1 - first_;
    masks_[last_] = Mask{};
    return last_;
  }

  uint32_t segment_bytes_;
  bool separate_overlaps_;
  std::vector<MemAccess>& out_;
  size_t first_;
  size_t last_ = 0;  // index of the segment touched last
  std::array<Mask, kMaxSegments> masks_;  // only the first out_.size() - first_ are set
};

void check_arguments(const func::ExecRecord& rec, uint32_t segment_bytes) {
  if (segment_bytes < 4 || segment_bytes > kMaxSegmentBytes || !std::has_single_bit(segment_bytes))
    throw Error(fmt::format("coalescing segment of {} bytes: must be a power of two from 4 to {}",
                            segment_bytes, kMaxSegmentBytes));
  if (rec.mem_bytes > kMaxLaneBytes)
    throw Error(fmt::format("{}-byte access per lane exceeds the coalescer's {} bytes",
                            rec.mem_bytes, kMaxLaneBytes));
  ptx::Space s = rec.mem_space;
  if (s != ptx::Space::Global && s != ptx::Space::Generic && s != ptx::Space::Local)
    throw Error(fmt::format("coalescing '{}' (line {}): only global and local accesses go to the L1",
                            rec.instr->text, rec.instr->line));
}

}  // namespace

WarpPlacement placement_of(const config::GpuConfig& cfg, uint32_t sm, uint32_t warp_slot) {
  if (sm >= cfg.sm_count() || warp_slot >= cfg.scheduled_warps_per_sm())
    throw Error(fmt::format("warp slot {} of SM {} is outside the GPU ({} SMs x {} warps)",
                            warp_slot, sm, cfg.sm_count(), cfg.scheduled_warps_per_sm()));
  // A large warp's sub-warps take their lanes from its rows; their local
  // accesses are placed as its first row's (docs/lwm.md).
  uint64_t first = uint64_t(sm) * cfg.max_threads_per_sm + uint64_t(warp_slot) * cfg.large_warp_size;
  return {sm, first, uint64_t(cfg.sm_count()) * cfg.max_threads_per_sm};
}

uint64_t local_device_address(const WarpPlacement& warp, uint32_t lane, uint64_t offset) {
  uint64_t word = offset / 4;
  return kLocalBase + (word * warp.total_threads + warp.first_thread + lane) * 4 + offset % 4;
}

AccessKind access_kind(const ptx::Instr& instr) {
  switch (instr.op) {
    case ptx::Opcode::Ld:
    case ptx::Opcode::Ldu:
    case ptx::Opcode::Suld:  // surfaces are global memory (GPGPU-Sim sends them there too)
    case ptx::Opcode::Tex:
    case ptx::Opcode::Tld4: return AccessKind::Load;
    case ptx::Opcode::St:
    case ptx::Opcode::Sust: return AccessKind::Store;
    case ptx::Opcode::Atom:
    case ptx::Opcode::Red: return AccessKind::Atomic;
    default:
      throw Error(fmt::format("'{}' (line {}) is not a load, store or atomic", instr.text, instr.line));
  }
}

void coalesce(const func::ExecRecord& rec, const WarpPlacement& warp, uint32_t segment_bytes,
              std::vector<MemAccess>& out) {
  if (rec.exec_mask == 0 || rec.mem_space == ptx::Space::None) return;
  check_arguments(rec, segment_bytes);
  bool local = rec.mem_space == ptx::Space::Local;
  MemAccess pattern;
  pattern.kind = access_kind(*rec.instr);
  pattern.local = local;
  pattern.sm = warp.sm;
  SegmentSet segments(segment_bytes, pattern.kind == AccessKind::Atomic, out);
  for (uint32_t lane = 0; lane < func::kWarpSize; ++lane) {
    if (!(rec.exec_mask >> lane & 1)) continue;
    uint64_t addr = rec.addr[lane];
    if (!local) {
      segments.touch(addr, rec.mem_bytes, pattern);
      continue;
    }
    // Local: word by word, each word at its interleaved device address.
    for (uint64_t offset = addr; offset < addr + rec.mem_bytes;) {
      uint32_t n = uint32_t(std::min<uint64_t>(4 - offset % 4, addr + rec.mem_bytes - offset));
      segments.touch(local_device_address(warp, lane, offset), n, pattern);
      offset += n;
    }
  }
  segments.finish();
}

}  // namespace scwarp::mem
