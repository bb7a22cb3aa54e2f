// Per-warp pending destination registers (GPGPU-Sim's scoreboard): an
// instruction may issue only when none of the registers it reads (RAW) or
// writes (WAW) waits for an issued instruction's writeback. Registers are
// function-local indices (ptx::Instr::reads/writes); a warp inside a call
// shares the index space with its caller, which can only add false
// dependencies (a delay), never miss a real one.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "sc_model/ptx/ir.h"

namespace scwarp::sm {

class Scoreboard {
 public:
  explicit Scoreboard(uint32_t warps);

  // Marks `regs` of `warp` pending; `long_latency` for global/local loads.
  void reserve(uint32_t warp, std::span<const uint32_t> regs, bool long_latency);
  void release(uint32_t warp, std::span<const uint32_t> regs);
  // What holds `instr` back: None when no register it reads or writes is
  // pending, Memory when one of the pending ones waits for a global/local
  // load, else Pending. One pass over its registers, as every refresh asks.
  enum class Hazard : uint8_t { None, Pending, Memory };
  Hazard hazard(uint32_t warp, const ptx::Instr& instr) const;
  bool any_pending(uint32_t warp) const { return !pending_[warp].empty(); }
  void clear(uint32_t warp) { pending_[warp].clear(); }

 private:
  struct Entry {
    uint32_t reg;
    bool long_latency;
  };
  const Entry* find(uint32_t warp, uint32_t reg) const;
  // Few registers are pending per warp at a time: a short vector searched
  // linearly beats any set, and is reused without allocation.
  std::vector<std::vector<Entry>> pending_;
};

}  // namespace scwarp::sm
