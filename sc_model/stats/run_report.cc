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
          {"barrier", s.barrier},   {"exit", s.exit},   {"fetch", s.fetch},
          {"empty", s.empty}};
}

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
          {"tbs_completed", c.tbs_completed},
          {"l1i", to_json(c.l1i)},
          {"l1d", to_json(c.l1d)}};
}

namespace {

nlohmann::json kernels_json(const std::vector<KernelRecord>& kernels) {
  nlohmann::json out = nlohmann::json::array();
  for (const KernelRecord& k : kernels)
    out.push_back({{"name", k.name},
                   {"blocks", k.blocks},
                   {"threads_per_block", k.threads_per_block},
                   {"start_cycle", k.start_cycle},
                   {"end_cycle", k.end_cycle},
                   {"cycles", k.cycles()},
                   {"warp_instructions", k.warp_instructions},
                   {"thread_instructions", k.thread_instructions}});
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
                   {"thread_instructions", t.thread_instructions}});
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
          {"sms", sms},
          {"l1i", to_json(total.l1i)},
          {"l1d", to_json(total.l1d)},
          {"l2", to_json(report.l2)},
          {"dram", to_json(report.dram)},
          {"icnt", to_json(report.icnt)},
          {"kernels", kernels_json(report.kernels)},
          {"tbs", tbs_json(report.tbs)}};
}

}  // namespace scwarp::stats
