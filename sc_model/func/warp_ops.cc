// Warp-level collectives over the executing lanes: shfl.sync, vote.sync,
// match.sync, activemask, redux.sync.
#include <bit>

#include "sc_model/func/exec_context.h"
#include "sc_model/func/int_math.h"

namespace scwarp::func {

using ptx::Opcode;
using ptx::ShflMode;
using ptx::VoteMode;

// Source lane and in-range flag of shfl for `lane`, per the PTX definition:
// c packs the clamp value (bits 0-4) and the segment mask (bits 8-12).
static unsigned shuffle_source(ShflMode mode, unsigned lane, uint32_t b, uint32_t c,
                               bool* in_range) {
  uint32_t bval = b & 0x1f, clamp = c & 0x1f, segmask = (c >> 8) & 0x1f;
  uint32_t min_lane = lane & segmask;
  uint32_t max_lane = min_lane | (clamp & ~segmask);
  int64_t j;
  switch (mode) {
    case ShflMode::Up:
      j = int64_t(lane) - bval;
      *in_range = j >= int64_t(max_lane);
      break;
    case ShflMode::Down:
      j = lane + bval;
      *in_range = j <= int64_t(max_lane);
      break;
    case ShflMode::Bfly:
      j = lane ^ bval;
      *in_range = j <= int64_t(max_lane);
      break;
    default:
      j = min_lane | (bval & ~segmask);
      *in_range = j <= int64_t(max_lane);
      break;
  }
  return *in_range ? unsigned(j) : lane;
}

static void shuffle(ExecContext& c) {
  Lanes a = c.src(1), b = c.src(2), m = c.src(3);
  std::array<uint64_t, kWarpSize> value;
  std::array<bool, kWarpSize> in_range;
  for_lanes(c.exec, [&](unsigned l) {
    bool ok;
    unsigned j = shuffle_source(c.in.shfl, l, uint32_t(b[l]), uint32_t(m[l]), &ok);
    value[l] = uint32_t(a[j]);
    in_range[l] = ok;
  });
  uint64_t* d = c.dst(0);
  uint64_t* p = c.in.dst_pred != ptx::kNoReg ? c.reg(c.in.dst_pred) : nullptr;
  for_lanes(c.exec, [&](unsigned l) {
    d[l] = value[l];
    if (p) p[l] = in_range[l];
  });
}

static void vote(ExecContext& c) {
  Lanes a = c.src(1);
  uint32_t ballot = 0;
  for_lanes(c.exec, [&](unsigned l) { ballot |= uint32_t(a[l] & 1) << l; });
  uint64_t result;
  switch (c.in.vote) {
    case VoteMode::All: result = ballot == c.exec; break;
    case VoteMode::Any: result = ballot != 0; break;
    case VoteMode::Uni: result = ballot == 0 || ballot == c.exec; break;
    default: result = ballot; break;
  }
  uint64_t* d = c.dst(0);
  for_lanes(c.exec, [&](unsigned l) { d[l] = result; });
}

static void match(ExecContext& c) {
  Lanes a = c.src(1);
  unsigned bits = ptx::type_bits(c.in.type);
  uint64_t keep = bits == 64 ? ~0ull : 0xffffffffull;
  std::array<uint64_t, kWarpSize> result;
  bool all_equal = true;
  uint64_t first = a[std::countr_zero(c.exec)] & keep;
  for_lanes(c.exec, [&](unsigned l) {
    uint32_t same = 0;
    for_lanes(c.exec, [&](unsigned k) { same |= uint32_t((a[k] & keep) == (a[l] & keep)) << k; });
    result[l] = same;
    all_equal = all_equal && (a[l] & keep) == first;
  });
  uint64_t* d = c.dst(0);
  uint64_t* p = c.in.dst_pred != ptx::kNoReg ? c.reg(c.in.dst_pred) : nullptr;
  for_lanes(c.exec, [&](unsigned l) {
    d[l] = c.in.vote == VoteMode::All ? (all_equal ? c.exec : 0) : result[l];
    if (p) p[l] = all_equal;
  });
}

template <typename T>
static void reduce(ExecContext& c) {
  Lanes a = c.src(1);
  bool started = false;
  T acc = 0;
  for_lanes(c.exec, [&](unsigned l) {
    T v = get<T>(a[l]);
    if (!started) {
      acc = v;
      started = true;
      return;
    }
    switch (c.in.atom) {
      case ptx::AtomOp::Add: acc = wrap_add(acc, v); break;
      case ptx::AtomOp::Min: acc = v < acc ? v : acc; break;
      case ptx::AtomOp::Max: acc = v > acc ? v : acc; break;
      case ptx::AtomOp::And: acc = T(acc & v); break;
      case ptx::AtomOp::Or: acc = T(acc | v); break;
      case ptx::AtomOp::Xor: acc = T(acc ^ v); break;
      default: c.unsupported(std::string("redux operation in '") + c.in.text + "'");
    }
  });
  uint64_t* d = c.dst(0);
  for_lanes(c.exec, [&](unsigned l) { d[l] = put<T>(acc); });
}

void exec_warp_level(ExecContext& c) {
  switch (c.in.op) {
    case Opcode::Shfl: return shuffle(c);
    case Opcode::Vote: return vote(c);
    case Opcode::Match: return match(c);
    case Opcode::Activemask: {
      uint64_t* d = c.dst(0);
      return for_lanes(c.exec, [&](unsigned l) { d[l] = c.exec; });
    }
    case Opcode::Redux:
      if (ptx::type_bits(c.in.type) != 32)
        c.unsupported(std::string("redux type .") + ptx::type_name(c.in.type));
      return dispatch_int(c, c.in.type, [&]<typename T>() { reduce<T>(c); });
    default: c.unsupported(ptx::opcode_name(c.in.op));
  }
}

}  // namespace scwarp::func
