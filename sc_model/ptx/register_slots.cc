#include "sc_model/ptx/register_slots.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <queue>
#include <utility>

#include "sc_model/ptx/cfg.h"
#include "sc_model/ptx/register_set.h"
#include "sc_model/ptx/register_use.h"

namespace scwarp::ptx {
namespace {

constexpr uint32_t kUnused = std::numeric_limits<uint32_t>::max();

// The instructions [first, last] over which a register must keep its slot.
struct Interval {
  uint32_t first = kUnused, last = 0;
  void cover(uint32_t pc) {
    first = std::min(first, pc);
    last = std::max(last, pc);
  }
  bool used() const { return first != kUnused; }
};

// Registers live on entry to each block: read on some path from there
// before an unguarded write (backward data flow to a fixed point).
std::vector<RegisterSet> live_in(const Function& fn, const std::vector<BasicBlock>& blocks) {
  const size_t registers = fn.regs.size();
  std::vector<RegisterSet> used(blocks.size(), RegisterSet(registers, false));
  std::vector<RegisterSet> killed = used;
  for (uint32_t b = 0; b < blocks.size(); ++b)
    for (uint32_t i = blocks[b].first; i < blocks[b].end; ++i) {
      const Instr& in = fn.code[i];
      for (uint32_t r : in.reads)
        if (!killed[b].contains(r)) used[b].insert(r);
      if (in.guard == kNoReg)
        for (uint32_t r : in.writes) killed[b].insert(r);
    }
  std::vector<RegisterSet> live = used;
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t b = uint32_t(blocks.size()); b-- > 0;) {
      RegisterSet out(registers, false);
      for (uint32_t s : blocks[b].succs)
        if (s != kExitBlock) out.unite(live[s]);
      // live[b] |= out - killed[b]
      RegisterSet through(registers, false);
      out.for_each([&](uint32_t r) {
        if (!killed[b].contains(r)) through.insert(r);
      });
      changed |= live[b].unite(through);
    }
  }
  return live;
}

// Each register's interval: every instruction that reads or writes it, or
// after which it is live.
std::vector<Interval> live_intervals(const Function& fn) {
  const size_t registers = fn.regs.size();
  const std::vector<BasicBlock> blocks = build_cfg(fn);
  const std::vector<RegisterSet> live = live_in(fn, blocks);
  std::vector<Interval> interval(registers);
  for (uint32_t b = 0; b < blocks.size(); ++b) {
    RegisterSet after(registers, false);  // live after the instruction
    for (uint32_t s : blocks[b].succs)
      if (s != kExitBlock) after.unite(live[s]);
    for (uint32_t i = blocks[b].end; i-- > blocks[b].first;) {
      const Instr& in = fn.code[i];
      after.for_each([&](uint32_t r) { interval[r].cover(i); });
      for (uint32_t r : in.writes) interval[r].cover(i);
      if (in.guard == kNoReg)
        for (uint32_t r : in.writes) after.erase(r);
      for (uint32_t r : in.reads) {
        interval[r].cover(i);
        after.insert(r);
      }
    }
  }
  return interval;
}

}  // namespace

RegisterSlots assign_register_slots(const Function& fn) {
  const size_t registers = fn.regs.size();
  RegisterSlots out;
  out.slot.assign(registers, 0);  // a register no instruction names is never accessed
  if (registers == 0) return out;
  std::vector<bool> own_slot(registers, false);
  for (const Instr& in : fn.code)
    if (reads_across_lanes(in))
      for (uint32_t r : in.reads) own_slot[r] = true;
  for (uint32_t r = 0; r < registers; ++r)
    if (own_slot[r]) out.slot[r] = out.count++;
  const std::vector<Interval> interval = live_intervals(fn);
  std::vector<uint32_t> order;
  for (uint32_t r = 0; r < registers; ++r)
    if (!own_slot[r] && interval[r].used()) order.push_back(r);
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t a, uint32_t b) { return interval[a].first < interval[b].first; });
  // Linear scan: a register takes the lowest slot whose last register's
  // interval ended before its own begins.
  using Ending = std::pair<uint32_t, uint32_t>;  // (last instruction, slot)
  std::priority_queue<Ending, std::vector<Ending>, std::greater<>> active;
  std::priority_queue<uint32_t, std::vector<uint32_t>, std::greater<>> free_slots;
  for (uint32_t r : order) {
    while (!active.empty() && active.top().first < interval[r].first) {
      free_slots.push(active.top().second);
      active.pop();
    }
    uint32_t slot;
    if (free_slots.empty()) {
      slot = out.count++;
    } else {
      slot = free_slots.top();
      free_slots.pop();
    }
    out.slot[r] = slot;
    active.push({interval[r].last, slot});
  }
  return out;
}

}  // namespace scwarp::ptx
