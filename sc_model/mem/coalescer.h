// Memory coalescing (Fermi / GPGPU-Sim style): a warp's global or local
// access becomes one MemAccess per distinct aligned segment its active
// lanes touch. docs/sm-memory.md states the rules.
#pragma once

#include <cstdint>
#include <vector>

#include "sc_model/config/gpu_config.h"
#include "sc_model/func/engine.h"
#include "sc_model/mem/mem_access.h"

namespace scwarp::mem {

// Where one warp's threads sit among the GPU's thread slots, which decides
// where their local memory lives in device memory.
struct WarpPlacement {
  uint32_t sm = 0;
  uint64_t first_thread = 0;   // global thread slot of lane 0
  uint64_t total_threads = 1;  // thread slots of the whole GPU
};
// Throws scwarp::Error when `sm` or `warp_slot` is outside the configuration.
WarpPlacement placement_of(const config::GpuConfig& cfg, uint32_t sm, uint32_t warp_slot);

// The device address of byte `offset` of lane `lane`'s local memory. Local
// memory is interleaved by 4-byte word across every thread slot of the GPU:
// word w of thread slot t lives at kLocalBase + (w * total_threads + t) * 4,
// so the same word of a warp's 32 lanes forms one aligned 128-byte block
// (what real hardware does so that spills coalesce).
inline constexpr uint64_t kLocalBase = func::kLocalWindow;
uint64_t local_device_address(const WarpPlacement& warp, uint32_t lane, uint64_t offset);

// The one place that says whether a memory instruction reads or writes:
// Load for ld/ldu, suld, tex/tld4; Store for st, sust; Atomic for atom/red;
// throws scwarp::Error for any other instruction.
AccessKind access_kind(const ptx::Instr& instr);

// Appends the record's accesses to `out` (token 0: the caller sets it), one
// per distinct `segment_bytes`-aligned segment, in the order of the first
// lane touching each; `bytes` counts the distinct bytes touched in it, and an
// access crossing a segment boundary touches both segments. Atomics (performed
// at the L2) coalesce only lanes whose bytes do not overlap: a lane joins the
// first access of its segment it does not overlap, else opens another, so k
// lanes on one address make k accesses (GPGPU-Sim's atomic coalescing). Global and
// Generic records use the lanes' addresses as device addresses (a Generic
// record mixes spaces and keeps no per-lane space: taken as global); Local
// records map per-thread offsets with local_device_address. Throws
// scwarp::Error for other spaces, a segment size that is not a power of two
// in [4, 128] or a per-lane access wider than 32 bytes.
void coalesce(const func::ExecRecord& rec, const WarpPlacement& warp, uint32_t segment_bytes,
              std::vector<MemAccess>& out);

}  // namespace scwarp::mem
