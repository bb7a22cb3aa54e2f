#include "sc_model/ptx/register_slots.h"

#include <algorithm>
#include <numeric>
#include <utility>

#include "sc_model/ptx/cfg.h"
#include "sc_model/ptx/index_set.h"
#include "sc_model/ptx/register_use.h"

namespace scwarp::ptx {
namespace {

// Registers live on leaving block `b`: those live on entry to a successor.
IndexSet live_out(const std::vector<BasicBlock>& blocks, const std::vector<IndexSet>& live_in, uint32_t b,
                  size_t registers) {
  IndexSet out(registers, false);
  for (uint32_t s : blocks[b].succs)
    if (s != kExitBlock) out.unite(live_in[s]);
  return out;
}

// Registers live on entry to each block: read on some path from there
// before an unguarded write (backward data flow to a fixed point).
std::vector<IndexSet> live_in(const Function& fn, const std::vector<BasicBlock>& blocks) {
  const size_t registers = fn.regs.size();
  std::vector<IndexSet> used(blocks.size(), IndexSet(registers, false));
  std::vector<IndexSet> killed = used;
  for (uint32_t b = 0; b < blocks.size(); ++b)
    for (uint32_t i = blocks[b].first; i < blocks[b].end; ++i) {
      const Instr& in = fn.code[i];
      for (uint32_t r : in.reads)
        if (!killed[b].contains(r)) used[b].insert(r);
      if (in.guard == kNoReg)
        for (uint32_t r : in.writes) killed[b].insert(r);
    }
  std::vector<IndexSet> live = used;
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t b = uint32_t(blocks.size()); b-- > 0;) {
      IndexSet through = live_out(blocks, live, b, registers);  // live[b] |= out - killed[b]
      through.subtract(killed[b]);
      changed |= live[b].unite(through);
    }
  }
  return live;
}

// The instructions at which each register holds a value it may not lose:
// those that read or write it, and those after which it is live. Two
// registers whose sets are disjoint never need their slot at once.
std::vector<IndexSet> occupied_instructions(const Function& fn) {
  const size_t registers = fn.regs.size();
  const std::vector<BasicBlock> blocks = build_cfg(fn);
  const std::vector<IndexSet> live = live_in(fn, blocks);
  std::vector<IndexSet> at(registers, IndexSet(fn.code.size(), false));
  for (uint32_t b = 0; b < blocks.size(); ++b) {
    IndexSet after = live_out(blocks, live, b, registers);  // live after the instruction
    for (uint32_t i = blocks[b].end; i-- > blocks[b].first;) {
      const Instr& in = fn.code[i];
      after.for_each([&](uint32_t r) { at[r].insert(i); });
      for (uint32_t r : in.writes) at[r].insert(i);
      if (in.guard == kNoReg)
        for (uint32_t r : in.writes) after.erase(r);
      for (uint32_t r : in.reads) {
        at[r].insert(i);
        after.insert(r);
      }
    }
  }
  return at;
}

}  // namespace

RegisterSlots assign_register_slots(const Function& fn) {
  const size_t registers = fn.regs.size();
  RegisterSlots out;
  if (uint64_t(registers) * fn.code.size() > kMaxAnalysedPairs) {
    out.slot.resize(registers);
    std::iota(out.slot.begin(), out.slot.end(), 0u);
    out.count = uint32_t(registers);
    return out;
  }
  out.slot.assign(registers, 0);  // a register no instruction names is never accessed
  if (registers == 0) return out;
  std::vector<bool> own_slot(registers, false);
  for (const Instr& in : fn.code)
    if (reads_across_lanes(in))
      for (uint32_t r : in.reads) own_slot[r] = true;
  for (uint32_t r = 0; r < registers; ++r)
    if (own_slot[r]) out.slot[r] = out.count++;
  const std::vector<IndexSet> at = occupied_instructions(fn);
  // First fit, registers in the order of their first instruction: each takes
  // the lowest shared slot none of whose registers occupies any of its
  // instructions (a slot's registers may interleave, e.g. one live only
  // inside a loop and one only after it).
  std::vector<std::pair<uint32_t, uint32_t>> order;  // (first instruction, register)
  for (uint32_t r = 0; r < registers; ++r) {
    if (own_slot[r] || at[r].empty()) continue;
    order.emplace_back(at[r].lowest(), r);
  }
  std::sort(order.begin(), order.end());
  const uint32_t shared_from = out.count;
  std::vector<IndexSet> slot_at;  // per shared slot: its registers' instructions
  for (const auto& [first, r] : order) {
    uint32_t s = 0;
    while (s < slot_at.size() && slot_at[s].intersects(at[r])) ++s;
    if (s == slot_at.size()) slot_at.emplace_back(fn.code.size(), false);
    slot_at[s].unite(at[r]);
    out.slot[r] = shared_from + s;
  }
  out.count = shared_from + uint32_t(slot_at.size());
  return out;
}

}  // namespace scwarp::ptx
