// What the LD/ST unit hands the L1 data cache, and how completions come back.
// Timing only: values were already read and written by the functional engine
// when the instruction issued (execute-at-issue), so no data travels here or
// in the TLM payloads below L1 (their data pointer is a scratch buffer).
#pragma once

#include <cstdint>

#include <systemc>

namespace scwarp::mem {

// Instruction / Constant / Texture: an L1I, constant-cache or texture-cache
// line read the SM's L1D sends below for the fetch unit, the constant cache
// or the texture cache (one SM port to the interconnect, as in GPGPU-Sim);
// the L2 serves them as loads.
enum class AccessKind : uint8_t { Load, Store, Atomic, Instruction, Constant, Texture };

// One coalesced access: a segment of one cache line.
struct MemAccess {
  uint64_t line_addr = 0;   // line-aligned device address
  uint32_t bytes = 0;       // bytes of the line the warp touches (for bandwidth)
  AccessKind kind = AccessKind::Load;
  bool local = false;       // local-space access (per-thread stack): L1 caches it write-back
  uint32_t sm = 0;
  uint32_t token = 0;       // chosen by the LD/ST unit; returned on completion
};

// The L1 data cache as the LD/ST unit sees it (SM-internal port).
class L1DataIf : public virtual sc_core::sc_interface {
 public:
  // Accepts the access at `cycle` into the L1 pipeline, or returns false
  // (the pipeline is full: a lookup refused for lack of MSHRs or miss-queue
  // space holds it; the LD/ST unit retries next cycle).
  virtual bool try_access(const MemAccess& access, uint64_t cycle) = 0;
  // True while misses are outstanding (the SM must not sleep past them... it
  // is woken by the response) or accesses are queued.
  virtual bool busy() const = 0;
};

// Completions back to the LD/ST unit: loads and atomics when their data
// returns; stores when the L1 has accepted them (write-through, no reply
// waited for). Also line reads sent for another cache (instruction lines for
// the fetch unit) when their data returns.
class MemResponseIf : public virtual sc_core::sc_interface {
 public:
  virtual void access_done(uint32_t token, uint64_t cycle) = 0;
};

// The SM's one port below L1, as another cache of the SM sees it: a read of a
// line `bytes` long goes below without passing the L1D's tags or pipeline,
// and its arrival is reported with `token`. False when the miss queue is full
// (retry next cycle).
class LineReadIf : public virtual sc_core::sc_interface {
 public:
  virtual bool try_read_line(uint64_t line_addr, uint32_t bytes, AccessKind kind, uint32_t token) = 0;
};

}  // namespace scwarp::mem
