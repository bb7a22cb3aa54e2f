#include "sc_model/common/clocked_module.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace scwarp {

namespace {
std::exception_ptr pending_fault;
}

// The one process that ticks the units. Each cycle it runs, it ticks every
// unit due then, in the order the units were built, and again any a later
// unit woke for that same cycle (as a delta cycle would have run it); then it
// arms its event for the earliest cycle a unit is due, or sleeps when none
// is. A unit woken from outside a cycle (a kernel start between sc_start
// calls) re-arms the event if it is due earlier.
//
// The units tick in another order inside a cycle than SystemC ran their own
// processes in; every hand-over between units goes through a DelayQueue of
// at least one cycle, and scripts/compare_reports found every run report
// unchanged (docs/performance.md).
class CycleDriver : public sc_core::sc_module {
 public:
  // Made with the first unit (a child of it in the SystemC hierarchy, which
  // SystemC makes top-level when that unit is destroyed) and never
  // destroyed: the simulation context it belongs to lives as long as the
  // process, which elaborates one design.
  static CycleDriver& get() {
    static auto* driver = new CycleDriver("cycle_driver");
    return *driver;
  }

  // The unit's index, for set_due().
  size_t add(ClockedModule* unit) {
    units_.push_back(unit);
    due_.push_back(0);
    return units_.size() - 1;
  }
  void remove(size_t index) {
    units_[index] = nullptr;
    due_[index] = ClockedModule::kIdle;
  }
  void set_due(size_t index, uint64_t at) { due_[index] = at; }

  // A unit is due at `at` (a wake_at() earlier than its others).
  void woken(uint64_t at, uint64_t now) {
    if (in_cycle_) {
      due_now_ |= at <= now;  // the loop in run() takes it; later cycles are armed at its end
      return;
    }
    arm(at, now);
  }

 private:
  explicit CycleDriver(sc_core::sc_module_name name) : sc_core::sc_module(name) {
    SC_HAS_PROCESS(CycleDriver);
    SC_METHOD(run);  // and at initialisation: every unit is due at cycle 0
    sensitive << tick_;
  }

  void arm(uint64_t at, uint64_t now) {
    if (at >= armed_ && armed_ > now) return;  // the event fires by then anyway
    armed_ = std::max(at, now);
    tick_.notify(armed_ > now ? (armed_ - now) * kCycleTime : sc_core::SC_ZERO_TIME);
  }

  void run() {
    const uint64_t now = current_cycle();
    in_cycle_ = true;
    bool ok = true;
    do {
      due_now_ = false;
      for (size_t i = 0; ok && i < units_.size(); ++i)
        if (due_[i] <= now) ok = units_[i]->run(now);
    } while (ok && due_now_);
    in_cycle_ = false;
    armed_ = ClockedModule::kIdle;
    if (!ok) {  // a fault: the simulation pauses; nothing runs until whoever started it rethrows
      sc_core::sc_pause();
      return;
    }
    const uint64_t next = *std::min_element(due_.begin(), due_.end());
    if (next != ClockedModule::kIdle) arm(next, now);
  }

  std::vector<ClockedModule*> units_;  // null: destroyed
  // Each unit's ClockedModule::due(), packed: the scans every cycle read one
  // array rather than every unit.
  std::vector<uint64_t> due_;
  sc_core::sc_event tick_;
  bool in_cycle_ = false;
  bool due_now_ = false;  // in a cycle, a unit was woken for the cycle itself
  uint64_t armed_ = 0;    // the cycle tick_ fires at (kIdle: none); the initialisation run is cycle 0
};

std::exception_ptr ClockedModule::take_fault() { return std::exchange(pending_fault, nullptr); }

ClockedModule::ClockedModule(sc_core::sc_module_name name, bool skip_idle)
    : sc_core::sc_module(name), skip_idle_(skip_idle), driver_(CycleDriver::get()), index_(driver_.add(this)) {}

ClockedModule::~ClockedModule() { driver_.remove(index_); }

void ClockedModule::wake_at(uint64_t at) {
  const uint64_t now = current_cycle();
  if (at <= now) at = ticked_in(now) ? now + 1 : now;
  if (at >= woken_) return;  // woken by then already
  woken_ = at;
  driver_.set_due(index_, due());
  driver_.woken(at, now);
}

bool ClockedModule::run(uint64_t now) {
  if (woken_ <= now) woken_ = kIdle;
  const uint64_t first_untick = ticked_ ? last_tick_ + 1 : 0;
  if (now > first_untick) skipped(first_untick, now - first_untick);
  ticked_ = true;
  last_tick_ = now;
  bool ok = true;
  uint64_t next = kIdle;  // after a fault: until woken
  try {
    next = tick(now);
    if (!skip_idle_) next = now + 1;
  } catch (...) {
    if (!pending_fault) pending_fault = std::current_exception();
    ok = false;
  }
  timer_ = std::max(next, now + 1);
  driver_.set_due(index_, due());
  return ok;
}

}  // namespace scwarp
