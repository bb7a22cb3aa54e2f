// Branches, calls, returns and exits: everything that moves a warp's
// re-convergence stack or its call frames.
#include <fmt/format.h>

#include <bit>
#include <cstring>

#include "sc_model/func/barrier_table.h"
#include "sc_model/func/exec_context.h"

namespace scwarp::func {

void ExecContext::normalize_stack() {
  if (large) return;  // a large warp pops all its rows' stacks together
  while (true) {
    CallFrame& f = *warp.frames_.back();
    while (!f.stack.empty() &&
           (f.stack.back().mask == 0 || f.stack.back().pc == f.stack.back().reconv))
      f.stack.pop_back();
    if (!f.stack.empty()) return;
    // Every lane of this frame has returned (or exited): back to the caller,
    // whose top entry already points after the call.
    warp.local_top_ = f.local_base;
    warp.frames_.pop_back();
    if (warp.frames_.empty()) {
      warp.state_ = WarpState::Exited;
      rec.warp_exited = true;
      return;
    }
  }
}

void ExecContext::branch(uint32_t target, uint32_t taken) {
  StackEntry& t = top();
  uint32_t active = t.mask;
  rec.is_branch = true;
  rec.taken_mask = taken;
  stack_updated = true;
  // A large warp's rows move together: it diverges when its rows, together,
  // go both ways, and then every row pushes both paths (some empty).
  const bool all_taken = large ? large->all_exec : taken == active;
  const bool none_taken = large ? !large->any_exec : taken == 0;
  if (all_taken) {
    t.pc = target;
  } else if (none_taken) {
    t.pc = pc + 1;
  } else {
    // Paper 002 Sec. 2.3: the current entry becomes the join entry waiting at
    // the re-convergence point; both paths are pushed, the taken one on top.
    rec.diverged = true;
    uint32_t reconv = in.reconv;
    t.pc = reconv;
    frame.stack.push_back(StackEntry{pc + 1, active & ~taken, reconv});
    frame.stack.push_back(StackEntry{target, taken, reconv});
  }
  normalize_stack();
}

// The callee of a call for the lanes in `lanes`; an indirect call splits the
// lanes by target and returns the group of the lowest lane.
static uint32_t resolve_callee(ExecContext& c, uint32_t& lanes) {
  const ptx::Instr& in = c.in;
  if (in.callee_reg == ptx::kNoReg) return in.callee;
  const uint64_t* r = c.reg(in.callee_reg);
  uint64_t first = r[std::countr_zero(lanes)];
  uint32_t same = 0;
  for_lanes(lanes, [&](unsigned l) { same |= uint32_t(r[l] == first) << l; });
  lanes = same;
  uint64_t index = (first - kCodeWindow) / 16;
  bool valid = first >= kCodeWindow && (first - kCodeWindow) % 16 == 0 &&
               index < c.module().functions.size() && !c.module().functions[index].is_entry;
  if (!valid)
    c.fault(std::countr_zero(same), fmt::format("indirect call through 0x{:x}, which is not the "
                                                "address of a function",
                                                first));
  return uint32_t(index);
}

static void pass_arguments(ExecContext& c, CallFrame& callee, uint32_t lanes) {
  const ptx::Module& m = c.module();
  const ptx::Function& fn = *callee.fn;
  if (c.in.call_args.size() != fn.params.size())
    c.fault(std::countr_zero(lanes), fmt::format("call passes {} arguments to {}, which takes {}",
                                                 c.in.call_args.size(), fn.name, fn.params.size()));
  for (size_t i = 0; i < fn.params.size(); ++i) {
    uint32_t from = c.in.call_args[i], to = fn.params[i];
    uint64_t bytes = std::min(m.symbols[from].size, m.symbols[to].size);
    for_lanes(lanes, [&](unsigned l) {
      std::memcpy(callee.lane_params(l) + c.param_offset(to),
                  c.frame.lane_params(l) + c.param_offset(from), bytes);
    });
  }
}

void ExecContext::call() {
  stack_updated = true;
  uint32_t lanes = exec;
  if (large ? !large->any_exec : lanes == 0) {
    top().pc = pc + 1;
    return normalize_stack();
  }
  // Every row of a large warp enters the callee (a row none of whose lanes
  // call enters it with an empty mask), so its rows keep one frame depth.
  if (large && in.callee_reg != ptx::kNoReg)
    unsupported("an indirect call in a large warp (its rows could call different functions)");
  const unsigned first_lane = unsigned(std::countr_zero(lanes)) % kWarpSize;
  uint32_t callee = lanes ? resolve_callee(*this, lanes) : in.callee;
  const ptx::Function& fn = module().functions[callee];
  if (fn.is_decl_only || fn.code.empty()) {
    // printf, malloc, free, assert: run here, no frame; only direct calls name them.
    ptx::DeviceCall device = ptx::device_call(fn.name);
    if (device == ptx::DeviceCall::None || in.callee_reg != ptx::kNoReg)
      fault(first_lane, "call to " + fn.name + ", which has no body in this module");
    exec_device_call(*this, device);
    top().pc = pc + 1;
    return normalize_stack();
  }
  if (warp.frames_.size() >= kMaxCallDepth)
    fault(first_lane, fmt::format("call depth exceeds {} frames (runaway recursion?)", kMaxCallDepth));
  if (warp.local_top_ + fn.local_bytes + 16 > kMaxLocalBytesPerThread)
    fault(
        first_lane,
        fmt::format("call to {} would take the thread's local memory past {} bytes (call depth {})",
                    fn.name, kMaxLocalBytesPerThread, warp.frames_.size()));
  StackEntry& t = top();
  uint32_t active = t.mask;
  uint32_t rest = exec & ~lanes;  // other indirect targets: re-execute the call for them
  t.pc = pc + 1;
  if (large ? !large->all_exec : lanes != active) {
    // Lanes not calling now wait after the call, like a branch around it.
    if (rest) frame.stack.push_back(StackEntry{pc, rest, pc + 1});
    frame.stack.push_back(StackEntry{pc + 1, lanes, pc + 1});
  }
  auto callee_frame = engine.make_frame(warp, callee);
  callee_frame->call = &in;
  callee_frame->stack.push_back(StackEntry{0, lanes, ptx::kNoPc});
  pass_arguments(*this, *callee_frame, lanes);
  warp.frames_.push_back(std::move(callee_frame));
}

// Return values go to the caller's call-site parameters as each lane returns.
static void copy_return_values(ExecContext& c, CallFrame& callee, CallFrame& caller) {
  const ptx::Module& m = c.module();
  const std::vector<uint32_t>& dst = callee.call->call_rets;
  const std::vector<uint32_t>& src = callee.fn->rets;
  if (dst.size() > src.size())
    c.fault(std::countr_zero(c.exec), fmt::format("caller expects {} return values, {} returns {}",
                                                  dst.size(), callee.fn->name, src.size()));
  for (size_t i = 0; i < dst.size(); ++i) {
    uint64_t bytes = std::min(m.symbols[dst[i]].size, m.symbols[src[i]].size);
    for_lanes(c.exec, [&](unsigned l) {
      std::memcpy(caller.lane_params(l) + c.param_offset(dst[i]),
                  callee.lane_params(l) + c.param_offset(src[i]), bytes);
    });
  }
}

static void remove_lanes(CallFrame& f, uint32_t lanes) {
  for (StackEntry& e : f.stack) e.mask &= ~lanes;
}

void ExecContext::ret() {
  if (warp.frames_.size() == 1) return exit_lanes();  // ret from the kernel = exit
  stack_updated = true;
  copy_return_values(*this, frame, *warp.frames_[warp.frames_.size() - 2]);
  remove_lanes(frame, exec);
  if (top().mask || large) top().pc = pc + 1;  // a large warp's rows keep one pc
  normalize_stack();
}

void ExecContext::exit_lanes() {
  stack_updated = true;
  for (auto& f : warp.frames_) remove_lanes(*f, exec);
  warp.live_mask_ &= ~exec;
  if (top().mask || large) top().pc = pc + 1;
  normalize_stack();
  // A large warp's row is done when its lanes are; the large warp pops the
  // stacks of the rows still running.
  if (large && warp.live_mask_ == 0) {
    warp.state_ = WarpState::Exited;
    rec.warp_exited = true;
  }
  if (warp.state_ != WarpState::Exited) return;
  // Fewer live warps: a barrier waiting for "all warps" may now release.
  release_waiting_barriers();
}

}  // namespace scwarp::func
