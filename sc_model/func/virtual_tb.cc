// Virtual TBs and warps (seed 004 Sec. 4.2-4.4): the two index instructions,
// the rules that keep a TB's warps at most one iteration apart and out of
// each other's shared memory, and the grant of logical TB indices.
#include "sc_model/func/virtual_tb.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "sc_model/common/error.h"
#include "sc_model/func/address_map.h"
#include "sc_model/func/exec_context.h"

namespace scwarp::func {

using ptx::LaneMode;
using ptx::Opcode;

bool kernel_uses_virtual_tbs(const ptx::Function& kernel) {
  return std::any_of(kernel.code.begin(), kernel.code.end(),
                     [](const ptx::Instr& in) { return in.op == Opcode::NextTbId; });
}

const char* to_string(SiblingHold h) {
  switch (h) {
    case SiblingHold::None: return "none";
    case SiblingHold::Skew: return "an iteration ahead of a sibling, at nexttbid";
    case SiblingHold::Shared: return "an iteration ahead of a sibling, at a shared-memory access or barrier";
    case SiblingHold::Index: return "waiting for a logical TB index";
  }
  return "?";
}

IterationSpread Engine::iterations(const Block& block) const {
  if (!block.virtual_) return {};
  IterationSpread s{~0u, 0};
  for (const auto& w : block.warps_)
    if (w->state_ != WarpState::Exited) s.min = std::min(s.min, w->iteration_);
  if (s.min == ~0u) return {};
  for (const auto& w : block.warps_) s.ahead += w->state_ != WarpState::Exited && w->iteration_ > s.min;
  return s;
}

const ptx::Instr& Engine::head_instruction(const Warp& warp, CallFrame*& frame) {
  frame = warp.frames_.back().get();
  return frame->fn->code.at(frame->stack.back().pc);
}

// Shared memory a warp could overwrite under a sibling still in the previous
// iteration: .shared accesses, and generic ones whose address falls in the
// shared window for some executing lane (evaluated now: the operands are
// ready when the hold is asked). Barriers count too: an arrival from a later
// iteration would release the earlier iteration's barrier.
bool Engine::touches_shared_or_barrier(Block& block, Warp& warp) const {
  CallFrame* frame = nullptr;
  const ptx::Instr& in = head_instruction(warp, frame);
  if (in.cls == ptx::InstrClass::Barrier) return true;
  if (in.cls != ptx::InstrClass::Mem) return false;
  if (in.space == ptx::Space::Shared) return true;
  if (in.space != ptx::Space::Generic) return false;
  ExecRecord scratch_record;
  const uint32_t active = frame->stack.back().mask;
  ExecContext c{const_cast<Engine&>(*this), block, warp, *frame, in, scratch_record, frame->stack.back().pc, active};
  const unsigned address_operand = in.op == Opcode::St || in.op == Opcode::Red ? 0 : 1;
  std::array<uint64_t, kWarpSize>& addrs = c.scratch[0];
  lane_addresses(c, in.ops.at(address_operand), addrs);
  bool shared = false;
  uint64_t offset = 0;
  for_lanes(active, [&](unsigned l) { shared = shared || generic_space(addrs[l], &offset) == ptx::Space::Shared; });
  return shared;
}

SiblingHold Engine::sibling_hold(const Block& block, const Warp& warp) const {
  if (!block.virtual_ || warp.state_ != WarpState::Ready) return SiblingHold::None;
  const IterationSpread spread = iterations(block);
  const bool ahead = warp.iteration_ > spread.min;
  CallFrame* frame = nullptr;
  if (head_instruction(warp, frame).op == Opcode::NextTbId) {
    if (ahead) return SiblingHold::Skew;
    return block.virtual_->granted_iteration == warp.iteration_ + 1 ? SiblingHold::None : SiblingHold::Index;
  }
  if (ahead && touches_shared_or_barrier(const_cast<Block&>(block), const_cast<Warp&>(warp)))
    return SiblingHold::Shared;
  return SiblingHold::None;
}

uint64_t Engine::tb_index_bound(const Block& block, const Warp& warp) const {
  CallFrame* frame = nullptr;
  const ptx::Instr& in = head_instruction(warp, frame);
  if (in.op != Opcode::NextTbId) throw Error("engine: tb_index_bound on a warp not at nexttbid");
  ExecRecord scratch_record;
  const uint32_t active = frame->stack.back().mask;
  ExecContext c{const_cast<Engine&>(*this), const_cast<Block&>(block), const_cast<Warp&>(warp), *frame, in,
                scratch_record, frame->stack.back().pc, active};
  return active ? uint32_t(c.src(1)[unsigned(std::countr_zero(active))]) : 0;
}

void Engine::grant_tb_index(Block& block, uint64_t index) {
  VirtualTb& v = *block.virtual_;
  std::vector<uint32_t> ids(block.warps_.size());
  std::iota(ids.begin(), ids.end(), 0u);
  auto progress = [&](uint32_t w) { return block.warps_[w]->instructions_ - block.warps_[w]->iteration_start_; };
  std::stable_sort(ids.begin(), ids.end(), [&](uint32_t a, uint32_t b) { return progress(a) < progress(b); });
  v.slowest_first.clear();
  // The slot each warp was given for the iteration that ends, fixed when it
  // entered it (a warp may not have executed its nexttid yet).
  for (uint32_t w : ids) v.slowest_first.push_back(block.warps_[w]->slowest_slot_);
  ++v.granted_iteration;
  v.granted_index = index;
  v.entered = 0;
}

// nexttbid d, bound: d = the logical TB index of the warp's next iteration
// (bound when none is left), the same in every lane (the first lane executes
// it and broadcasts, Sec. 4.2.1).
void ExecContext::next_tb_id() {
  if (!block.virtual_) unsupported("nexttbid outside the kernel body");
  if (exec == 0) return;
  VirtualTb& v = *block.virtual_;
  Warp& w = warp;
  const uint32_t next = w.iteration_ + 1;
  if (v.granted_iteration != next)
    throw Error(fmt::format("engine: warp {} executed nexttbid for iteration {} before its index was granted",
                            w.id_in_block(), next));
  uint64_t* d = dst(0);
  for_lanes(exec, [&](unsigned l) { d[l] = v.granted_index; });
  const bool first_iteration = next == 1;  // every warp starts together: its own slot
  w.entry_rank_ = first_iteration ? w.id_in_block() : v.entered;
  w.slowest_slot_ = first_iteration ? w.id_in_block() : v.slowest_first.at(v.entered);
  ++v.entered;
  w.iteration_ = next;
  w.iteration_start_ = w.instructions_;
  rec.took_tb_index = true;
  // The warp left its iteration: a barrier of the warps still in it counts one fewer.
  release_waiting_barriers();
}

// nexttid.MODE d, a: the thread's index in its logical TB. SameLane keeps
// a; the others give the warp a logical warp slot (whole warps: checked at
// launch) and the lane its place in it.
void ExecContext::next_tid() {
  uint64_t* d = dst(0);
  Lanes a = src(1);
  Warp& w = warp;
  if (in.lane_mode == LaneMode::Same) {
    for_lanes(exec, [&](unsigned l) { d[l] = uint32_t(a[l]); });
    return;
  }
  w.logical_warp_ = in.lane_mode == LaneMode::Lowest ? w.entry_rank_ : w.slowest_slot_;
  for_lanes(exec, [&](unsigned l) { d[l] = w.logical_warp_ * kWarpSize + l; });
}

void exec_virtual(ExecContext& c) {
  if (c.in.op == Opcode::NextTbId) return c.next_tb_id();
  c.next_tid();
}

}  // namespace scwarp::func
