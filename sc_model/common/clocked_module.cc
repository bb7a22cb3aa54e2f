#include "sc_model/common/clocked_module.h"

#include <utility>

namespace scwarp {

namespace {
std::exception_ptr pending_fault;

// The next cycle, one event for every busy unit: a unit waiting for it is
// one entry in the event's list, where a timed wait of its own would be one
// more entry in SystemC's timed-event heap per unit and cycle (a tenth of a
// memory-bound run's time; docs/performance.md). Its first notify in a cycle
// schedules it, the others find it scheduled. Units run in another order
// inside a cycle than with their own timers; scripts/compare_reports found
// every run report unchanged by that (25 workloads x 6 policies, the whole
// ctest suite too). Made on first use and never destroyed: the simulation
// context it belongs to lives as long as the process.
sc_core::sc_event& next_cycle() {
  static auto* event = new sc_core::sc_event;
  return *event;
}
}

std::exception_ptr ClockedModule::take_fault() { return std::exchange(pending_fault, nullptr); }

ClockedModule::ClockedModule(sc_core::sc_module_name name, bool skip_idle)
    : sc_core::sc_module(name), skip_idle_(skip_idle) {
  SC_HAS_PROCESS(ClockedModule);
  SC_METHOD(run);
}

void ClockedModule::wake_at(uint64_t at) {
  uint64_t now = current_cycle();
  wake_.notify(at > now ? (at - now) * kCycleTime : sc_core::SC_ZERO_TIME);
}

void ClockedModule::run() {
  uint64_t now = current_cycle();
  if (ticked_ && now == last_tick_) {  // a second trigger in a cycle already ticked
    next_trigger(kCycleTime, wake_);
    return;
  }
  uint64_t first_untick = ticked_ ? last_tick_ + 1 : 0;
  if (now > first_untick) skipped(first_untick, now - first_untick);
  ticked_ = true;
  last_tick_ = now;
  uint64_t next;
  try {
    next = tick(now);
  } catch (...) {
    if (!pending_fault) pending_fault = std::current_exception();
    sc_core::sc_pause();
    next_trigger(wake_);
    return;
  }
  if (!skip_idle_ || next <= now + 1) {
    next_cycle().notify(kCycleTime);
    next_trigger(next_cycle());
  } else if (next == kIdle) {
    next_trigger(wake_);
  } else {
    next_trigger((next - now) * kCycleTime, wake_);
  }
}

}  // namespace scwarp
