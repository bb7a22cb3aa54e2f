// How an SM meets the rest of the GPU: the dispatcher hands it TBs through
// SmControlIf; it reports each finished TB through TbSinkIf; its L1 data
// cache is a TLM-2.0 initiator towards the interconnect (Sm::memory_socket()).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include <systemc>

#include "sc_model/func/engine.h"
#include "sc_model/stats/counters.h"

namespace scwarp::sm {

// A TB placed on an SM. The dispatcher has already checked the SM's limits.
struct TbLaunch {
  func::Engine* engine = nullptr;      // the kernel's functional engine (outlives its TBs)
  std::unique_ptr<func::Block> block;  // made by engine->make_block(id, sm)
  uint64_t kernel = 0;                 // launch index within the run
  uint64_t id = 0;                     // linear block index in the grid
};

class SmControlIf : public virtual sc_core::sc_interface {
 public:
  // Takes effect from the next cycle; wakes a sleeping SM.
  virtual void launch_tb(TbLaunch tb) = 0;
  // False once the dispatcher has no TB left for this kernel (PRO's slow phase).
  virtual void set_tbs_waiting(bool waiting) = 0;
};

class TbSinkIf : public virtual sc_core::sc_interface {
 public:
  // A TB has finished: every warp exited and its last writes have left the SM.
  virtual void tb_done(const stats::TbRecord& record) = 0;
};

// VTW's GPU-wide logical TB counter as an SM reaches it (seed 004 Sec.
// 4.2.1; gpu/logical_tb_counter.h): a request when a virtual TB needs the
// index of its next iteration, its grant a fixed latency later, and whether
// the kernel's last index is out (the slow phase). Answers never depend on
// the order in which SMs run within a cycle.
class TbIndexIf : public virtual sc_core::sc_interface {
 public:
  virtual uint64_t request_tb_index(uint64_t kernel, uint64_t bound, uint32_t sm, uint32_t tb_slot,
                                    uint64_t cycle) = 0;  // returns a ticket
  virtual std::optional<uint64_t> tb_index_granted(uint64_t ticket, uint64_t now) = 0;
  virtual bool tb_indices_exhausted(uint64_t kernel, uint64_t now) = 0;
};

}  // namespace scwarp::sm
