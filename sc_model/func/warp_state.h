// A warp's call frames and re-convergence stack entries (paper 002 Sec. 2.3):
// the private parts of Warp, shared by the engine's execution files.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "sc_model/func/engine.h"
#include "sc_model/ptx/ir.h"

namespace scwarp::func {

// Bounds that turn a runaway recursion into an Error instead of exhausting
// host memory.
inline constexpr size_t kMaxCallDepth = 1024;
inline constexpr uint64_t kMaxLocalBytesPerThread = 1 << 20;

// One entry of the SIMT re-convergence stack. The top entry is what runs: its
// pc and mask are the warp's. An entry is popped when its pc reaches its
// reconv pc (the immediate post-dominator of the branch that pushed it) or
// when all of its lanes have exited or returned.
struct StackEntry {
  uint32_t pc = 0;
  uint32_t mask = 0;
  uint32_t reconv = ptx::kNoPc;
};

// One activation of a function for the lanes that called it.
struct CallFrame {
  uint32_t function = 0;
  const ptx::Function* fn = nullptr;
  // [slot][lane]: one lane loop walks contiguous values. Registers share
  // slots where their live ranges never meet (ptx::assign_register_slots;
  // `slots` maps a register to its slot). Only the registers a thread may
  // read before writing are zeroed (Engine::make_frame).
  std::unique_ptr<uint64_t[]> regs;
  const uint32_t* slots = nullptr;
  std::vector<StackEntry> stack;
  std::vector<uint8_t> params;       // [lane][param block]: see Engine::lay_out_parameters
  uint64_t param_stride = 0;         // bytes of one lane's parameter block
  uint64_t local_base = 0;           // this frame's .local variables start here per lane
  const ptx::Instr* call = nullptr;  // the caller's call instruction (return values)
  uint32_t carry = 0;                // per-lane carry flag of add.cc/addc & co.

  uint64_t* reg(uint32_t r) { return regs.get() + size_t(slots[r]) * kWarpSize; }
  uint8_t* lane_params(unsigned lane) { return params.data() + lane * param_stride; }
};

}  // namespace scwarp::func
