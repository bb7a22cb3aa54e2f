// Seed 002's large warps (Sec. 3.1) in the functional engine: K rows of 32
// threads with one PC and one re-convergence stack whose masks are K x 32.
// Each row keeps its own registers, local memory and call frames; the one
// stack is kept as K row stacks of identical shape (same entries, pcs and
// re-convergence points, each holding its row's slice of the mask), so an
// entry is popped only when it is empty in every row. An instruction runs
// row by row on the ordinary lane loops, and control flow is decided for the
// whole large warp: it diverges when its rows together go both ways.
// Warp-level instructions (shfl, vote, match, redux, activemask) act on each
// 32-thread row, as the register file is banked per lane anyway.
#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "sc_model/common/error.h"
#include "sc_model/func/exec_context.h"
#include "sc_model/func/virtual_tb.h"
#include "sc_model/func/warp_state.h"

namespace scwarp::func {

using ptx::Opcode;

const Warp& Warp::speaker() const {
  for (const Warp* r : rows_)
    if (r->state_ != WarpState::Exited) return *r;
  return *this;
}

WarpState Warp::large_state() const {
  const Warp& s = speaker();
  return s.state_;  // the rows still running arrive at and leave barriers together
}

uint32_t Warp::large_active_threads() const {
  uint32_t n = 0;
  for (const Warp* r : rows_)
    if (r->state_ != WarpState::Exited) n += lane_count(r->active_mask());
  return n;
}

uint32_t Warp::large_live_threads() const {
  uint32_t n = 0;
  for (const Warp* r : rows_) n += lane_count(r->live_mask_);
  return n;
}

void Engine::check_large_warps() const {
  const uint32_t rows = spec_.large_warp_rows;
  if (rows == 0) throw Error("engine: a large warp of 0 rows");
  if (rows == 1) return;
  const uint64_t threads = uint64_t(rows) * kWarpSize;
  if (spec_.block.count() % threads != 0)
    throw Error(fmt::format("kernel {}: a block of {} threads is not a whole number of large warps of {} threads "
                            "(-scwarp_large_warp_size); use a block size that is a multiple of {}",
                            spec_.kernel->name, spec_.block.count(), threads, threads));
  if (virtual_kernel_)
    throw Error(fmt::format("kernel {}: virtual warps (nexttbid, VTW) do not run as large warps "
                            "(-scwarp_large_warp_size {}): use ordinary warps",
                            spec_.kernel->name, threads));
}

void Engine::group_rows(Block& block) const {
  const uint32_t k = spec_.large_warp_rows;
  block.rows_per_warp_ = k;
  if (k == 1) return;
  for (size_t first = 0; first < block.warps_.size(); first += k)
    for (size_t r = first; r < first + k; ++r) block.warps_[first]->rows_.push_back(block.warps_[r].get());
}

// One step of a large warp: its rows' stacks, top entries and what runs.
struct LargeWarpStep {
  Warp& warp;
  static bool running(const Warp& row) { return row.state_ != WarpState::Exited; }

  // The instruction's lanes over the rows (every running row is at pc).
  LargeWarpLanes lanes(const ptx::Instr& in) const {
    LargeWarpLanes l{false, true};
    for (Warp* row : warp.rows_) {
      if (!running(*row)) continue;
      CallFrame& f = *row->frames_.back();
      const uint32_t active = f.stack.back().mask;
      const uint32_t exec = guard_mask(f, in, active);
      l.any_exec |= exec != 0;
      l.all_exec &= exec == active;
    }
    return l;
  }

  // Pops, in every running row, entries empty in all of them or at their
  // re-convergence point, and frames whose every lane returned.
  void pop_finished() {
    while (true) {
      const Warp& s = warp.speaker();
      if (!running(s)) return;
      if (s.frames_.back()->stack.empty()) {
        for (Warp* row : warp.rows_)
          if (running(*row)) pop_frame(*row);
        continue;
      }
      const StackEntry& top = s.frames_.back()->stack.back();
      uint32_t mask = 0;
      for (Warp* row : warp.rows_)
        if (running(*row)) mask |= row->frames_.back()->stack.back().mask;
      if (mask != 0 && top.pc != top.reconv) return;
      for (Warp* row : warp.rows_)
        if (running(*row)) row->frames_.back()->stack.pop_back();
    }
  }

  static void pop_frame(Warp& row) {
    row.local_top_ = row.frames_.back()->local_base;
    row.frames_.pop_back();
    if (row.frames_.empty())
      throw Error(fmt::format("engine: row {} of a large warp left its kernel with live lanes", row.id_));
  }
};

static bool is_control(Opcode op) {
  switch (op) {
    case Opcode::Bra:
    case Opcode::Call:
    case Opcode::Ret:
    case Opcode::Exit:
    case Opcode::BarSync:
    case Opcode::BarRed:
    case Opcode::BarArrive: return true;
    default: return false;
  }
}

void Engine::step_large(Block& block, Warp& warp, ExecRecord& rec, std::vector<ExecRecord>& rows) {
  if (warp.state() != WarpState::Ready)
    throw Error(fmt::format("engine: step on large warp {} that is not ready", warp.id_));
  const Warp& speaker = warp.speaker();
  const CallFrame& top_frame = *speaker.frames_.back();
  const uint32_t pc = top_frame.stack.back().pc;
  if (pc >= top_frame.fn->code.size())
    throw Error(fmt::format("kernel {}: large warp {} ran past the end of function {} (no ret/exit)",
                            spec_.kernel->name, warp.id_, top_frame.fn->name));
  const ptx::Instr& in = top_frame.fn->code[pc];
  LargeWarpStep step{warp};
  const LargeWarpLanes lanes = step.lanes(in);
  const bool control = is_control(in.op);
  rows.resize(warp.rows_.size());
  rec.instr = &in;
  rec.function = top_frame.function;
  rec.pc = pc;
  rec.active_mask = rec.exec_mask = rec.taken_mask = 0;
  rec.mem_space = ptx::Space::None;
  rec.mem_bytes = 0;
  rec.reached_barrier = rec.released_barrier = false;
  for (size_t r = 0; r < warp.rows_.size(); ++r) {
    Warp& row = *warp.rows_[r];
    ExecRecord& part = rows[r];
    if (!LargeWarpStep::running(row)) {
      part.active_mask = part.exec_mask = part.taken_mask = 0;
      continue;
    }
    CallFrame& frame = *row.frames_.back();
    begin_record(part, frame, pc, frame.stack.back().mask);
    ExecContext c{*this, block, row, frame, in, part, pc, part.exec_mask};
    c.large = &lanes;
    if (control || c.exec) execute(c);
    if (!c.stack_updated) c.top().pc = pc + 1;
    if (part.active_mask) ++row.instructions_;
    rec.active_mask |= part.active_mask;
    rec.exec_mask |= part.exec_mask;
    rec.taken_mask |= part.taken_mask;
    rec.reached_barrier |= part.reached_barrier;
    rec.released_barrier |= part.released_barrier;
    if (part.mem_space != ptx::Space::None) {
      rec.mem_space = rec.mem_space == ptx::Space::None || rec.mem_space == part.mem_space ? part.mem_space
                                                                                          : ptx::Space::Generic;
      rec.mem_bytes = part.mem_bytes;
    }
  }
  step.pop_finished();
  for (Warp* row : warp.rows_) row->sync_top();
  rec.is_branch = in.op == Opcode::Bra;
  rec.diverged = rec.is_branch && lanes.any_exec && !lanes.all_exec;
  rec.warp_exited = warp.state() == WarpState::Exited;
}

}  // namespace scwarp::func
