#include "sc_model/stats/trace_writer.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <nlohmann/json.hpp>

#include "sc_model/common/error.h"

namespace scwarp::stats {

const char* activity_name(Activity what) {
  switch (what) {
    case Activity::Issue: return "issue";
    case Activity::Ready: return "ready";
    case Activity::Structural: return "structural";
    case Activity::Data: return "data";
    case Activity::Control: return "control";
    case Activity::Fetch: return "fetch";
    case Activity::Barrier: return "barrier";
    case Activity::Sibling: return "sibling";
    case Activity::Exit: return "exit";
    case Activity::Empty: return "empty";
  }
  return "?";
}

// As count_stall() (sm/stall_class.cc) files each hazard under GPGPU-Sim's classes.
const char* gpgpu_class(Activity what) {
  switch (what) {
    case Activity::Issue:
    case Activity::Ready: return "";
    case Activity::Structural: return "pipeline";
    case Activity::Data: return "scoreboard";
    default: return "idle";
  }
}

namespace {

// What a warp slot's "run" span is made of: it waits only a few cycles for these.
bool runs_on(Activity what) { return what < Activity::Barrier; }

// A big stdio buffer: a paper-size trace is written in millions of small pieces.
constexpr size_t kBufferBytes = size_t(1) << 20;

}  // namespace

TraceWriter::TraceWriter(const std::string& path, const TraceShape& shape, TraceFilter filter)
    : path_(path), shape_(shape), filter_(std::move(filter)), traced_(shape.sms, filter_.sms.empty()),
      spans_(shape.sms), releases_(shape.sms), pending_order_(shape.sms) {
  for (uint32_t sm : filter_.sms) traced_.at(sm) = true;
  out_ = std::fopen(path.c_str(), "w");
  if (!out_) throw Error(fmt::format("--trace '{}': cannot open the file: {}", path, std::strerror(errno)));
  std::setvbuf(out_, nullptr, _IOFBF, kBufferBytes);
  for (uint32_t sm = 0; sm < shape.sms; ++sm) {
    if (!traced_[sm]) continue;
    spans_[sm].resize(shape.schedulers + shape.warp_slots);
    releases_[sm].resize(shape.tb_slots);
  }
  fmt::print(out_,
             "{{\"displayTimeUnit\":\"ms\",\"otherData\":{{\"time_unit\":\"1 us of ts = 1 core cycle\","
             "\"window\":[{},{}]}},\n\"traceEvents\":[\n",
             filter_.from, filter_.to);
  write_metadata();
}

TraceWriter::~TraceWriter() {
  if (!out_) return;
  try {
    finish();
  } catch (const std::exception&) {
    // A destructor must not throw; the run's own error, if any, is the one to report.
  }
}

// Names and orders the tracks: the GPU first, then SM 0, 1, ...; in each SM
// its TB slots, its schedulers, then its warp slots.
void TraceWriter::write_metadata() {
  const auto name = [&](const char* kind, uint32_t pid, uint32_t tid, const std::string& value, uint32_t sort) {
    begin_event("M", kind, pid, tid, 0);
    fmt::print(out_, ",\"args\":{{\"name\":{}}}}}\n", nlohmann::json(value).dump());
    begin_event("M", std::string(kind[0] == 'p' ? "process" : "thread") + "_sort_index", pid, tid, 0);
    fmt::print(out_, ",\"args\":{{\"sort_index\":{}}}}}\n", sort);
  };
  name("process_name", 0, 0, "GPU", 0);
  name("thread_name", 0, 0, "kernels", 0);
  for (uint32_t sm = 0; sm < shape_.sms; ++sm) {
    if (!traced_[sm]) continue;
    const uint32_t pid = sm_pid(sm);
    name("process_name", pid, 0, fmt::format("SM {}", sm), pid);
    for (uint32_t t = 0; t < shape_.tb_slots; ++t) name("thread_name", pid, tb_tid(t), fmt::format("TB slot {}", t), tb_tid(t));
    for (uint32_t s = 0; s < shape_.schedulers; ++s)
      name("thread_name", pid, track_tid(s), fmt::format("scheduler {}", s), track_tid(s));
    for (uint32_t w = 0; w < shape_.warp_slots; ++w) {
      const uint32_t tid = track_tid(shape_.schedulers + w);
      name("thread_name", pid, tid, fmt::format("warp slot {}", w), tid);
    }
  }
}

void TraceWriter::begin_event(const char* ph, const std::string& name, uint32_t pid, uint32_t tid, uint64_t ts) {
  fmt::print(out_, "{}{{\"ph\":\"{}\",\"name\":{},\"pid\":{},\"tid\":{},\"ts\":{}", events_ ? "," : "", ph,
             nlohmann::json(name).dump(), pid, tid, ts);
  ++events_;
}

bool TraceWriter::clip(uint64_t& start, uint64_t& end) const {
  start = std::max(start, filter_.from);
  end = std::min(end, filter_.to);
  return start < end;
}

void TraceWriter::scheduler_cycles(uint32_t sm, uint32_t sched, Activity what, uint64_t from, uint64_t count) {
  extend(sm, sched, false, what, WarpOwner{}, from, count);
}

void TraceWriter::warp_cycles(uint32_t sm, uint32_t slot, Activity what, const WarpOwner& owner, uint64_t from,
                              uint64_t count) {
  extend(sm, shape_.schedulers + slot, true, what, owner, from, count);
}

// Continues the track's open span if these cycles follow it in the same
// state (a warp's run: in any state it runs on); otherwise writes it and
// opens a new one.
void TraceWriter::extend(uint32_t sm, uint32_t track, bool warp, Activity what, const WarpOwner& owner,
                         uint64_t from, uint64_t count) {
  Span& span = spans_[sm][track];
  const bool run = warp && runs_on(what);
  if (!(span.open && span.end == from && span.run == run && (run || span.what == what) && span.owner == owner)) {
    if (span.open) write_span(sm, track, span);
    span = Span{true, warp, run, what, owner, from, from, {}};
  }
  span.end += count;
  span.cycles[size_t(what)] += count;
}

void TraceWriter::write_span(uint32_t sm, uint32_t track, const Span& span) {
  uint64_t start = span.start, end = span.end;
  if (!clip(start, end)) return;
  begin_event("X", span.run ? "run" : activity_name(span.what), sm_pid(sm), track_tid(track), start);
  fmt::print(out_, ",\"dur\":{},\"args\":{{", end - start);
  const char* gpgpu = span.run ? "" : gpgpu_class(span.what);
  if (*gpgpu) fmt::print(out_, "\"gpgpu\":\"{}\"{}", gpgpu, span.warp ? "," : "");
  if (span.warp) fmt::print(out_, "\"tb\":{},\"warp\":{}", span.owner.tb, span.owner.warp_in_tb);
  if (span.warp && span.what == Activity::Barrier) fmt::print(out_, ",\"barrier\":{}", span.owner.barrier);
  // A run clipped by the window keeps the counts of its whole length: say so.
  if (span.run) {
    for (size_t a = 0; a < kActivities; ++a)
      if (span.cycles[a]) fmt::print(out_, ",\"{}\":{}", activity_name(Activity(a)), span.cycles[a]);
    if (start != span.start || end != span.end) fmt::print(out_, ",\"run_start\":{},\"run_end\":{}", span.start, span.end);
  }
  fmt::print(out_, "}}}}\n");
}

void TraceWriter::tb_done(uint32_t tb_slot, const TbRecord& record) {
  if (!traced_[record.sm]) return;
  const uint32_t pid = sm_pid(record.sm), tid = tb_tid(tb_slot);
  uint64_t start = record.start_cycle, end = record.end_cycle;
  if (clip(start, end)) {
    begin_event("X", fmt::format("TB {}", record.id), pid, tid, start);
    fmt::print(out_, ",\"dur\":{},\"args\":{{\"kernel\":{},\"tb\":{},\"warp_instructions\":{},\"start\":{},\"end\":{}}}}}\n",
               end - start, record.kernel, record.id, record.warp_instructions, record.start_cycle,
               record.end_cycle);
  }
  // Its barrier releases follow the TB's span on its track: timestamps per track stay in order.
  std::vector<Release>& releases = releases_[record.sm][tb_slot];
  for (const Release& r : releases) {
    if (r.cycle < filter_.from || r.cycle >= filter_.to) continue;
    begin_event("i", fmt::format("barrier {} released", r.barrier), pid, tid, r.cycle);
    fmt::print(out_, ",\"s\":\"t\",\"args\":{{\"tb\":{},\"barrier\":{},\"warps\":{}}}}}\n", r.tb, r.barrier, r.warps);
  }
  releases.clear();
}

void TraceWriter::barrier_released(uint32_t sm, uint32_t tb_slot, uint64_t tb, uint32_t barrier, uint32_t warps,
                                   uint64_t cycle) {
  releases_[sm][tb_slot].push_back(Release{tb, cycle, barrier, warps});
}

// A counter per TB slot: its rank in the order (1 = highest priority), 0
// while the slot holds no TB the order names.
void TraceWriter::write_order(uint32_t sm, std::span<const uint32_t> tb_slots, uint64_t cycle) {
  std::vector<uint32_t> rank(shape_.tb_slots, 0);
  for (uint32_t i = 0; i < tb_slots.size(); ++i) rank.at(tb_slots[i]) = i + 1;
  begin_event("C", "TB priority rank", sm_pid(sm), 0, cycle);
  fmt::print(out_, ",\"args\":{{");
  for (uint32_t t = 0; t < shape_.tb_slots; ++t) fmt::print(out_, "{}\"TB slot {}\":{}", t ? "," : "", t, rank[t]);
  fmt::print(out_, "}}}}\n");
}

// An order set before the window opens is written at the window's start.
void TraceWriter::tb_priority(uint32_t sm, std::span<const uint32_t> tb_slots, uint64_t cycle) {
  PendingOrder& pending = pending_order_[sm];
  if (cycle < filter_.from) {
    pending.held = true;
    pending.tb_slots.assign(tb_slots.begin(), tb_slots.end());
    return;
  }
  if (cycle >= filter_.to) return;
  if (pending.held && cycle > filter_.from) write_order(sm, pending.tb_slots, filter_.from);
  pending.held = false;
  write_order(sm, tb_slots, cycle);
}

void TraceWriter::kernel_done(uint64_t index, const KernelRecord& kernel) {
  uint64_t start = kernel.start_cycle, end = kernel.end_cycle;
  if (!clip(start, end)) return;
  begin_event("X", kernel.name, 0, 0, start);
  fmt::print(out_, ",\"dur\":{},\"args\":{{\"kernel\":{},\"blocks\":{},\"start\":{},\"end\":{}}}}}\n", end - start,
             index, kernel.blocks, kernel.start_cycle, kernel.end_cycle);
}

void TraceWriter::finish() {
  if (!out_) return;
  for (uint32_t sm = 0; sm < spans_.size(); ++sm) {
    for (uint32_t track = 0; track < spans_[sm].size(); ++track)
      if (spans_[sm][track].open) write_span(sm, track, spans_[sm][track]);
    if (pending_order_[sm].held) write_order(sm, pending_order_[sm].tb_slots, filter_.from);
  }
  fmt::print(out_, "]}}\n");
  const bool failed = std::ferror(out_) != 0;
  const bool closed = std::fclose(out_) == 0;
  out_ = nullptr;
  if (failed || !closed) throw Error(fmt::format("--trace '{}': writing the file failed", path_));
}

}  // namespace scwarp::stats
