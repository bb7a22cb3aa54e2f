#include "sc_model/sm/subwarp_former.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "sc_model/common/error.h"

namespace scwarp::sm {

uint32_t Subwarp::lanes_of_row(uint32_t r) const {
  uint32_t mask = 0;
  for (uint32_t m = lanes; m; m &= m - 1) {
    const unsigned c = unsigned(std::countr_zero(m));
    if (row[c] == r) mask |= 1u << c;
  }
  return mask;
}

uint32_t Subwarp::first_row() const {
  uint32_t first = 0xff;
  for (uint32_t m = lanes; m; m &= m - 1) first = std::min<uint32_t>(first, row[std::countr_zero(m)]);
  return lanes ? first : 0;
}

void ThreadDependencies::reset(uint32_t rows) {
  pending_.assign(rows, 0);
  in_flight_.clear();
  long_in_flight_ = 0;
  instruction_ = 0;
  issued_ = completed_ = 0;
  wait_all_ = false;
  formed_ = true;
}

bool ThreadDependencies::any_free(const func::Warp& warp) const {
  for (uint32_t r = 0; r < warp.rows(); ++r) {
    const func::Warp& row = warp.row(r);
    if (row.live_mask() && (row.active_mask() & ~pending_[r])) return true;
  }
  return false;
}

void ThreadDependencies::begin_instruction(bool wait_all) {
  ++instruction_;
  issued_ = completed_ = 0;
  wait_all_ = wait_all;
  formed_ = false;
}

uint32_t ThreadDependencies::issue(const Subwarp& s, bool long_latency) {
  for (uint32_t r = 0; r < pending_.size(); ++r) pending_[r] |= s.lanes_of_row(r);
  const uint32_t tag = next_tag_++;
  if (next_tag_ == 0) next_tag_ = 1;  // 0 means "no sub-warp" in ExecRecord::tag
  in_flight_.push_back(InFlight{tag, instruction_, long_latency, s});
  long_in_flight_ += long_latency;
  ++issued_;
  return tag;
}

std::vector<ThreadDependencies::InFlight>::const_iterator ThreadDependencies::find(uint32_t tag) const {
  auto it = std::find_if(in_flight_.begin(), in_flight_.end(), [&](const InFlight& f) { return f.tag == tag; });
  if (it == in_flight_.end()) throw Error("SM: a sub-warp completed that was not in flight (tag " + std::to_string(tag) + ")");
  return it;
}

uint32_t ThreadDependencies::rf_row(uint32_t tag) const { return find(tag)->subwarp.first_row(); }

void ThreadDependencies::complete(uint32_t tag) {
  const auto it = find(tag);
  for (uint32_t r = 0; r < pending_.size(); ++r) pending_[r] &= ~it->subwarp.lanes_of_row(r);
  long_in_flight_ -= it->long_latency;
  completed_ += it->instruction == instruction_;
  in_flight_.erase(it);
}

bool ThreadDependencies::refetch_ready() const {
  if (!formed_) return false;
  return wait_all_ ? completed_ == issued_ : completed_ > 0 || issued_ == 0;
}

void SubwarpFormer::begin(uint32_t warp, UnitChoice unit, const func::ExecRecord& whole,
                          std::vector<func::ExecRecord>& rows, bool single) {
  busy_ = true;
  warp_ = warp;
  unit_ = unit;
  whole_ = whole;
  rows_.swap(rows);
  remaining_.resize(rows_.size());
  uint32_t any = 0;
  for (size_t r = 0; r < rows_.size(); ++r) any |= remaining_[r] = rows_[r].exec_mask;
  // A jump, or an instruction no thread executes (every guard false), moves
  // the PC only: one sub-warp.
  single_ = single || any == 0;
}

Subwarp SubwarpFormer::next(const ThreadDependencies& deps) {
  Subwarp s;
  if (single_) return s;
  for (uint32_t r = 0; r < remaining_.size(); ++r) {
    const uint32_t take = remaining_[r] & ~deps.pending(r) & ~s.lanes;
    for (uint32_t m = take; m; m &= m - 1) s.row[std::countr_zero(m)] = uint8_t(r);
    s.lanes |= take;
  }
  return s;
}

void subwarp_record(const func::ExecRecord& whole, const std::vector<func::ExecRecord>& rows, const Subwarp& s,
                    bool single, func::ExecRecord& out) {
  out = whole;
  out.active_mask = out.exec_mask = s.lanes;
  if (single) {
    for (const func::ExecRecord& r : rows) out.active_mask |= r.exec_mask;
    out.exec_mask = out.active_mask;
    return;
  }
  for (uint32_t m = s.lanes; m; m &= m - 1) {
    const unsigned c = unsigned(std::countr_zero(m));
    out.addr[c] = rows[s.row[c]].addr[c];
  }
}

void SubwarpFormer::take(const Subwarp& s, func::ExecRecord& out) {
  subwarp_record(whole_, rows_, s, single_, out);
  busy_ = false;
  if (single_) return;
  for (uint32_t r = 0; r < remaining_.size(); ++r) busy_ |= (remaining_[r] &= ~s.lanes_of_row(r)) != 0;
}

std::optional<sched::StorageCount> large_warp_storage(const config::GpuConfig& cfg) {
  if (cfg.large_warp_rows() == 1) return std::nullopt;
  const uint64_t mask = cfg.large_warp_size, formers = cfg.schedulers_per_sm, threads = cfg.max_threads_per_sm;
  sched::StorageCount c;
  c.bits = formers * 3 * mask + threads;
  c.formula = fmt::format("{} former(s) x (K x N + 2 x K x N) + threads = {} x ({} + {}) + {} bits ({} bytes): "
                          "K x N = {}-thread large warps, {} threads per SM",
                          formers, formers, mask, 2 * mask, threads, c.bits / 8, mask, threads);
  c.paper_bits = 1792;
  c.paper = "seed 002 Sec. 3.4: 256 + 512 + 1024 bits = 224 bytes for 256-thread large warps on a 1024-thread "
            "core with one pipeline";
  c.not_counted = {"the register file's per-lane address decoders (Sec. 3.1's banked register file)",
                   "the completion tracking of in-flight sub-warps (which threads each one holds)",
                   "the re-convergence stack's wider masks (K x N bits per entry instead of N)"};
  return c;
}

}  // namespace scwarp::sm
