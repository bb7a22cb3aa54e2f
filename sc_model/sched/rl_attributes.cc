#include "sc_model/sched/rl_attributes.h"

#include <algorithm>
#include <cmath>

#include "sc_model/config/value_text.h"

namespace scwarp::sched {
namespace {

using enum Attr;
constexpr Widths kInc = Widths::Increasing;
constexpr Widths kDec = Widths::Decreasing;

// Counts of warps grow from few to many: fine buckets at the bottom.
// Miss rates and latencies matter most when high: fine buckets at the top.
constexpr std::array<AttrSpec, kAttrCount> kSpecs{{
    {ATBWB, "ATBWB", true, kInc, 1, "a TB has some, not all, of its live warps at a barrier"},
    {ATBWF, "ATBWF", true, kInc, 1, "a TB has some, not all, of its warps finished"},
    {TBW, "TBW", true, kInc, 1, "TBs of the kernel still wait for an SM"},
    {RLMI, "RLMI", true, kInc, 1, "a warp can issue a memory instruction that was long latency last time at its pc"},
    {RGMI, "RGMI", true, kInc, 1, "a warp can issue a global memory instruction"},
    {RSTCMI, "RSTCMI", true, kInc, 1, "a warp can issue a shared/texture/constant memory instruction"},
    {RSFI, "RSFI", true, kInc, 1, "a warp can issue an SFU instruction"},
    {RSPI, "RSPI", true, kInc, 1, "a warp can issue an SP instruction"},
    {NTF, "NTF", true, kInc, 1, "no TB of the kernel has finished on this SM"},
    {NIW, "NIW", false, kInc, 0, "warps with an empty I-buffer"},
    {NSW, "NSW", false, kInc, 0, "split warps: head runs on fewer threads than are live"},
    {NFSFI, "NFSFI", false, kInc, 0, "warps whose next instruction goes to the SFU"},
    {NFMI, "NFMI", false, kInc, 0, "warps whose next instruction is a memory instruction"},
    {NRSPI, "NRSPI", false, kInc, 0, "warps that can issue an SP instruction"},
    {NRGMI, "NRGMI", false, kInc, 0, "warps that can issue a global memory instruction"},
    {NRSTCMI, "NRSTCMI", false, kInc, 0, "warps that can issue a shared/texture/constant memory instruction"},
    {NRSFI, "NRSFI", false, kInc, 0, "warps that can issue an SFU instruction"},
    {NWI, "NWI", false, kInc, 0, "warps waiting for operands (scoreboard)"},
    {NPS, "NPS", false, kInc, 0, "ready warps whose unit is not free"},
    {NMPS, "NMPS", false, kInc, 0, "ready warps waiting for the LD/ST unit"},
    {NSFPS, "NSFPS", false, kInc, 0, "ready warps waiting for the SFU"},
    {NSPPS, "NSPPS", false, kInc, 0, "ready warps waiting for the SP"},
    {NAIPMI, "NAIPMI", false, kInc, 24, "SP/SFU instructions issued per memory instruction (this SM)"},
    {NRI, "NRI", false, kInc, 0, "ready warps"},
    {NWS, "NWS", false, kInc, 0, "schedulable warps: live and not at a barrier"},
    {NRAI, "NRAI", false, kInc, 0, "warps that can issue an SP or SFU instruction"},
    {STBRMI, "STBRMI", false, kInc, 0, "warps that can issue a memory instruction, in the TB of the last one issued"},
    {SMNMIE, "SMNMIE", false, kInc, 40, "global memory instructions in flight on this SM"},
    {ICMP, "ICMP", false, kDec, 100, "L1I miss percentage (this SM)"},
    {L1MP, "L1MP", false, kDec, 100, "L1D miss percentage (this SM)"},
    {L2MP, "L2MP", false, kDec, 100, "L2 miss percentage (GPU)"},
    {NIPL1M, "NIPL1M", false, kInc, 100, "warp instructions issued per L1D miss (this SM)"},
    {AGML, "AGML", false, kDec, 800, "average global memory latency in cycles (GPU)"},
    {GNMIE, "GNMIE", false, kInc, 600, "global memory instructions in flight on the GPU"},
}};

uint64_t triangle(uint64_t k) { return k * (k + 1) / 2; }

uint64_t percent(uint64_t part, uint64_t whole) { return whole ? part * 100 / whole : 0; }

uint64_t ratio(uint64_t num, uint64_t den) { return den ? num / den : num; }

// One pass over the scheduler's warps for every warp-count attribute.
struct WarpCounts {
  uint64_t idle = 0, split = 0, next_sfu = 0, next_mem = 0, ready = 0, schedulable = 0, waiting_operands = 0;
  uint64_t issuable_sp = 0, issuable_sfu = 0, issuable_gmem = 0, issuable_stc = 0, issuable_long = 0;
  uint64_t unit_busy_sp = 0, unit_busy_sfu = 0, unit_busy_mem = 0, same_tb_mem = 0;
};

WarpCounts count_warps(const SmView& sm, std::span<const uint32_t> warps, uint32_t last_memory_tb) {
  WarpCounts c;
  for (uint32_t slot : warps) {
    const WarpView& w = sm.warps[slot];
    if (!w.valid || w.wait == WarpWait::Exited) continue;
    const bool head = w.ibuffer_count > 0;
    c.idle += !head;
    c.split += w.diverged;
    c.schedulable += w.wait != WarpWait::Barrier;
    c.waiting_operands += w.wait == WarpWait::Data;
    if (head) {
      c.next_sfu += w.head_unit == IssueUnit::Sfu;
      c.next_mem += w.head_unit == IssueUnit::Ldst;
    }
    if (w.wait != WarpWait::Ready) continue;
    ++c.ready;
    const Pipe pipe = pipe_of(w, sm.units);
    if (!sm.units.free(w.head_unit)) {
      c.unit_busy_sp += pipe == Pipe::Sp;
      c.unit_busy_sfu += pipe == Pipe::Sfu;
      c.unit_busy_mem += pipe == Pipe::GlobalMem || pipe == Pipe::StcMem;
      continue;
    }
    c.issuable_sp += pipe == Pipe::Sp;
    c.issuable_sfu += pipe == Pipe::Sfu;
    c.issuable_gmem += pipe == Pipe::GlobalMem;
    c.issuable_stc += pipe == Pipe::StcMem;
    c.issuable_long += w.head_was_long;
    c.same_tb_mem += w.head_unit == IssueUnit::Ldst && w.tb_slot == last_memory_tb;
  }
  return c;
}

// Any TB whose warps are partly at a barrier / partly finished.
void tb_flags(const SmView& sm, bool& some_at_barrier, bool& some_finished) {
  some_at_barrier = some_finished = false;
  for (const TbView& tb : sm.tbs) {
    if (!tb.valid) continue;
    const uint32_t live = tb.warps - tb.warps_exited;
    some_at_barrier |= tb.warps_at_barrier > 0 && tb.warps_at_barrier < live;
    some_finished |= tb.warps_exited > 0 && tb.warps_exited < tb.warps;
  }
}

}  // namespace

const std::array<AttrSpec, kAttrCount>& attr_specs() { return kSpecs; }

const AttrSpec& attr_spec(Attr a) { return kSpecs[size_t(a)]; }

std::vector<StateAttr> parse_state_attrs(std::string_view text) {
  std::vector<StateAttr> attrs;
  for (std::string_view part : config::split(text, ',')) {
    part = config::trim(part);
    const size_t colon = part.find(':');
    const std::string_view name = part.substr(0, colon);
    auto spec = std::find_if(kSpecs.begin(), kSpecs.end(), [name](const AttrSpec& s) { return s.name == name; });
    if (spec == kSpecs.end() || colon == std::string_view::npos)
      throw config::InvalidValue("NAME:BUCKETS,... with NAME an attribute of seed 003 Table II (e.g. L1MP:8); '" +
                                 std::string(part) + "' is not");
    const uint32_t buckets = config::parse_count(part.substr(colon + 1), 2);
    const bool allowed = spec->boolean ? buckets == 2 : buckets >= 2 && buckets <= 8;
    if (!allowed)
      throw config::InvalidValue(std::string(name) + (spec->boolean ? ": a boolean attribute has 2 buckets"
                                                                    : ": 2 to 8 buckets"));
    for (const StateAttr& a : attrs)
      if (a.id == spec->id) throw config::InvalidValue(std::string(name) + " given twice");
    attrs.push_back({spec->id, buckets});
  }
  return attrs;
}

std::string format_state_attrs(std::span<const StateAttr> attrs) {
  std::string out;
  for (const StateAttr& a : attrs)
    out += (out.empty() ? "" : ",") + std::string(attr_spec(a.id).name) + ":" + std::to_string(a.buckets);
  return out;
}

// Increasing: bucket k starts at 100 * T(k) / T(B) percent (T the triangle
// numbers: widths grow 1 : 2 : 3 ...), which gives Sec. IV.B's NRGMI example
// (4 buckets: 0-9, 10-29, 30-59, 60-100) exactly. Decreasing: the mirror
// image, except 3 buckets, where Sec. IV.B's L1MP example (0-50, 51-80,
// 81-100) is taken as written (no one rule gives both examples).
std::vector<uint32_t> bucket_starts(uint32_t buckets, Widths widths) {
  std::vector<uint32_t> starts(buckets, 0);
  if (widths == Widths::Decreasing && buckets == 3) return {0, 51, 81};
  for (uint32_t k = 1; k < buckets; ++k) {
    const uint64_t from_bottom = widths == Widths::Increasing ? triangle(k) : triangle(buckets) - triangle(buckets - k);
    starts[k] = uint32_t(std::lround(100.0 * double(from_bottom) / double(triangle(buckets))));
  }
  return starts;
}

uint32_t bucket_of(uint64_t value, uint64_t max, std::span<const uint32_t> starts) {
  const uint64_t p = max ? std::min(value, max) * 100 / max : 0;
  uint32_t bucket = 0;
  while (bucket + 1 < starts.size() && p >= starts[bucket + 1]) ++bucket;
  return bucket;
}

Pipe pipe_of(const WarpView& w, const UnitState& units) {
  switch (w.head_unit) {
    case IssueUnit::Ldst: return is_global_space(w.head_space) ? Pipe::GlobalMem : Pipe::StcMem;
    case IssueUnit::Sfu: return Pipe::Sfu;
    case IssueUnit::SpOrSfu: return units.sp_free || !units.sfu_free ? Pipe::Sp : Pipe::Sfu;
    case IssueUnit::Sp: return Pipe::Sp;
  }
  return Pipe::Sp;
}

void measure_attrs(const SmView& sm, std::span<const uint32_t> warps, const AttrHistory& h,
                   std::span<const StateAttr> wanted, std::array<uint64_t, kAttrCount>& v) {
  const WarpCounts c = count_warps(sm, warps, h.last_memory_tb);
  bool at_barrier = false, finished = false;
  tb_flags(sm, at_barrier, finished);
  const MemoryView& m = sm.memory();
  const MemoryView& b = h.base;
  for (const StateAttr& a : wanted) {
    uint64_t& x = v[size_t(a.id)];
    switch (a.id) {
      case ATBWB: x = at_barrier; break;
      case ATBWF: x = finished; break;
      case TBW: x = sm.tbs_waiting; break;
      case RLMI: x = c.issuable_long > 0; break;
      case RGMI: x = c.issuable_gmem > 0; break;
      case RSTCMI: x = c.issuable_stc > 0; break;
      case RSFI: x = c.issuable_sfu > 0; break;
      case RSPI: x = c.issuable_sp > 0; break;
      case NTF: x = !h.tb_finished; break;
      case NIW: x = c.idle; break;
      case NSW: x = c.split; break;
      case NFSFI: x = c.next_sfu; break;
      case NFMI: x = c.next_mem; break;
      case NRSPI: x = c.issuable_sp; break;
      case NRGMI: x = c.issuable_gmem; break;
      case NRSTCMI: x = c.issuable_stc; break;
      case NRSFI: x = c.issuable_sfu; break;
      case NWI: x = c.waiting_operands; break;
      case NPS: x = c.unit_busy_sp + c.unit_busy_sfu + c.unit_busy_mem; break;
      case NMPS: x = c.unit_busy_mem; break;
      case NSFPS: x = c.unit_busy_sfu; break;
      case NSPPS: x = c.unit_busy_sp; break;
      case NAIPMI: x = ratio(h.alu_issued, h.memory_issued); break;
      case NRI: x = c.ready; break;
      case NWS: x = c.schedulable; break;
      case NRAI: x = c.issuable_sp + c.issuable_sfu; break;
      case STBRMI: x = c.same_tb_mem; break;
      case SMNMIE: x = m.global_in_flight; break;
      case ICMP: x = percent(m.l1i_misses - b.l1i_misses, m.l1i_accesses - b.l1i_accesses); break;
      case L1MP: x = percent(m.l1d_misses - b.l1d_misses, m.l1d_accesses - b.l1d_accesses); break;
      case L2MP: x = percent(m.l2_misses - b.l2_misses, m.l2_accesses - b.l2_accesses); break;
      case NIPL1M: x = ratio(m.issued - b.issued, m.l1d_misses - b.l1d_misses); break;
      case AGML: x = ratio(m.global_latency_sum - b.global_latency_sum, m.global_done - b.global_done); break;
      case GNMIE: x = m.gpu_global_in_flight; break;
    }
  }
}

}  // namespace scwarp::sched
