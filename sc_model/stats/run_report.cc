#include "sc_model/stats/run_report.h"

namespace scwarp::stats {

uint64_t RunReport::cycles() const {
  uint64_t total = 0;
  for (const KernelRecord& k : kernels) total += k.cycles();
  return total;
}

uint64_t RunReport::warp_instructions() const {
  uint64_t total = 0;
  for (const KernelRecord& k : kernels) total += k.warp_instructions;
  return total;
}

uint64_t RunReport::thread_instructions() const {
  uint64_t total = 0;
  for (const KernelRecord& k : kernels) total += k.thread_instructions;
  return total;
}

SmCounters RunReport::sm_total() const {
  SmCounters total;
  for (const SmCounters& s : sms) total += s;
  return total;
}

nlohmann::json to_json(const CacheCounters& c) {
  return {{"accesses", c.accesses},   {"hits", c.hits},
          {"misses", c.misses},       {"mshr_merges", c.mshr_merges},
          {"reservation_fails", c.reservation_fails},
          {"writebacks", c.writebacks}, {"stores", c.stores},
          {"hit_rate", c.accesses ? double(c.hits) / double(c.accesses) : 0.0}};
}

nlohmann::json to_json(const DramCounters& c) {
  const uint64_t column = c.row_hits + c.row_misses;
  return {{"reads", c.reads},
          {"writes", c.writes},
          {"row_hits", c.row_hits},
          {"row_misses", c.row_misses},
          {"row_hit_rate", column ? double(c.row_hits) / double(column) : 0.0},
          {"activates", c.activates},
          {"precharges", c.precharges},
          {"busy_cycles", c.busy_cycles},
          {"queue_full_cycles", c.queue_full_cycles}};
}

nlohmann::json to_json(const IcntCounters& c) {
  return {{"requests", c.requests},
          {"replies", c.replies},
          {"request_bytes", c.request_bytes},
          {"reply_bytes", c.reply_bytes},
          {"stall_cycles", c.stall_cycles}};
}

nlohmann::json to_json(const GpgpuStalls& s) {
  return {{"idle", s.idle}, {"scoreboard", s.scoreboard}, {"pipeline", s.pipeline}};
}

nlohmann::json to_json(const HazardStalls& s) {
  return {{"control", s.control},   {"data", s.data},   {"structural", s.structural},
          {"barrier", s.barrier},   {"sibling", s.sibling}, {"exit", s.exit},   {"fetch", s.fetch},
          {"empty", s.empty}};
}

nlohmann::json to_json(const OperandCollectorCounters& c) {
  return {{"register_reads", c.register_reads},
          {"bank_conflict_cycles", c.bank_conflict_cycles},
          {"bank_conflicts", c.bank_conflicts},
          {"full_stalls", c.full_stalls},
          {"dispatch_stalls", c.dispatch_stalls}};
}

namespace {

// Lane utilisation: per issued instruction, and per scheduler-cycle (a
// cycle without an issue uses no lane), and the mean over scheduler-cycles.
nlohmann::json simd_json(const SmCounters& c) {
  std::array<uint64_t, 33> per_cycle = c.active_lanes;
  per_cycle[0] += c.stall_cycles();
  return {{"lanes_per_instruction", c.active_lanes},
          {"lanes_per_scheduler_cycle", per_cycle},
          {"utilisation", c.scheduler_cycles ? double(c.thread_instructions) / (32.0 * double(c.scheduler_cycles)) : 0.0}};
}

nlohmann::json lockstep_json(const SmCounters& c) {
  return {{"issue_orders", c.lockstep_issue_orders}, {"fetch_picks", c.lockstep_fetch_picks}, {"subwarps", c.lockstep_subwarps}};
}

}  // namespace

nlohmann::json to_json(const SmCounters& c) {
  return {{"active_cycles", c.active_cycles},
          {"warp_instructions", c.warp_instructions},
          {"thread_instructions", c.thread_instructions},
          {"scheduler_cycles", c.scheduler_cycles},
          {"issued", c.issued},
          {"stalls", {{"gpgpu", to_json(c.gpgpu)}, {"hazards", to_json(c.hazards)}}},
          {"fetches", c.fetches},
          {"ibuffer_flushes", c.ibuffer_flushes},
          {"shared_accesses", c.shared_accesses},
          {"shared_bank_cycles", c.shared_bank_cycles},
          {"const_accesses", c.const_accesses},
          {"tex_accesses", c.tex_accesses},
          {"tex_stall_cycles", c.tex_stall_cycles},
          {"tbs_completed", c.tbs_completed},
          {"simd", simd_json(c)},
          {"operand_collector", to_json(c.operand_collector)},
          {"l1i", to_json(c.l1i)},
          {"l1c", to_json(c.l1c)},
          {"l1t", to_json(c.l1t)},
          {"l1d", to_json(c.l1d)},
          {"lockstep_compared", lockstep_json(c)}};
}

DivergentWarpRegion divergent_warp_region(const KernelRecord& kernel, uint64_t kernel_index,
                                          const std::vector<TbRecord>& tbs) {
  DivergentWarpRegion r;
  const uint64_t counted = kernel.blocks > kernel.max_resident_tbs ? kernel.blocks - kernel.max_resident_tbs : 0;
  for (const TbRecord& tb : tbs) {
    if (tb.kernel != kernel_index) continue;
    if (r.dwr_tbs < counted) {
      r.dwr += tb.metrics.dwr();
      ++r.dwr_tbs;
    }
    if (tb.metrics.stall_cycles) {
      r.dws += double(tb.metrics.dwr_stall_cycles) / double(tb.metrics.stall_cycles);
      ++r.dws_tbs;
    }
  }
  if (r.dwr_tbs) r.dwr /= double(r.dwr_tbs);
  if (r.dws_tbs) r.dws /= double(r.dws_tbs);
  return r;
}

namespace {

nlohmann::json kernels_json(const std::vector<KernelRecord>& kernels, const std::vector<TbRecord>& tbs) {
  nlohmann::json out = nlohmann::json::array();
  for (size_t i = 0; i < kernels.size(); ++i) {
    const KernelRecord& k = kernels[i];
    const DivergentWarpRegion d = divergent_warp_region(k, i, tbs);
    out.push_back({{"name", k.name},
                   {"blocks", k.blocks},
                   {"threads_per_block", k.threads_per_block},
                   {"start_cycle", k.start_cycle},
                   {"end_cycle", k.end_cycle},
                   {"cycles", k.cycles()},
                   {"warp_instructions", k.warp_instructions},
                   {"thread_instructions", k.thread_instructions},
                   {"max_resident_tbs", k.max_resident_tbs},
                   {"dwr", d.dwr},
                   {"dwr_tbs", d.dwr_tbs},
                   {"dws", d.dws},
                   {"dws_tbs", d.dws_tbs}});
  }
  return out;
}

// How many TBs' spread (max - min) exceeds 50/25/10/5% of their minimum
// (seed 004 Table 1; each bucket counts every TB at or above it).
nlohmann::json divergence_buckets(const std::vector<TbRecord>& tbs, bool cycles) {
  nlohmann::json out = nlohmann::json::object();
  for (int percent : {50, 25, 10, 5}) {
    uint64_t n = 0;
    for (const TbRecord& tb : tbs) {
      const TbMetrics& m = tb.metrics;
      const uint64_t lo = cycles ? m.min_warp_cycles : m.min_warp_instructions;
      const uint64_t hi = cycles ? m.max_warp_cycles : m.max_warp_instructions;
      n += double(hi - lo) * 100.0 > double(percent) * double(lo);
    }
    out[std::to_string(percent) + "%+"] = n;
  }
  return out;
}

// Seed 001's RTRU (mean over every warp-phase) and fraction of warp time
// stalled on barriers, and seed 004's divergence counts, over the run's TBs.
nlohmann::json metrics_json(const std::vector<TbRecord>& tbs) {
  double rtru = 0;
  uint64_t phases = 0, barrier_wait = 0, warp_cycles = 0;
  for (const TbRecord& tb : tbs) {
    rtru += tb.metrics.rtru_sum;
    phases += tb.metrics.warp_phases;
    barrier_wait += tb.metrics.barrier_wait_cycles;
    warp_cycles += tb.metrics.warp_cycles;
  }
  return {{"rtru", phases ? rtru / double(phases) : 0.0},
          {"warp_phases", phases},
          {"barrier_stall_fraction", warp_cycles ? double(barrier_wait) / double(warp_cycles) : 0.0},
          {"instruction_divergence_tbs", divergence_buckets(tbs, false)},
          {"cycle_divergence_tbs", divergence_buckets(tbs, true)}};
}

nlohmann::json snapshots_json(const std::vector<TbOrderSnapshot>& snapshots) {
  nlohmann::json out = nlohmann::json::array();
  for (const TbOrderSnapshot& s : snapshots)
    out.push_back({{"cycle", s.cycle}, {"kernel", s.kernel}, {"tbs", s.tbs}});
  return out;
}

nlohmann::json tbs_json(const std::vector<TbRecord>& tbs) {
  nlohmann::json out = nlohmann::json::array();
  for (const TbRecord& t : tbs)
    out.push_back({{"kernel", t.kernel},
                   {"id", t.id},
                   {"sm", t.sm},
                   {"start_cycle", t.start_cycle},
                   {"end_cycle", t.end_cycle},
                   {"warp_instructions", t.warp_instructions},
                   {"thread_instructions", t.thread_instructions},
                   {"rtru", t.metrics.warp_phases ? t.metrics.rtru_sum / t.metrics.warp_phases : 0.0},
                   {"warp_phases", t.metrics.warp_phases},
                   {"barrier_wait_cycles", t.metrics.barrier_wait_cycles},
                   {"warp_instructions_min_max", {t.metrics.min_warp_instructions, t.metrics.max_warp_instructions}},
                   {"warp_cycles_min_max", {t.metrics.min_warp_cycles, t.metrics.max_warp_cycles}},
                   {"dwr", t.metrics.dwr()},
                   {"stall_cycles", t.metrics.stall_cycles},
                   {"dwr_stall_cycles", t.metrics.dwr_stall_cycles}});
  return out;
}

}  // namespace

nlohmann::json to_json(const RunReport& report) {
  const SmCounters total = report.sm_total();
  const uint64_t cycles = report.cycles();
  nlohmann::json sms = nlohmann::json::array();
  for (const SmCounters& s : report.sms) sms.push_back(to_json(s));
  return {{"cycles", cycles},
          {"warp_instructions", report.warp_instructions()},
          {"thread_instructions", report.thread_instructions()},
          {"ipc", cycles ? double(report.thread_instructions()) / double(cycles) : 0.0},
          {"warp_ipc", cycles ? double(report.warp_instructions()) / double(cycles) : 0.0},
          {"stalls", {{"gpgpu", to_json(total.gpgpu)}, {"hazards", to_json(total.hazards)}}},
          {"scheduler_cycles", total.scheduler_cycles},
          {"issued", total.issued},
          {"simd", simd_json(total)},
          {"operand_collector", to_json(total.operand_collector)},
          {"lockstep_compared", lockstep_json(total)},
          {"sms", sms},
          {"l1i", to_json(total.l1i)},
          {"l1c", to_json(total.l1c)},
          {"l1t", to_json(total.l1t)},
          {"tex_stall_cycles", total.tex_stall_cycles},
          {"l1d", to_json(total.l1d)},
          {"l2", to_json(report.l2)},
          {"dram", to_json(report.dram)},
          {"icnt", to_json(report.icnt)},
          {"kernels", kernels_json(report.kernels, report.tbs)},
          {"tbs", tbs_json(report.tbs)},
          {"metrics", metrics_json(report.tbs)},
          {"tb_order_snapshots", snapshots_json(report.tb_order_snapshots)}};
}

}  // namespace scwarp::stats
