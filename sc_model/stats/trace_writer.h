// A TraceSink that streams a Chrome trace-event JSON file (Perfetto and
// chrome://tracing open it; docs/trace.md): one process per SM, one thread
// (track) per TB slot, per scheduler and per warp slot; ts and dur in core
// cycles (the viewers read them as microseconds: 1 us on the axis = 1 cycle).
// Consecutive cycles of one track in the same state become one complete
// ("X") event, written when the state changes, so the file grows with state
// changes, not with cycles. A warp slot's short waits between issues (ready,
// structural, data, control, fetch) change every few cycles: they merge with
// its issues into one "run" span that counts its cycles of each in its args,
// broken only by the long waits (barrier, sibling, exit) and by a new warp.
// A window [from, to) clips every event to it.
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "sc_model/stats/trace_sink.h"

namespace scwarp::stats {

// The slots of one SM, as the configuration sizes them.
struct TraceShape {
  uint32_t sms = 0, tb_slots = 0, schedulers = 0, warp_slots = 0;
};

struct TraceFilter {
  uint64_t from = 0, to = std::numeric_limits<uint64_t>::max();  // cycles [from, to)
  std::vector<uint32_t> sms;                                     // empty: every SM
};

// "issue", "ready", "structural", ... (the span names) and the GPGPU-Sim
// class of a stall ("pipeline", "scoreboard", "idle"; "" for Issue and Ready).
const char* activity_name(Activity what);
const char* gpgpu_class(Activity what);

class TraceWriter : public TraceSink {
 public:
  // Throws scwarp::Error when `path` cannot be written.
  TraceWriter(const std::string& path, const TraceShape& shape, TraceFilter filter);
  // Finishes the file if finish() was not called (a run that failed still
  // leaves a loadable trace of what it did).
  ~TraceWriter() override;
  TraceWriter(const TraceWriter&) = delete;
  TraceWriter& operator=(const TraceWriter&) = delete;

  // Writes the spans still open and closes the JSON; throws scwarp::Error
  // naming the file if writing failed.
  void finish();
  uint64_t events() const { return events_; }

  bool traces_sm(uint32_t sm) const override { return traced_.at(sm); }
  void scheduler_cycles(uint32_t sm, uint32_t sched, Activity what, uint64_t from, uint64_t count) override;
  void warp_cycles(uint32_t sm, uint32_t slot, Activity what, const WarpOwner& owner, uint64_t from,
                   uint64_t count) override;
  void tb_done(uint32_t tb_slot, const TbRecord& record) override;
  void barrier_released(uint32_t sm, uint32_t tb_slot, uint64_t tb, uint32_t barrier, uint32_t warps,
                        uint64_t cycle) override;
  void tb_priority(uint32_t sm, std::span<const uint32_t> tb_slots, uint64_t cycle) override;
  void kernel_done(uint64_t index, const KernelRecord& kernel) override;

 private:
  // A run of cycles [start, end) of one track in one state.
  static constexpr size_t kActivities = size_t(Activity::Empty) + 1;
  struct Span {
    bool open = false;
    bool warp = false;  // a warp slot's (args name the warp)
    bool run = false;   // a warp slot's run: `cycles` says what it did
    Activity what = Activity::Empty;  // unless `run`
    WarpOwner owner;
    uint64_t start = 0, end = 0;
    std::array<uint64_t, kActivities> cycles{};  // by Activity
  };
  struct Release {
    uint64_t tb, cycle;
    uint32_t barrier, warps;
  };
  struct PendingOrder {  // the TB order in force when the window opens
    bool held = false;
    std::vector<uint32_t> tb_slots;
  };

  void extend(uint32_t sm, uint32_t track, bool warp, Activity what, const WarpOwner& owner, uint64_t from,
              uint64_t count);
  void write_span(uint32_t sm, uint32_t track, const Span& span);
  void write_order(uint32_t sm, std::span<const uint32_t> tb_slots, uint64_t cycle);
  void write_metadata();
  // Opens an event: the comma, ph, name (JSON-escaped), pid, tid and ts.
  void begin_event(const char* ph, const std::string& name, uint32_t pid, uint32_t tid, uint64_t ts);
  bool clip(uint64_t& start, uint64_t& end) const;  // false: nothing inside the window
  uint32_t sm_pid(uint32_t sm) const { return sm + 1; }  // pid 0 is the GPU (kernels)
  uint32_t tb_tid(uint32_t tb_slot) const { return 1 + tb_slot; }
  uint32_t track_tid(uint32_t track) const { return 1 + shape_.tb_slots + track; }  // schedulers, then warp slots

  std::string path_;
  std::FILE* out_ = nullptr;
  TraceShape shape_;
  TraceFilter filter_;
  std::vector<bool> traced_;
  std::vector<std::vector<Span>> spans_;                 // [sm][scheduler, then schedulers + warp slot]
  std::vector<std::vector<std::vector<Release>>> releases_;  // [sm][tb slot]: written after the TB's span
  std::vector<PendingOrder> pending_order_;              // [sm]
  uint64_t events_ = 0;
};

}  // namespace scwarp::stats
