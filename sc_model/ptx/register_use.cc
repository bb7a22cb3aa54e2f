#include "sc_model/ptx/register_use.h"

#include "sc_model/ptx/opcode_table.h"

namespace scwarp::ptx {
namespace {

void add_unique(std::vector<uint32_t>& list, uint32_t reg) {
  if (reg == kNoReg) return;
  for (uint32_t r : list)
    if (r == reg) return;
  list.push_back(reg);
}

// The registers an operand names. An address names its base register, which
// is read even when the operand is a destination (st [%rd1], ...).
void collect(const Operand& o, std::vector<uint32_t>& regs) {
  switch (o.kind) {
    case Operand::Kind::Reg: add_unique(regs, o.reg); break;
    case Operand::Kind::Vec:
      for (unsigned i = 0; i < o.vec_count; ++i) add_unique(regs, o.vec[i]);
      break;
    default: break;
  }
}

}  // namespace

void compute_register_use(Instr& in) {
  in.reads.clear();
  in.writes.clear();
  add_unique(in.reads, in.guard);
  add_unique(in.reads, in.callee_reg);
  unsigned dsts = destination_count(in.op);
  for (size_t i = 0; i < in.ops.size(); ++i) {
    const Operand& o = in.ops[i];
    if (o.kind == Operand::Kind::Addr) {
      add_unique(in.reads, o.reg);
    } else {
      collect(o, i < dsts ? in.writes : in.reads);
    }
  }
  add_unique(in.writes, in.dst_pred);
}

}  // namespace scwarp::ptx
