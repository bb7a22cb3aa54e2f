// Block-level barriers with CUDA semantics: bar.sync / barrier.sync,
// bar.arrive and bar.red; and the diagnosis of a barrier that cannot release.
#include <fmt/format.h>

#include <bit>
#include <string>

#include "sc_model/common/error.h"
#include "sc_model/func/barrier_table.h"
#include "sc_model/func/exec_context.h"

namespace scwarp::func {

using ptx::BoolOp;
using ptx::Opcode;

// The warp-uniform value of operand i (barrier id, thread count): PTX requires
// it to be the same in every lane, so the lowest executing lane's is taken
// (lane 0's in a row of a large warp that arrives with none executing).
static uint32_t uniform_operand(ExecContext& c, unsigned i) {
  return uint32_t(c.src(i)[unsigned(std::countr_zero(c.exec)) % kWarpSize]);
}

static void accumulate_reduction(ExecContext& c, BarrierSlot& slot, unsigned pred_operand) {
  Lanes p = c.src(pred_operand);
  slot.red_op = c.in.boolop;
  for_lanes(c.exec, [&](unsigned l) {
    bool v = p[l] & 1;
    slot.red_popc += v;
    slot.red_and = slot.red_and && v;
    slot.red_or = slot.red_or || v;
  });
  const ptx::Operand& d = c.in.ops[0];
  if (d.kind == ptx::Operand::Kind::Reg)
    slot.red_targets.push_back({c.warp.id_in_block(), d.reg, c.exec});
}

void ExecContext::barrier(bool wait) {
  stack_updated = true;
  top().pc = pc + 1;
  // A large warp arrives whole: every row of it counts, as the rows of
  // an ordinary warp's lanes all count whatever its mask.
  if (large ? !large->any_exec : exec == 0) return normalize_stack();
  bool is_red = in.op == Opcode::BarRed;
  unsigned first = is_red ? 1 : 0;  // bar.red d, a{, b}, {!}c
  unsigned count_operands = unsigned(in.ops.size()) - first - (is_red ? 1 : 0);
  uint32_t id = uniform_operand(*this, first);
  if (id >= kBarrierCount)
    fault(unsigned(std::countr_zero(exec)) % kWarpSize, fmt::format("barrier {} does not exist (0..15)", id));
  BarrierSlot& slot = block.barriers_->slots[id];
  if (count_operands > 1) {
    uint32_t count = uniform_operand(*this, first + 1);
    if (count == 0 || count % kWarpSize != 0)
      fault(unsigned(std::countr_zero(exec)) % kWarpSize,
            fmt::format("barrier {} thread count {} is not a positive multiple of 32", id, count));
    slot.expected_threads = count;
  }
  // PTX counts a warp's arrival as warp-size threads, whatever its mask.
  slot.arrived_threads += kWarpSize;
  slot.arrived_warps += 1;
  if (is_red) accumulate_reduction(*this, slot, unsigned(in.ops.size()) - 1);
  rec.reached_barrier = wait;
  if (wait) {
    warp.state_ = WarpState::AtBarrier;
    warp.barrier_ = id;
    slot.waiting.push_back(warp.id_);
  }
  if (try_release(id)) rec.released_barrier = true;
  normalize_stack();
}

void ExecContext::release_waiting_barriers() {
  BarrierTable& table = *block.barriers_;
  for (uint32_t id = 0; id < kBarrierCount; ++id)
    if (!table.slots[id].waiting.empty() && try_release(id)) rec.released_barrier = true;
}

static uint32_t reduction_result(const BarrierSlot& slot) {
  switch (slot.red_op) {
    case BoolOp::Popc: return slot.red_popc;
    case BoolOp::And: return slot.red_and;
    case BoolOp::Or: return slot.red_or;
    default: return 0;
  }
}

bool ExecContext::try_release(uint32_t id) {
  BarrierSlot& slot = block.barriers_->slots[id];
  bool ready = slot.expected_threads ? slot.arrived_threads >= slot.expected_threads
                                     : slot.arrived_warps >= block_live_warps();
  if (!ready) return false;
  uint32_t result = reduction_result(slot);
  for (const BarrierSlot::RedTarget& t : slot.red_targets) {
    uint64_t* d = block.warps_[t.warp]->frames_.back()->reg(t.reg);
    for_lanes(t.mask, [&](unsigned l) { d[l] = result; });
  }
  for (uint32_t w : slot.waiting) block.warps_[w]->state_ = WarpState::Ready;
  slot.reset();
  return true;
}

static std::string warp_list(const std::vector<uint32_t>& ids) {
  std::string s;
  for (uint32_t id : ids) s += (s.empty() ? "" : ",") + std::to_string(id);
  return s.empty() ? "none" : s;
}

void Engine::report_deadlock(const Block& block) const {
  const BarrierTable& table = *block.barriers_;
  for (uint32_t id = 0; id < kBarrierCount; ++id) {
    const BarrierSlot& slot = table.slots[id];
    if (slot.waiting.empty()) continue;
    std::vector<uint32_t> elsewhere, exited;
    for (const auto& w : block.warps_) {
      if (w->state() == WarpState::Exited)
        exited.push_back(w->id_in_block());
      else if (w->state() != WarpState::AtBarrier || w->barrier_ != id)
        elsewhere.push_back(w->id_in_block());
    }
    std::string expected = slot.expected_threads ? fmt::format("{} threads", slot.expected_threads)
                                                 : std::string("every non-exited warp");
    throw Error(fmt::format(
        "kernel {} block ({},{},{}): barrier {} can never release: warps {} wait at it "
        "({} threads arrived, expecting {}); warps {} wait at other barriers; warps {} exited",
        spec_.kernel->name, block.ctaid().x, block.ctaid().y, block.ctaid().z, id,
        warp_list(slot.waiting), slot.arrived_threads, expected, warp_list(elsewhere),
        warp_list(exited)));
  }
  throw Error(fmt::format("kernel {} block ({},{},{}): no warp can make progress",
                          spec_.kernel->name, block.ctaid().x, block.ctaid().y, block.ctaid().z));
}

}  // namespace scwarp::func
