#include "sc_model/stats/counters.h"

namespace scwarp::stats {

CacheCounters& CacheCounters::operator+=(const CacheCounters& o) {
  accesses += o.accesses;
  hits += o.hits;
  misses += o.misses;
  mshr_merges += o.mshr_merges;
  reservation_fails += o.reservation_fails;
  writebacks += o.writebacks;
  stores += o.stores;
  return *this;
}

DramCounters& DramCounters::operator+=(const DramCounters& o) {
  reads += o.reads;
  writes += o.writes;
  row_hits += o.row_hits;
  row_misses += o.row_misses;
  activates += o.activates;
  precharges += o.precharges;
  busy_cycles += o.busy_cycles;
  queue_full_cycles += o.queue_full_cycles;
  return *this;
}

IcntCounters& IcntCounters::operator+=(const IcntCounters& o) {
  requests += o.requests;
  replies += o.replies;
  request_bytes += o.request_bytes;
  reply_bytes += o.reply_bytes;
  stall_cycles += o.stall_cycles;
  return *this;
}

GpgpuStalls& GpgpuStalls::operator+=(const GpgpuStalls& o) {
  idle += o.idle;
  scoreboard += o.scoreboard;
  pipeline += o.pipeline;
  return *this;
}

HazardStalls& HazardStalls::operator+=(const HazardStalls& o) {
  control += o.control;
  data += o.data;
  structural += o.structural;
  barrier += o.barrier;
  sibling += o.sibling;
  exit += o.exit;
  fetch += o.fetch;
  empty += o.empty;
  return *this;
}

OperandCollectorCounters& OperandCollectorCounters::operator+=(const OperandCollectorCounters& o) {
  register_reads += o.register_reads;
  bank_conflict_cycles += o.bank_conflict_cycles;
  bank_conflicts += o.bank_conflicts;
  full_stalls += o.full_stalls;
  dispatch_stalls += o.dispatch_stalls;
  return *this;
}

SmCounters& SmCounters::operator+=(const SmCounters& o) {
  active_cycles += o.active_cycles;
  warp_instructions += o.warp_instructions;
  thread_instructions += o.thread_instructions;
  scheduler_cycles += o.scheduler_cycles;
  issued += o.issued;
  gpgpu += o.gpgpu;
  hazards += o.hazards;
  fetches += o.fetches;
  ibuffer_flushes += o.ibuffer_flushes;
  lockstep_issue_orders += o.lockstep_issue_orders;
  lockstep_fetch_picks += o.lockstep_fetch_picks;
  lockstep_subwarps += o.lockstep_subwarps;
  shared_accesses += o.shared_accesses;
  shared_bank_cycles += o.shared_bank_cycles;
  const_accesses += o.const_accesses;
  tex_accesses += o.tex_accesses;
  tex_stall_cycles += o.tex_stall_cycles;
  tbs_completed += o.tbs_completed;
  for (std::size_t i = 0; i < active_lanes.size(); ++i) active_lanes[i] += o.active_lanes[i];
  operand_collector += o.operand_collector;
  l1i += o.l1i;
  l1c += o.l1c;
  l1t += o.l1t;
  l1d += o.l1d;
  return *this;
}

}  // namespace scwarp::stats
