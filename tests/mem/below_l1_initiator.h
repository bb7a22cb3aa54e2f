// Test initiator for the units below L1: plays an L1 (or an L2 towards a
// DRAM channel) that sends a fixed script of accesses over the AT base
// protocol, one outstanding BEGIN_REQ at a time (END_REQ returned at once or
// later on the backward path), and records for every
// access when it was sent, accepted (END_REQ) and answered (BEGIN_RESP).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "sc_model/common/clocked_module.h"
#include "sc_model/common/error.h"
#include "sc_model/mem/payload_pool.h"

namespace scwarp::mem::below_l1_testing {

struct ScriptedAccess {
  uint64_t not_before = 0;  // earliest cycle to send
  uint64_t addr = 0;
  uint32_t bytes = 128;
  AccessKind kind = AccessKind::Load;
};

struct AccessTimes {
  uint64_t sent = 0, accepted = 0, answered = 0;
  uint32_t responses = 0;
  uint64_t latency() const { return answered - sent; }
};

class ScriptedInitiator : public ClockedModule {
 public:
  tlm_utils::simple_initiator_socket<ScriptedInitiator> down;

  ScriptedInitiator(sc_core::sc_module_name name, uint32_t source, std::vector<ScriptedAccess> script)
      : ClockedModule(name, true), down("down"), source_(source), script_(std::move(script)), times_(script_.size()) {
    down.register_nb_transport_bw(this, &ScriptedInitiator::backward);
  }

  const std::vector<AccessTimes>& times() const { return times_; }
  bool all_answered() const {
    for (const AccessTimes& t : times_)
      if (t.responses == 0) return false;
    return true;
  }
  uint64_t last_answer() const {
    uint64_t last = 0;
    for (const AccessTimes& t : times_) last = std::max(last, t.answered);
    return last;
  }

 private:
  uint64_t tick(uint64_t cycle) override {
    if (next_ == script_.size() || free_at_ > cycle) return kIdle;  // END_REQ wakes us
    const ScriptedAccess& a = script_[next_];
    if (a.not_before > cycle) return a.not_before;
    MemExtension ext;
    ext.kind = a.kind;
    ext.source = source_;
    ext.id = next_;
    tlm::tlm_command command = a.kind == AccessKind::Store ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND;
    tlm::tlm_generic_payload* p = pool_.acquire(command, a.addr, a.bytes, ext);
    times_[next_++].sent = cycle;
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    tlm::tlm_sync_enum status = down->nb_transport_fw(*p, phase, delay);
    if (status == tlm::TLM_ACCEPTED) {
      free_at_ = kIdle;  // END_REQ comes on the backward path
      return kIdle;
    }
    if (status != tlm::TLM_UPDATED || phase != tlm::END_REQ) throw Error("target answered BEGIN_REQ other than with END_REQ");
    times_[next_ - 1].accepted = cycle;  // taken at once: the next may go next cycle
    free_at_ = cycle + 1;
    return cycle + 1;
  }

  tlm::tlm_sync_enum backward(tlm::tlm_generic_payload& p, tlm::tlm_phase& phase, sc_core::sc_time&) {
    uint64_t now = current_cycle();
    AccessTimes& t = times_[extension_of(p).id];
    if (phase == tlm::END_REQ) {
      t.accepted = now;
      free_at_ = now + 1;
      wake_at(now + 1);
      return tlm::TLM_ACCEPTED;
    }
    if (phase != tlm::BEGIN_RESP) throw Error("unexpected phase on the backward path");
    t.answered = now;
    ++t.responses;
    p.release();
    return tlm::TLM_COMPLETED;
  }

  uint32_t source_;
  std::vector<ScriptedAccess> script_;
  std::vector<AccessTimes> times_;
  PayloadPool pool_;
  size_t next_ = 0;
  uint64_t free_at_ = 0;
};

// Runs the simulation until nothing is left to do (or `limit` cycles), and
// rethrows a fault raised in a unit's tick().
inline void run_until_quiet(uint64_t limit = 2'000'000) {
  sc_core::sc_start(sc_core::sc_time(double(limit), sc_core::SC_NS));
  if (auto fault = ClockedModule::take_fault()) std::rethrow_exception(fault);
}

}  // namespace scwarp::mem::below_l1_testing
