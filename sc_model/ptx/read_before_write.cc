#include "sc_model/ptx/read_before_write.h"

#include "sc_model/ptx/cfg.h"
#include "sc_model/ptx/index_set.h"
#include "sc_model/ptx/register_use.h"

namespace scwarp::ptx {
namespace {

// Runs a block's instructions over `assigned`: calls read(r) for each
// register read while not assigned, then adds what an unguarded
// instruction writes.
template <typename F>
void run_block(const Function& fn, const BasicBlock& block, IndexSet& assigned, F&& read) {
  for (uint32_t i = block.first; i < block.end; ++i) {
    const Instr& in = fn.code[i];
    for (uint32_t r : in.reads)
      if (reads_across_lanes(in) || !assigned.contains(r)) read(r);
    if (in.guard == kNoReg)
      for (uint32_t r : in.writes) assigned.insert(r);
  }
}

}  // namespace

std::vector<uint32_t> registers_read_before_written(const Function& fn) {
  const size_t registers = fn.regs.size();
  if (fn.code.empty()) return {};
  const std::vector<BasicBlock> blocks = build_cfg(fn);
  // Registers assigned on entry to each block: every path's, so start from
  // "all" (no path seen) except at the entry, and intersect until stable.
  // Blocks no path reaches keep "all" and report nothing: they never run.
  std::vector<IndexSet> in(blocks.size(), IndexSet(registers, true));
  in[0] = IndexSet(registers, false);
  std::vector<bool> reached(blocks.size(), false);
  reached[0] = true;
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t b = 0; b < blocks.size(); ++b) {
      if (!reached[b]) continue;
      IndexSet out = in[b];
      run_block(fn, blocks[b], out, [](uint32_t) {});
      for (uint32_t s : blocks[b].succs) {
        if (s == kExitBlock) continue;
        changed |= in[s].intersect(out) || !reached[s];
        reached[s] = true;
      }
    }
  }
  std::vector<bool> read_first(registers, false);
  for (uint32_t b = 0; b < blocks.size(); ++b) {
    if (!reached[b]) continue;
    IndexSet assigned = in[b];
    run_block(fn, blocks[b], assigned, [&](uint32_t r) { read_first[r] = true; });
  }
  std::vector<uint32_t> out;
  for (uint32_t r = 0; r < registers; ++r)
    if (read_first[r]) out.push_back(r);
  return out;
}

}  // namespace scwarp::ptx
