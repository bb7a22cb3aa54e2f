// The two-level order shared by the TB-ranked issue policies (BAWS's MWF and
// SAWS, seed 001 Sec. 4.1 / 6.6): a scheduler's warps grouped by TB, the TBs
// in the order the policy ranks them, and inside each TB either loose round
// robin or greedy-then-oldest. The policy owns the TB ranking (MWF: warps
// waiting at the barrier; SAWS: first barrier-hit time); this class owns the
// intra-TB state (per scheduler and TB slot: the warp issued last) and the
// reused buffers. Not a policy itself: MwfPolicy / SawsPolicy forward events.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "sc_model/sched/policy.h"

namespace scwarp::sched {

enum class IntraTbOrder : uint8_t {
  // Round robin over the TB's warps (of this scheduler) from the warp after
  // the one this scheduler issued last in that TB (append_round_robin).
  Lrr,
  // The warp this scheduler issued last in that TB while it is valid and not
  // Exited, then the TB's other warps by ascending slot: all warps of a TB
  // share one age, so GTO's "oldest" is the smallest warp id. With
  // -scwarp_gto_greedy_last_issue 1 only the warp of the scheduler's last
  // issue is greedy (seed 001 Sec. 4.1: "starts from the warp issued in the
  // last cycle"); the other TBs go oldest first.
  Gto,
};

class TbRankedOrder {
 public:
  TbRankedOrder(const PolicyContext& ctx, IntraTbOrder intra);

  // Appends every entry of `warps` (scheduler `sched`'s valid warps,
  // ascending slot) to `out` exactly once. TBs go in the order of
  // `before(tb_slot_a, tb_slot_b)`, a strict weak order over TB slots; TBs it
  // leaves equal go by their lowest warp slot. Each TB's warps follow in the
  // intra-TB order.
  template <typename Before>
  void append(const SmView& sm, uint32_t sched, std::span<const uint32_t> warps, Before before,
              std::vector<uint32_t>& out) {
    find_runs(sm, warps);
    std::sort(runs_.begin(), runs_.end(), [&before, warps](const Run& a, const Run& b) {
      if (before(a.tb_slot, b.tb_slot)) return true;
      if (before(b.tb_slot, a.tb_slot)) return false;
      return warps[a.begin] < warps[b.begin];
    });
    for (const Run& r : runs_) append_run(sm, sched, warps.subspan(r.begin, r.end - r.begin), r.tb_slot, out);
  }

  IntraTbOrder intra() const { return intra_; }
  // The warp scheduler `sched` issued last in TB slot `tb_slot` (kNoWarp if none).
  uint32_t last_issued(uint32_t sched, uint32_t tb_slot) const { return last_.at(index(sched, tb_slot)); }

  void on_issue(const SmView& sm, uint32_t warp);
  // GTO: an exited warp loses its greedy place (a new TB may reuse the slot).
  void on_warp_exit(const SmView& sm, uint32_t warp);
  // A TB placed in `tb_slot` has issued nothing yet: forget the old TB's warp.
  void on_tb_launch(uint32_t tb_slot);

 private:
  // A run of consecutive entries of `warps` from one TB. A TB's warp slots
  // are consecutive, so each TB of the scheduler is exactly one run.
  struct Run {
    uint32_t begin, end;  // indices into `warps`
    uint32_t tb_slot;
  };

  size_t index(uint32_t sched, uint32_t tb_slot) const { return size_t(sched) * max_tbs_ + tb_slot; }
  void find_runs(const SmView& sm, std::span<const uint32_t> warps);
  void append_run(const SmView& sm, uint32_t sched, std::span<const uint32_t> run, uint32_t tb_slot,
                  std::vector<uint32_t>& out) const;

  // GTO's greedy warp of TB slot `tb_slot` for scheduler `sched`, kNoWarp if none.
  uint32_t greedy(const SmView& sm, uint32_t sched, uint32_t tb_slot) const;

  IntraTbOrder intra_;
  uint32_t max_tbs_;
  bool greedy_last_issue_;      // -scwarp_gto_greedy_last_issue
  std::vector<uint32_t> last_;  // [sched * max_tbs + tb_slot]: warp issued last there, kNoWarp if none
  std::vector<uint32_t> last_issue_;  // [sched]: the warp of its last issue, kNoWarp if none or exited
  std::vector<Run> runs_;       // append()'s buffer, reused every cycle
};

}  // namespace scwarp::sched
