// Base of every timed unit of the SystemC model. A unit ticks once per core
// cycle while it has work and sleeps while it has none: idle costs nothing,
// as in Akita. One SystemC method process, the cycle driver
// (clocked_module.cc), ticks every unit due in a cycle, in the order the
// units were built, and sleeps until the earliest cycle any unit is due:
// one timed event per simulated cycle with work, where a process per unit
// cost SystemC a trigger and a timed-event heap entry per unit and cycle.
// Simulated time is in core cycles: 1 ns = 1 core cycle.
// Only the timing model (mem/, sm/, gpu/) includes this header.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <limits>

#include <systemc>

namespace scwarp {

inline const sc_core::sc_time kCycleTime(1, sc_core::SC_NS);
inline uint64_t current_cycle() { return sc_core::sc_time_stamp().value() / kCycleTime.value(); }

class CycleDriver;

class ClockedModule : public sc_core::sc_module {
 public:
  static constexpr uint64_t kIdle = std::numeric_limits<uint64_t>::max();

  // skip_idle = false: tick() runs every cycle (the reference every skip is
  // tested against); true: only at the cycles tick() asks for or wake_at() sets.
  ClockedModule(sc_core::sc_module_name name, bool skip_idle);
  ~ClockedModule() override;

  // A producer that hands this unit work readable at cycle `at` (> now)
  // calls this so a sleeping unit runs then. At or before now: this cycle
  // if the unit has not ticked in it yet, else the next.
  void wake_at(uint64_t at);

  // An exception thrown by any unit's tick() (a functional fault, a
  // configuration problem found at run time) pauses the simulation; whoever
  // called sc_start() takes it here and rethrows it.
  static std::exception_ptr take_fault();

 protected:
  // One cycle of work at `cycle`. Returns the next cycle the unit must run at
  // if nothing arrives before (cycle + 1 while busy; a timer's cycle; kIdle
  // when only wake_at() can give it work). Must be correct to call at any
  // cycle: a tick with nothing to do changes nothing but per-cycle counters.
  virtual uint64_t tick(uint64_t cycle) = 0;
  // Cycles [from, from + count) that were not ticked because the unit slept;
  // units that count every cycle (stall classes) account for them here
  // exactly as count idle ticks would have.
  virtual void skipped(uint64_t from, uint64_t count) { (void)from, (void)count; }

 private:
  friend class CycleDriver;
  // Ticks the unit at `now` (after accounting for the cycles it slept);
  // false if tick() threw (the fault is kept for take_fault()).
  bool run(uint64_t now);
  bool ticked_in(uint64_t cycle) const { return ticked_ && last_tick_ == cycle; }
  uint64_t due() const { return std::min(timer_, woken_); }

  bool skip_idle_;
  bool ticked_ = false;
  uint64_t last_tick_ = 0;
  // When to tick next: the cycle its last tick asked for (kIdle: none; every
  // unit ticks at cycle 0), and the earliest wake_at() still ahead, kept
  // apart as a SystemC event keeps its earliest notification: a wake for a
  // cycle after the timer still ticks the unit then.
  uint64_t timer_ = 0;
  uint64_t woken_ = kIdle;
  CycleDriver& driver_;
  size_t index_;  // in the driver's tables
};

}  // namespace scwarp
