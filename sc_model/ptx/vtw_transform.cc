#include "sc_model/ptx/vtw_transform.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "sc_model/common/error.h"
#include "sc_model/ptx/cfg.h"
#include "sc_model/ptx/register_use.h"
#include "sc_model/ptx/rewrite.h"
#include "sc_model/ptx/uniformity.h"

namespace scwarp::ptx {

VtwMode parse_vtw_mode(std::string_view text) {
  if (text == "same" || text.empty()) return {true, LaneMode::Same};
  if (text == "slowest") return {true, LaneMode::Slowest};
  if (text == "lowest") return {true, LaneMode::Lowest};
  if (text == "software") return {false, LaneMode::Same};
  throw Error(fmt::format("unknown VTW mode '{}': the modes are {}", text, vtw_modes_help()));
}

std::string vtw_mode_name(const VtwMode& mode) {
  if (!mode.hardware) return "software";
  switch (mode.lanes) {
    case LaneMode::Slowest: return "slowest";
    case LaneMode::Lowest: return "lowest";
    default: return "same";
  }
}

const char* vtw_modes_help() {
  return "same (hardware index, SameLane), slowest (SlowestLane), lowest (LowestToHighestLane), "
         "software (software index: +NumVirtualTBs, same thread index, a barrier per iteration)";
}

bool is_vtw_kernel(const Module& m, const Function& kernel) {
  const size_t n = kernel.params.size();
  if (n < 3) return false;
  for (size_t i = 0; i < 3; ++i)
    if (m.symbols[kernel.params[n - 3 + i]].name != kVtwGridParams[i]) return false;
  return true;
}

namespace {

std::string at(const Module& m, const Instr& in) { return fmt::format("{}:{}", m.file, in.line); }

// Functions the kernel may call, itself included; an indirect call may reach any.
std::set<uint32_t> callable_from(const Module& m, uint32_t kernel) {
  std::set<uint32_t> seen{kernel};
  std::vector<uint32_t> work{kernel};
  while (!work.empty()) {
    const Function& f = m.functions[work.back()];
    work.pop_back();
    for (const Instr& in : f.code) {
      if (in.op != Opcode::Call) continue;
      std::vector<uint32_t> targets;
      if (in.callee_reg != kNoReg) {
        for (uint32_t i = 0; i < m.functions.size(); ++i)
          if (!m.functions[i].is_entry && !m.functions[i].is_prototype) targets.push_back(i);
      } else {
        targets.push_back(in.callee);
      }
      for (uint32_t t : targets)
        if (seen.insert(t).second) work.push_back(t);
    }
  }
  return seen;
}

void refuse(const Function& kernel, const std::string& where, const std::string& why) {
  throw Error(fmt::format("{}: cannot transform kernel {} for VTW: {}", where, kernel.name, why));
}

bool reads_block_index(const Instr& in) {
  return std::any_of(in.ops.begin(), in.ops.end(), [](const Operand& o) {
    return o.kind == Operand::Kind::Sreg && (o.sreg == Sreg::Ctaid || o.sreg == Sreg::Tid || o.sreg == Sreg::Nctaid);
  });
}

void check_callees(const Module& m, uint32_t kernel) {
  const Function& k = m.functions[kernel];
  if (is_vtw_kernel(m, k)) refuse(k, fmt::format("{}:{}", m.file, k.line), "it is already transformed");
  for (uint32_t f : callable_from(m, kernel)) {
    for (const Instr& in : m.functions[f].code) {
      if (in.op == Opcode::NextTbId || in.op == Opcode::NextTid)
        refuse(k, at(m, in), "it already uses virtual TB indices (transformed twice?)");
      if (f == kernel) continue;
      if (in.op == Opcode::Exit)
        refuse(k, at(m, in),
               fmt::format("function {} can end the thread with exit; a virtual warp must return to the "
                           "wrapper loop for its next logical TB",
                           m.functions[f].name));
      if (reads_block_index(in))
        refuse(k, at(m, in),
               fmt::format("function {} reads %ctaid, %tid or %nctaid; only the kernel body is rewritten to "
                           "the logical indices (pass them as arguments)",
                           m.functions[f].name));
    }
  }
}

bool is_barrier_block(const Function& fn, const BasicBlock& b) {
  for (uint32_t i = b.first; i < b.end; ++i)
    if (fn.code[i].cls == InstrClass::Barrier) return true;
  return false;
}

// Software index: the loop-head barrier counts every warp of the TB. A
// barrier that only some warps of a TB reach (one a branch the threads of a
// TB may take different ways governs, ptx/uniformity.h) is legal in CUDA
// only because the others have exited; transformed, they wait at the loop
// head instead, and the two barriers would release each other. Refused.
void check_software_barriers(const Module& m, const Function& k) {
  const std::vector<BasicBlock> blocks = build_cfg(k);
  const std::vector<uint32_t> ipdom = immediate_post_dominators(blocks);
  const std::vector<bool> varying = varying_branches(k, blocks);
  for (uint32_t b = 0; b < blocks.size(); ++b) {
    if (!varying[b]) continue;
    const std::vector<bool> region = branch_region(blocks, ipdom, b);
    for (uint32_t r = 0; r < blocks.size(); ++r)
      if (region[r] && is_barrier_block(k, blocks[r]))
        refuse(k, at(m, k.code[blocks[b].end - 1]),
               "with the software index, warps that leave here may skip a barrier their siblings wait at "
               "(use a hardware mode: the machine counts a warp that left its iteration as gone)");
  }
}

// The registers the wrapper loop keeps.
struct LoopRegs {
  uint32_t grid[3], ntid[3], ctaid[3], tid[3];
  uint32_t count, threads, tb, step, tid_in, tid_linear, t;
  uint32_t done, grid_split, block_split;  // predicates
};

// Code for the top of the kernel, with labels at positions in it and
// branches to labels resolved once it is in place.
struct Head {
  std::vector<Instr> code;
  std::vector<std::pair<std::string, uint32_t>> labels;
  std::vector<std::pair<uint32_t, std::string>> branches;  // instruction -> label

  uint32_t here() const { return uint32_t(code.size()); }
  void label(const std::string& name) { labels.emplace_back(name, here()); }
  void branch(const std::string& to, uint32_t predicate = kNoReg, bool negated = false) {
    branches.emplace_back(here(), to);
    Instr bra = make_instr(Opcode::Bra, Type::None, {label_operand(0)});
    code.push_back(predicate == kNoReg ? bra : guarded(bra, predicate, negated));
  }
};

class KernelTransform {
 public:
  KernelTransform(Module& m, uint32_t kernel, const VtwMode& mode) : rw_(m, kernel), mode_(mode) {}

  void run() {
    const uint32_t body = uint32_t(rw_.fn().code.size());
    add_registers();
    rw_.replace_special_registers(0, body, [this](Sreg s, uint8_t c) { return replacement(s, c); });
    Head head;
    prologue(head);
    loop_head(head);
    const uint32_t body_at = head.here();
    const uint32_t end = body_at + body;
    std::vector<Instr> tail;
    if (!mode_.hardware) {
      tail.push_back(make_instr(Opcode::Add, Type::U32, {reg(r_.tb), reg(r_.tb), reg(r_.step)}));
      tail.push_back(make_instr(Opcode::Bra, Type::None, {label_operand(label_at(head, "$vtw_loop"))}));
    }
    head.labels.emplace_back("$vtw_exit", end + uint32_t(tail.size()));
    head.labels.emplace_back("$vtw_next", mode_.hardware ? label_at(head, "$vtw_loop") : end);
    tail.push_back(make_instr(Opcode::Exit, Type::None, {}));
    rw_.insert(0, std::move(head.code));
    rw_.insert(end, std::move(tail));
    // Resolved only now: inserting the tail moves every target at or after `end`.
    for (const auto& [at, to] : head.branches) rw_.fn().code[at].ops[0] = label_operand(label_at(head, to));
    for (const auto& [name, at] : head.labels) rw_.add_label(name, at);
    const uint32_t next_at = label_at(head, "$vtw_next");
    for (uint32_t i = body_at; i < end; ++i) {
      Instr& in = rw_.fn().code[i];
      if (in.op == Opcode::Ret || in.op == Opcode::Exit)
        in = guarded(make_instr(Opcode::Bra, Type::None, {label_operand(next_at)}), in.guard, in.guard_neg);
    }
    hoist_invariants(label_at(head, "$vtw_loop"));
  }

 private:
  static Operand reg(uint32_t r) { return reg_operand(r); }
  static uint32_t label_at(const Head& head, const std::string& name) {
    for (const auto& [n, at] : head.labels)
      if (n == name) return at;
    throw Error("vtw transform: no label " + name);
  }
  // SameLane and the software index keep each thread's index: %tid stays
  // what it was, read once. The other modes move warps between slots.
  bool moves_threads() const { return mode_.hardware && mode_.lanes != LaneMode::Same; }

  void add_registers() {
    static const char* const axis[3] = {"x", "y", "z"};
    for (unsigned d = 0; d < 3; ++d) {
      r_.grid[d] = rw_.add_register(fmt::format("%vtw_nctaid_{}", axis[d]), Type::U32);
      r_.ntid[d] = rw_.add_register(fmt::format("%vtw_ntid_{}", axis[d]), Type::U32);
      r_.ctaid[d] = rw_.add_register(fmt::format("%vtw_ctaid_{}", axis[d]), Type::U32);
      r_.tid[d] = rw_.add_register(fmt::format("%vtw_tid_{}", axis[d]), Type::U32);
      params_[d] = rw_.add_kernel_param(kVtwGridParams[d], Type::U32);
    }
    r_.count = rw_.add_register("%vtw_count", Type::U32);
    r_.threads = rw_.add_register("%vtw_threads", Type::U32);
    r_.tb = rw_.add_register("%vtw_tb", Type::U32);
    r_.step = rw_.add_register("%vtw_step", Type::U32);
    r_.tid_in = rw_.add_register("%vtw_tid_in", Type::U32);
    r_.tid_linear = rw_.add_register("%vtw_tid_linear", Type::U32);
    r_.t = rw_.add_register("%vtw_t", Type::U32);
    r_.done = rw_.add_register("%vtw_done", Type::Pred);
    r_.grid_split = rw_.add_register("%vtw_grid_split", Type::Pred);
    r_.block_split = rw_.add_register("%vtw_block_split", Type::Pred);
  }

  // The body sees the logical TB's indices and the logical grid.
  uint32_t replacement(Sreg s, uint8_t comp) const {
    if (comp > 2) return kNoReg;
    switch (s) {
      case Sreg::Ctaid: return r_.ctaid[comp];
      case Sreg::Tid: return r_.tid[comp];
      case Sreg::Nctaid: return r_.grid[comp];
      default: return kNoReg;
    }
  }

  Instr mov_sreg(uint32_t d, Sreg s, uint8_t comp) const {
    return make_instr(Opcode::Mov, Type::U32, {reg(d), sreg_operand(s, comp)});
  }
  Instr mov(uint32_t d, Operand from) const { return make_instr(Opcode::Mov, Type::U32, {reg(d), from}); }
  Instr mad(uint32_t d, uint32_t a, uint32_t b, uint32_t c) const {
    Instr in = make_instr(Opcode::Mad, Type::U32, {reg(d), reg(a), reg(b), reg(c)});
    in.mul = MulMode::Lo;
    return in;
  }
  Instr arith(Opcode op, uint32_t d, uint32_t a, uint32_t b) const {
    Instr in = make_instr(op, Type::U32, {reg(d), reg(a), reg(b)});
    if (op == Opcode::Mul) in.mul = MulMode::Lo;
    return in;
  }
  Instr compare(Cmp cmp, uint32_t p, uint32_t a, uint32_t b) const {
    Instr in = make_instr(Opcode::Setp, Type::Pred, {reg(p), reg(a), reg(b)});
    in.type2 = Type::U32;
    in.cmp = cmp;
    return in;
  }

  // Once per warp: the logical grid, the block shape, whether either has
  // more than one dimension, the thread's index.
  void prologue(Head& h) const {
    for (unsigned d = 0; d < 3; ++d) {
      Instr ld = make_instr(Opcode::Ld, Type::U32, {reg(r_.grid[d]), param_operand(params_[d])});
      ld.space = Space::Param;
      h.code.push_back(ld);
      h.code.push_back(mov_sreg(r_.ntid[d], Sreg::Ntid, uint8_t(d)));
    }
    h.code.push_back(arith(Opcode::Mul, r_.count, r_.grid[0], r_.grid[1]));
    h.code.push_back(arith(Opcode::Mul, r_.count, r_.count, r_.grid[2]));
    h.code.push_back(compare(Cmp::Ne, r_.grid_split, r_.count, r_.grid[0]));
    for (unsigned d = 0; d < 3; ++d) {
      h.code.push_back(mov_sreg(r_.tid[d], Sreg::Tid, uint8_t(d)));
      h.code.push_back(mov(r_.ctaid[d], imm_operand(0)));
    }
    if (mode_.hardware) {
      h.code.push_back(mad(r_.tid_in, r_.tid[2], r_.ntid[1], r_.tid[1]));
      h.code.push_back(mad(r_.tid_in, r_.tid_in, r_.ntid[0], r_.tid[0]));
    }
    if (moves_threads()) {
      h.code.push_back(arith(Opcode::Mul, r_.threads, r_.ntid[0], r_.ntid[1]));
      h.code.push_back(arith(Opcode::Mul, r_.threads, r_.threads, r_.ntid[2]));
      h.code.push_back(compare(Cmp::Ne, r_.block_split, r_.threads, r_.ntid[0]));
    }
    if (!mode_.hardware) {
      h.code.push_back(mov_sreg(r_.tb, Sreg::Ctaid, 0));
      h.code.push_back(mov_sreg(r_.step, Sreg::Nctaid, 0));
    }
  }

  // Each iteration: take the next logical TB (leave when none is left) and
  // the thread's index in it, spelt out in the original dimensions.
  void loop_head(Head& h) const {
    h.label("$vtw_loop");
    if (mode_.hardware) {
      h.code.push_back(make_instr(Opcode::NextTbId, Type::U32, {reg(r_.tb), reg(r_.count)}));
    } else {
      h.code.push_back(make_instr(Opcode::BarSync, Type::None, {imm_operand(0)}));
    }
    h.code.push_back(compare(Cmp::Ge, r_.done, r_.tb, r_.count));
    h.branch("$vtw_exit", r_.done);
    if (mode_.hardware) {
      Instr next = make_instr(Opcode::NextTid, Type::U32, {reg(r_.tid_linear), reg(r_.tid_in)});
      next.lane_mode = mode_.lanes;
      h.code.push_back(next);
    }
    split(h, "grid", r_.grid_split, r_.tb, r_.grid, r_.ctaid);
    if (moves_threads()) split(h, "block", r_.block_split, r_.tid_linear, r_.ntid, r_.tid);
  }

  // out = (linear % dims.x, linear / dims.x % dims.y, linear / dims.x / dims.y);
  // when the shape is one-dimensional (a uniform branch), out.x = linear and
  // the divisions, which occupy the SFU, are skipped.
  void split(Head& h, const std::string& what, uint32_t is_split, uint32_t linear, const uint32_t (&dims)[3],
             const uint32_t (&out)[3]) const {
    const std::string split_label = "$vtw_" + what + "_split", done_label = "$vtw_" + what + "_done";
    h.branch(split_label, is_split);
    h.code.push_back(mov(out[0], reg(linear)));
    h.branch(done_label);
    h.label(split_label);
    h.code.push_back(arith(Opcode::Rem, out[0], linear, dims[0]));
    h.code.push_back(arith(Opcode::Div, r_.t, linear, dims[0]));
    h.code.push_back(arith(Opcode::Rem, out[1], r_.t, dims[1]));
    h.code.push_back(arith(Opcode::Div, out[2], r_.t, dims[1]));
    h.label(done_label);
  }

  // Sec. 4.3.1's loop-independent code motion, done at PTX level: an
  // instruction of the loop whose result cannot change between iterations
  // (its sources are constants, kernel parameters, TB-invariant special
  // registers or registers only such instructions write; every register it
  // writes has no other definition; it is unguarded and has no effect but
  // its result) runs once, in front of the loop. Single definitions make the
  // move safe on every path; nothing moves out of a nested { } block.
  void hoist_invariants(uint32_t loop_at) {
    Function& f = rw_.fn();
    for (Instr& in : f.code) compute_register_use(in);
    std::vector<uint32_t> defs(f.regs.size(), 0), def_at(f.regs.size(), kNoPc);
    for (uint32_t i = 0; i < f.code.size(); ++i)
      for (uint32_t r : f.code[i].writes) ++defs[r], def_at[r] = i;
    std::vector<bool> invariant(f.regs.size());
    for (uint32_t r = 0; r < f.regs.size(); ++r) invariant[r] = defs[r] == 0 || (defs[r] == 1 && def_at[r] < loop_at);
    std::vector<uint32_t> hoisted;
    std::vector<bool> chosen(f.code.size(), false);
    for (bool changed = true; changed;) {
      changed = false;
      for (uint32_t i = loop_at; i < f.code.size(); ++i) {
        const Instr& in = f.code[i];
        if (chosen[i] || !movable(in) || !all_of(in.reads, invariant) ||
            !std::all_of(in.writes.begin(), in.writes.end(), [&](uint32_t r) { return defs[r] == 1; }))
          continue;
        chosen[i] = changed = true;
        hoisted.push_back(i);
        for (uint32_t r : in.writes) invariant[r] = true;
      }
    }
    rw_.insert(loop_at, rw_.take(hoisted));
  }

  static bool all_of(const std::vector<uint32_t>& regs, const std::vector<bool>& set) {
    return std::all_of(regs.begin(), regs.end(), [&](uint32_t r) { return set[r]; });
  }

  // Only effect its result; every register and symbol it names is declared
  // at the top level of the body or the module.
  bool movable(const Instr& in) const {
    const Function& f = rw_.m().functions[rw_.function()];
    if (in.guard != kNoReg || in.cc || !pure(in)) return false;
    for (const Operand& o : in.ops) {
      if (o.kind == Operand::Kind::Sreg && !is_launch_constant(o.sreg)) return false;
      if ((o.kind == Operand::Kind::Addr || o.kind == Operand::Kind::Symbol) && o.sym != kNoSym &&
          rw_.m().symbols[o.sym].site.block != 0)
        return false;
    }
    auto top_level = [&](uint32_t r) { return f.regs[r].site.block == 0; };
    return std::all_of(in.reads.begin(), in.reads.end(), top_level) &&
           std::all_of(in.writes.begin(), in.writes.end(), top_level);
  }

  // Arithmetic, moves and conversions; loads of the kernel's own parameters
  // and of constant memory at an address from the rest.
  bool pure(const Instr& in) const {
    switch (in.op) {
      case Opcode::Mov: case Opcode::Cvta: case Opcode::Cvt: case Opcode::Add: case Opcode::Sub:
      case Opcode::Mul: case Opcode::Mad: case Opcode::Mul24: case Opcode::Mad24: case Opcode::Div:
      case Opcode::Rem: case Opcode::Shl: case Opcode::Shr: case Opcode::And: case Opcode::Or:
      case Opcode::Xor: case Opcode::Not: case Opcode::Min: case Opcode::Max: case Opcode::Neg:
      case Opcode::Abs: case Opcode::Setp: case Opcode::Selp: case Opcode::Bfe: case Opcode::Bfi:
      case Opcode::Prmt:
        return true;
      case Opcode::Ld: {
        if (in.space == Space::Const) return true;
        const Operand& a = in.ops.at(1);
        const auto& params = rw_.m().functions[rw_.function()].params;
        return in.space == Space::Param && a.reg == kNoReg &&
               std::find(params.begin(), params.end(), a.sym) != params.end();
      }
      default:
        return false;
    }
  }

  static bool is_launch_constant(Sreg s) {
    switch (s) {
      case Sreg::Ntid: case Sreg::Laneid: case Sreg::Warpid: case Sreg::Nwarpid: case Sreg::Smid:
      case Sreg::Nsmid: case Sreg::Gridid: case Sreg::LanemaskEq: case Sreg::LanemaskLe: case Sreg::LanemaskLt:
      case Sreg::LanemaskGe: case Sreg::LanemaskGt: case Sreg::DynamicSmemSize: case Sreg::TotalSmemSize:
        return true;
      default:
        return false;
    }
  }

  FunctionRewriter rw_;
  VtwMode mode_;
  LoopRegs r_{};
  uint32_t params_[3]{};
};

}  // namespace

Module vtw_transform(const Module& in, const VtwMode& mode) {
  Module m = in;
  for (uint32_t f = 0; f < m.functions.size(); ++f) {
    const Function& k = m.functions[f];
    if (!k.is_entry || k.is_decl_only) continue;
    check_callees(m, f);
    if (!mode.hardware) check_software_barriers(m, k);
    KernelTransform(m, f, mode).run();
  }
  return reparse(m);
}

}  // namespace scwarp::ptx
