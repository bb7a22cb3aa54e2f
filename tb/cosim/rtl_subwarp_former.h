// The LWM sub-warp former RTL (rtl/lwm/lwm_subwarp_former.v, Verilated as
// plain C++) behind sm::SubwarpFormerIf: one Verilated former per scheduler
// under -scwarp_sched_impl rtl, and LockstepSubwarpFormer, which runs the
// C++ former and the RTL one side by side under lockstep.
//
// Timing contract (docs/rtl.md, "LWM blocks"): every former operation is
// one rising edge. begin() latches the instruction's per-row exec masks
// (begin_i, no take); next() drives pending_i with the warp's dependency
// bits and reads the sub-warp the column encoders form (no edge); take()
// is the edge with take_i, which drops its threads from the copy. The
// dependency bits stay the C++ ThreadDependencies (the warp table reads
// them too); only the former's mask copy, encoders, busy and jump logic
// are RTL. The record's data (addresses, the instruction) is the C++
// model's: the former RTL carries masks only.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "sc_model/sm/former_registry.h"
#include "sc_model/sm/subwarp_former.h"

class Vlwm_subwarp_former;

namespace scwarp::cosim {

template <typename V>
class VerilatedBlock;  // tb/cosim/verilated_block.h

// The size lwm_subwarp_former is Verilated at (tb/cosim/CMakeLists.txt):
// 256-thread large warps (K = 8 rows of 32), 48 large warp slots per SM (as
// many as the GTX480 has warp slots: smaller large warps need more).
inline constexpr uint32_t kRtlLwmRows = 8, kRtlLwmSlots = 48;

class RtlSubwarpFormer : public sm::SubwarpFormerIf {
 public:
  // Refuses (scwarp::Error) an SM whose large warps or slots it cannot hold.
  explicit RtlSubwarpFormer(const sm::FormerContext& ctx);
  ~RtlSubwarpFormer() override;

  void begin(uint32_t warp, sm::UnitChoice unit, const func::ExecRecord& whole,
             std::vector<func::ExecRecord>& rows, bool single) override;
  bool busy() const override;
  bool single() const override;
  uint32_t warp() const override;
  sm::UnitChoice unit() const override { return unit_; }
  sm::Subwarp next(const sm::ThreadDependencies& deps) override;
  void take(const sm::Subwarp& s, func::ExecRecord& out) override;

 private:
  const sched::SmView& view_;  // its cycle times the trace-less block's evaluations
  std::unique_ptr<VerilatedBlock<Vlwm_subwarp_former>> block_;
  sm::UnitChoice unit_ = sm::UnitChoice::Sp;
  func::ExecRecord whole_;
  std::vector<func::ExecRecord> rows_;
  bool settled_ = false;  // the outputs are those of the ports as driven (no edge since)
};

// The C++ former and the RTL one on the same operations: every sub-warp
// formed (columns, each column's row, the jump flag) and the busy flag after
// every take must agree; the first difference stops the run with an Error
// naming the cycle, the SM, the scheduler, the warp and both sub-warps.
class LockstepSubwarpFormer : public sm::SubwarpFormerIf {
 public:
  LockstepSubwarpFormer(std::unique_ptr<sm::SubwarpFormerIf> golden, std::unique_ptr<sm::SubwarpFormerIf> rtl,
                        const sm::FormerContext& ctx);

  void begin(uint32_t warp, sm::UnitChoice unit, const func::ExecRecord& whole,
             std::vector<func::ExecRecord>& rows, bool single) override;
  bool busy() const override { return golden_->busy(); }
  bool single() const override { return golden_->single(); }
  uint32_t warp() const override { return golden_->warp(); }
  sm::UnitChoice unit() const override { return golden_->unit(); }
  sm::Subwarp next(const sm::ThreadDependencies& deps) override;
  void take(const sm::Subwarp& s, func::ExecRecord& out) override;
  uint64_t compared_subwarps() const override { return compared_; }

 private:
  [[noreturn]] void mismatch(const char* what, const sm::Subwarp& golden, const sm::Subwarp& rtl) const;

  std::unique_ptr<sm::SubwarpFormerIf> golden_, rtl_;
  const sched::SmView& view_;
  uint32_t sched_;
  std::vector<func::ExecRecord> rtl_rows_;  // the RTL half's copy of the rows (reused)
  func::ExecRecord rtl_record_;             // the RTL half's record, unused: the golden one goes on
  uint64_t compared_ = 0;
};

}  // namespace scwarp::cosim
