// The state attributes of seed 003's learning schedulers (Table II): what
// each measures in our model, its range, and how its value is bucketed into
// the small integers that index the learner's features. docs/schedulers.md
// ("rlws") gives the table and the choices the paper leaves open.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sc_model/sched/policy.h"

namespace scwarp::sched {

enum class Attr : uint8_t {
  // booleans (always 2 buckets)
  ATBWB, ATBWF, TBW, RLMI, RGMI, RSTCMI, RSFI, RSPI, NTF,
  // counted
  NIW, NSW, NFSFI, NFMI, NRSPI, NRGMI, NRSTCMI, NRSFI, NWI, NPS, NMPS, NSFPS, NSPPS,
  NAIPMI, NRI, NWS, NRAI, STBRMI, SMNMIE, ICMP, L1MP, L2MP, NIPL1M, AGML, GNMIE,
};
inline constexpr size_t kAttrCount = size_t(Attr::GNMIE) + 1;

// How a counted attribute's range is cut into buckets (Sec. IV.B): the
// first buckets narrow (Increasing widths: resolution where values are
// small, as NRGMI) or wide (Decreasing widths: resolution near the top, as
// L1MP).
enum class Widths : uint8_t { Increasing, Decreasing };

struct AttrSpec {
  Attr id;
  const char* name;
  bool boolean;
  Widths widths;
  // Top of the range (Table II); 0: the warps of one scheduler.
  uint32_t max;
  const char* measures;
};

const std::array<AttrSpec, kAttrCount>& attr_specs();
const AttrSpec& attr_spec(Attr a);

// One attribute of a learner's state and its bucket count (booleans: 2;
// counted: 2, 4 or 8, as the paper's search used, or 3 for Sec. IV.B's example).
struct StateAttr {
  Attr id;
  uint32_t buckets;
};

// "NAME:BUCKETS,..." (e.g. "AGML:2,GNMIE:8"): throws config::InvalidValue
// naming the bad part. Each name at most once.
std::vector<StateAttr> parse_state_attrs(std::string_view text);
std::string format_state_attrs(std::span<const StateAttr> attrs);

// The first percent of the range each bucket covers, bucket 0 first (so
// {0, 10, 30, 60} for 4 Increasing buckets: 0-9%, 10-29%, 30-59%, 60-100%).
std::vector<uint32_t> bucket_starts(uint32_t buckets, Widths widths);
// The bucket of `value` in [0, max] (larger values count as max).
uint32_t bucket_of(uint64_t value, uint64_t max, std::span<const uint32_t> starts);

// What the attributes read besides the views: history the policy keeps
// from its events, since the kernel (re)started learning.
struct AttrHistory {
  uint64_t alu_issued = 0;        // SP/SFU instructions issued by this SM
  uint64_t memory_issued = 0;     // memory instructions issued by this SM
  bool tb_finished = false;       // a TB of the kernel finished on this SM
  uint32_t last_memory_tb = kNoWarp;  // TB slot of the last memory instruction this scheduler issued
  MemoryView base;                // the SM's MemoryView when learning (re)started
};

// The raw value of every attribute for scheduler `sched` (its `warps`), as
// of now; only the `wanted` ones are computed, the others are left 0.
void measure_attrs(const SmView& sm, std::span<const uint32_t> warps, const AttrHistory& history,
                   std::span<const StateAttr> wanted, std::array<uint64_t, kAttrCount>& values);

// The action class of warp `w`'s head instruction (seed 003 Table I): which
// pipeline it goes to, memory split into global and shared/texture/constant.
enum class Pipe : uint8_t { Sp, Sfu, GlobalMem, StcMem };
Pipe pipe_of(const WarpView& w, const UnitState& units);
// Ready, with its unit free: the pipeline would issue it now.
inline bool can_issue(const WarpView& w, const UnitState& units) {
  return w.valid && w.wait == WarpWait::Ready && units.free(w.head_unit);
}

}  // namespace scwarp::sched
