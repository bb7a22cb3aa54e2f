// Seed 002's large warp microarchitecture at issue (Sec. 3.1): a large warp's
// instruction, executed at once by the functional engine, is broken down
// into SIMD-width sub-warps, one per cycle, each taking at most one active
// thread per lane column (the register file is banked per lane) from a copy
// of the large warp's K x 32 mask. A thread in a sub-warp that has not
// completed is not packed again (one dependency bit per thread), and the
// large warp is fetched again once the first sub-warp of its last
// instruction completes, or all of them after a conditional branch (the
// relaxed re-fetch of barrel processing). docs/lwm.md has the readings.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "sc_model/config/gpu_config.h"
#include "sc_model/sched/policy.h"

#include "sc_model/func/engine.h"
#include "sc_model/sm/op_timing.h"

namespace scwarp::sm {

// One sub-warp: the lane columns it fills and the row each one's thread
// comes from.
struct Subwarp {
  uint32_t lanes = 0;
  std::array<uint8_t, func::kWarpSize> row{};
  // The columns of row r it carries.
  uint32_t lanes_of_row(uint32_t r) const;
  // Its lowest row (0 when it carries no thread).
  uint32_t first_row() const;
};

// A large warp's threads in flight: the dependency bit of each thread, the
// sub-warps not yet completed, and how far its last instruction has got.
class ThreadDependencies {
 public:
  void reset(uint32_t rows);
  // Some active thread of `warp` (a large warp) has its bit clear.
  bool any_free(const func::Warp& warp) const;
  uint32_t pending(uint32_t row) const { return pending_[row]; }
  bool long_latency_pending() const { return long_in_flight_ > 0; }
  // A new instruction of the large warp; `wait_all`: fetch waits for all
  // of its sub-warps (a conditional branch), else for the first.
  void begin_instruction(bool wait_all);
  void all_formed() { formed_ = true; }
  // A sub-warp issues: its threads' bits are set. Returns its tag (not 0).
  uint32_t issue(const Subwarp& s, bool long_latency);
  // The sub-warp `tag` completed: its threads' bits clear.
  void complete(uint32_t tag);
  // The register-file row sub-warp `tag` (in flight) reads: its lowest.
  uint32_t rf_row(uint32_t tag) const;
  // The relaxed re-fetch rule for the last instruction.
  bool refetch_ready() const;
  bool forming() const { return !formed_; }

 private:
  struct InFlight {
    uint32_t tag = 0;
    uint64_t instruction = 0;
    bool long_latency = false;
    Subwarp subwarp;
  };
  std::vector<InFlight>::const_iterator find(uint32_t tag) const;  // throws if `tag` is not in flight
  std::vector<uint32_t> pending_;
  std::vector<InFlight> in_flight_;
  uint32_t next_tag_ = 1;
  uint32_t long_in_flight_ = 0;
  uint64_t instruction_ = 0;  // instructions begun
  uint32_t issued_ = 0, completed_ = 0;  // sub-warps of the last instruction
  bool wait_all_ = false;
  bool formed_ = true;
};

// What the issue stage asks of one scheduler's sub-warp former. The C++
// SubwarpFormer below is one; tb/cosim adds the Verilated rtl/lwm former and
// a lockstep pair through former_registry.h (-scwarp_sched_impl).
class SubwarpFormerIf {
 public:
  virtual ~SubwarpFormerIf() = default;
  // Starts on warp slot `warp`'s instruction `whole` with row parts `rows`
  // (taken: `rows` gets back a vector to reuse); `single`: an unconditional
  // branch, one sub-warp (the paper's jump rule).
  virtual void begin(uint32_t warp, UnitChoice unit, const func::ExecRecord& whole,
                     std::vector<func::ExecRecord>& rows, bool single) = 0;
  virtual bool busy() const = 0;
  virtual bool single() const = 0;
  virtual uint32_t warp() const = 0;
  virtual UnitChoice unit() const = 0;
  // The next sub-warp: per column, the lowest row whose thread is still to
  // be packed and not pending in `deps` (lanes 0: none can go this cycle).
  // Not const: an RTL former evaluates its model here.
  virtual Subwarp next(const ThreadDependencies& deps) = 0;
  // Takes `s` (what next() returned) out of what is left and writes its
  // 32-lane record.
  virtual void take(const Subwarp& s, func::ExecRecord& out) = 0;
  // Sub-warps compared with a second former (--sched-impl lockstep; 0 otherwise).
  virtual uint64_t compared_subwarps() const { return 0; }
};

// The 32-lane record of sub-warp `s` of the instruction `whole` with row
// parts `rows`; a jump's (`single`) carries every row's lanes.
void subwarp_record(const func::ExecRecord& whole, const std::vector<func::ExecRecord>& rows, const Subwarp& s,
                    bool single, func::ExecRecord& out);

// The sub-warp former of one scheduler: the instruction it is breaking down.
class SubwarpFormer final : public SubwarpFormerIf {
 public:
  void begin(uint32_t warp, UnitChoice unit, const func::ExecRecord& whole, std::vector<func::ExecRecord>& rows,
             bool single) override;
  bool busy() const override { return busy_; }
  bool single() const override { return single_; }
  uint32_t warp() const override { return warp_; }
  UnitChoice unit() const override { return unit_; }
  Subwarp next(const ThreadDependencies& deps) override;
  void take(const Subwarp& s, func::ExecRecord& out) override;

 private:
  bool busy_ = false;
  bool single_ = false;
  uint32_t warp_ = 0;
  UnitChoice unit_ = UnitChoice::Sp;
  func::ExecRecord whole_;
  std::vector<func::ExecRecord> rows_;
  std::vector<uint32_t> remaining_;
};

// Seed 002 Sec. 3.4's storage count for large warps on this configuration:
// per former the copy of the active mask and the two branch mask buffers
// (3 x K x N bits), and one dependency bit per thread of the SM; none with
// ordinary warps.
std::optional<sched::StorageCount> large_warp_storage(const config::GpuConfig& cfg);

}  // namespace scwarp::sm
