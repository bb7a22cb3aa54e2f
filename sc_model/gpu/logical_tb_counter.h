// VTW's GPU-wide logical TB counter (seed 004 Sec. 4.2.1, nextLogTbId): the
// only index state outside the SMs. An SM asks it for the next logical TB
// index of a kernel when the first warp of a virtual TB finishes an
// iteration; the grant arrives a fixed latency later. All requests made in
// one cycle are granted in (SM, TB slot) order once that cycle is over, so
// no index depends on the order in which SystemC runs the SMs within it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace scwarp::gpu {

class LogicalTbCounter {
 public:
  explicit LogicalTbCounter(uint32_t latency) : latency_(latency == 0 ? 1 : latency) {}

  // A request at `cycle` for kernel launch `kernel`, which has `bound`
  // logical TBs; returns a ticket.
  uint64_t request(uint64_t kernel, uint64_t bound, uint32_t sm, uint32_t tb_slot, uint64_t cycle);
  // The granted index (bound when all were handed out) once `now` is at
  // least the request's cycle plus the latency; nullopt before.
  std::optional<uint64_t> granted(uint64_t ticket, uint64_t now);
  // Whether the kernel's last logical TB index was handed out before `now`
  // (VTW's slow phase).
  bool exhausted(uint64_t kernel, uint64_t now);

 private:
  struct Request {
    uint64_t cycle, kernel, bound;
    uint32_t sm, tb_slot;
    uint64_t ticket;
  };
  struct Grant {
    uint64_t ready_cycle, value;
  };
  struct KernelCount {
    uint64_t next = 0, bound = 0;
  };
  void resolve_before(uint64_t now);

  uint32_t latency_;
  uint64_t next_ticket_ = 0;
  std::vector<Request> pending_;
  std::map<uint64_t, Grant> grants_;  // by ticket
  std::map<uint64_t, KernelCount> kernels_;
};

}  // namespace scwarp::gpu
