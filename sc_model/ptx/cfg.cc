#include "sc_model/ptx/cfg.h"

#include <algorithm>

namespace scwarp::ptx {
namespace {

bool ends_block(Opcode op) {
  return op == Opcode::Bra || op == Opcode::Ret || op == Opcode::Exit || op == Opcode::Trap;
}

std::vector<bool> find_leaders(const Function& fn) {
  size_t n = fn.code.size();
  std::vector<bool> leader(n + 1, false);
  leader[0] = true;
  for (size_t i = 0; i < n; ++i) {
    const Instr& in = fn.code[i];
    if (ends_block(in.op)) leader[i + 1] = true;
    if (in.op == Opcode::Bra && !in.ops.empty()) leader[in.ops[0].target] = true;
  }
  return leader;
}

// Post-order of the reverse CFG from the virtual exit (node `n`), iteratively.
std::vector<uint32_t> reverse_postorder_from_exit(const std::vector<std::vector<uint32_t>>& preds,
                                                  uint32_t exit) {
  std::vector<uint32_t> order;
  std::vector<bool> seen(preds.size(), false);
  std::vector<std::pair<uint32_t, size_t>> stack{{exit, 0}};
  seen[exit] = true;
  while (!stack.empty()) {
    auto& [node, next_edge] = stack.back();
    if (next_edge < preds[node].size()) {
      uint32_t p = preds[node][next_edge++];
      if (!seen[p]) {
        seen[p] = true;
        stack.emplace_back(p, 0);
      }
    } else {
      order.push_back(node);
      stack.pop_back();
    }
  }
  std::reverse(order.begin(), order.end());
  return order;
}

}  // namespace

std::vector<BasicBlock> build_cfg(const Function& fn) {
  uint32_t n = static_cast<uint32_t>(fn.code.size());
  std::vector<bool> leader = find_leaders(fn);
  std::vector<uint32_t> block_of(n + 1, kExitBlock);  // a branch to the end goes to the exit
  std::vector<BasicBlock> blocks;
  for (uint32_t i = 0; i < n; ++i) {
    if (leader[i]) blocks.push_back(BasicBlock{i, i, {}});
    blocks.back().end = i + 1;
    block_of[i] = static_cast<uint32_t>(blocks.size() - 1);
  }
  for (uint32_t b = 0; b < blocks.size(); ++b) {
    BasicBlock& bb = blocks[b];
    const Instr& last = fn.code[bb.end - 1];
    uint32_t fallthrough = bb.end < n ? b + 1 : kExitBlock;
    bool guarded = last.guard != kNoReg;
    if (last.op == Opcode::Bra) {
      bb.succs.push_back(block_of[last.ops[0].target]);
      if (guarded) bb.succs.push_back(fallthrough);
    } else if (ends_block(last.op)) {
      bb.succs.push_back(kExitBlock);
      if (guarded) bb.succs.push_back(fallthrough);
    } else {
      bb.succs.push_back(fallthrough);
    }
  }
  return blocks;
}

// Cooper, Harvey & Kennedy's "simple, fast dominance algorithm", run on the
// reverse CFG rooted at the virtual exit.
std::vector<uint32_t> immediate_post_dominators(const std::vector<BasicBlock>& blocks) {
  uint32_t exit = static_cast<uint32_t>(blocks.size());
  std::vector<std::vector<uint32_t>> preds(exit + 1);  // predecessors in the reverse CFG = successors
  std::vector<std::vector<uint32_t>> succs(exit + 1);
  for (uint32_t b = 0; b < exit; ++b) {
    for (uint32_t s : blocks[b].succs) {
      uint32_t node = s == kExitBlock ? exit : s;
      preds[node].push_back(b);
      succs[b].push_back(node);
    }
  }
  std::vector<uint32_t> order = reverse_postorder_from_exit(preds, exit);
  constexpr uint32_t kUndefined = 0xffffffffu;
  std::vector<uint32_t> rank(exit + 1, kUndefined);  // position in reverse post-order
  for (uint32_t i = 0; i < order.size(); ++i) rank[order[i]] = i;
  std::vector<uint32_t> idom(exit + 1, kUndefined);
  idom[exit] = exit;
  auto intersect = [&](uint32_t a, uint32_t b) {
    while (a != b) {
      while (rank[a] > rank[b]) a = idom[a];
      while (rank[b] > rank[a]) b = idom[b];
    }
    return a;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t node : order) {
      if (node == exit) continue;
      uint32_t new_idom = kUndefined;
      for (uint32_t s : succs[node]) {
        if (idom[s] == kUndefined) continue;
        new_idom = new_idom == kUndefined ? s : intersect(s, new_idom);
      }
      if (new_idom != idom[node]) {
        idom[node] = new_idom;
        changed = true;
      }
    }
  }
  std::vector<uint32_t> result(blocks.size(), kExitBlock);
  for (uint32_t b = 0; b < exit; ++b)
    if (idom[b] != kUndefined && idom[b] != exit) result[b] = idom[b];
  return result;
}

void compute_reconvergence(Function& fn) {
  if (fn.code.empty()) return;
  std::vector<BasicBlock> blocks = build_cfg(fn);
  std::vector<uint32_t> ipdom = immediate_post_dominators(blocks);
  for (uint32_t b = 0; b < blocks.size(); ++b) {
    Instr& last = fn.code[blocks[b].end - 1];
    if (last.op != Opcode::Bra) continue;
    last.reconv = ipdom[b] == kExitBlock ? kNoPc : blocks[ipdom[b]].first;
  }
}

}  // namespace scwarp::ptx
