#include "sc_model/ptx/uniformity.h"

#include <algorithm>

namespace scwarp::ptx {

namespace {

bool is_tb_uniform(Sreg s) {
  switch (s) {
    case Sreg::Ctaid: case Sreg::Nctaid: case Sreg::Ntid: case Sreg::Smid: case Sreg::Nsmid:
    case Sreg::Gridid: case Sreg::Nwarpid: case Sreg::DynamicSmemSize: case Sreg::TotalSmemSize:
    case Sreg::Envreg:
      return true;
    default:
      return false;
  }
}

// Its results may differ between threads whatever its operands are.
bool produces_varying(const Instr& in) {
  switch (in.op) {
    case Opcode::Ld: case Opcode::Ldu:
      return in.space != Space::Param && in.space != Space::Const;
    case Opcode::Atom: case Opcode::Shfl: case Opcode::Vote: case Opcode::Match: case Opcode::Activemask:
    case Opcode::Redux: case Opcode::Call: case Opcode::BarRed: case Opcode::NextTbId: case Opcode::NextTid:
      return true;
    default:
      return std::any_of(in.ops.begin(), in.ops.end(), [](const Operand& o) {
        return o.kind == Operand::Kind::Sreg && !is_tb_uniform(o.sreg);
      });
  }
}

class Analysis {
 public:
  Analysis(const Function& fn, const std::vector<BasicBlock>& blocks)
      : fn_(fn), blocks_(blocks), ipdom_(immediate_post_dominators(blocks)), varying_reg_(fn.regs.size(), false),
        in_varying_region_(blocks.size(), false) {}

  std::vector<bool> run() {
    bool changed = true;
    while (changed) {
      // Both passes run every round: each can expose work for the other.
      const bool values = propagate_values();
      const bool control = propagate_control();
      changed = values || control;
    }
    std::vector<bool> out(blocks_.size(), false);
    for (uint32_t b = 0; b < blocks_.size(); ++b) out[b] = branch_varies(b);
    return out;
  }

 private:
  bool reads_varying(const Instr& in) const {
    return std::any_of(in.reads.begin(), in.reads.end(), [&](uint32_t r) { return varying_reg_[r]; });
  }

  bool propagate_values() {
    bool changed = false;
    for (uint32_t b = 0; b < blocks_.size(); ++b) {
      for (uint32_t i = blocks_[b].first; i < blocks_[b].end; ++i) {
        const Instr& in = fn_.code[i];
        if (!in_varying_region_[b] && !produces_varying(in) && !reads_varying(in)) continue;
        for (uint32_t w : in.writes) {
          if (!varying_reg_[w]) varying_reg_[w] = changed = true;
        }
      }
    }
    return changed;
  }

  bool branch_varies(uint32_t b) const {
    const Instr& last = fn_.code[blocks_[b].end - 1];
    return blocks_[b].succs.size() > 1 && (reads_varying(last) || in_varying_region_[b]);
  }

  // A block reached from a varying branch before its paths meet again runs
  // for some threads only: what it writes varies.
  bool propagate_control() {
    bool changed = false;
    for (uint32_t b = 0; b < blocks_.size(); ++b) {
      if (!branch_varies(b)) continue;
      const std::vector<bool> region = branch_region(blocks_, ipdom_, b);
      for (uint32_t s = 0; s < blocks_.size(); ++s)
        if (region[s] && !in_varying_region_[s]) in_varying_region_[s] = changed = true;
    }
    return changed;
  }

  const Function& fn_;
  const std::vector<BasicBlock>& blocks_;
  std::vector<uint32_t> ipdom_;
  std::vector<bool> varying_reg_;
  std::vector<bool> in_varying_region_;
};

}  // namespace

std::vector<bool> branch_region(const std::vector<BasicBlock>& blocks, const std::vector<uint32_t>& ipdom,
                                uint32_t b) {
  std::vector<uint32_t> work(blocks[b].succs.begin(), blocks[b].succs.end());
  std::vector<bool> seen(blocks.size(), false);
  while (!work.empty()) {
    const uint32_t s = work.back();
    work.pop_back();
    if (s == kExitBlock || s == ipdom[b] || seen[s]) continue;
    seen[s] = true;
    work.insert(work.end(), blocks[s].succs.begin(), blocks[s].succs.end());
  }
  return seen;
}

std::vector<bool> varying_branches(const Function& fn, const std::vector<BasicBlock>& blocks) {
  return Analysis(fn, blocks).run();
}

}  // namespace scwarp::ptx
