#include "sc_model/sm/operand_collector.h"

#include <bit>

#include "sc_model/common/error.h"

namespace scwarp::sm {

namespace {

// The registers read through the banks: the instruction's sources. The
// guard predicate is not one (GPGPU-Sim's arch_reg.src leaves it out).
template <typename Fn>
void for_each_source(const ptx::Instr& instr, Fn&& fn) {
  for (uint32_t reg : instr.reads)
    if (reg != instr.guard) fn(reg);
}

}  // namespace

void OperandCollector::BankQueue::push(ReadRequest r) {
  if (size == ring.size()) {
    // Unroll the ring into a larger one; happens a few times while warming up.
    std::vector<ReadRequest> grown(ring.size() * 2 + 4);
    for (uint32_t i = 0; i < size; ++i) grown[i] = ring[(head + i) % ring.size()];
    ring = std::move(grown);
    head = 0;
  }
  const uint32_t at = head + size;  // < 2 * ring.size(): a compare, not a division
  ring[at < ring.size() ? at : at - ring.size()] = r;
  ++size;
}

OperandCollector::ReadRequest OperandCollector::BankQueue::pop() {
  ReadRequest r = ring[head];
  head = head + 1 == ring.size() ? 0 : head + 1;
  --size;
  return r;
}

OperandCollector::OperandCollector(sc_core::sc_module_name name, const config::GpuConfig& cfg,
                                   stats::OperandCollectorCounters& counters)
    : sc_core::sc_module(name), in("in"), out("out"), cfg_(cfg), counters_(counters),
      banks_(cfg.reg_banks), queued_banks_(cfg.reg_banks), written_at_(cfg.reg_banks, ~uint64_t(0)),
      rows_per_warp_(cfg.large_warp_rows()) {
  if (std::has_single_bit(banks_.size()) && banks_.size() > 1) bank_mask_ = banks_.size() - 1;
  const config::PipelineWidths& w = cfg.pipeline_widths;
  const struct {
    ExecUnitKind unit;
    config::CollectorSet shape;
    uint32_t id_oc_width, oc_ex_width, exec_units;
  } shapes[] = {{ExecUnitKind::Sp, cfg.oc_sp, w.id_oc_sp(), w.oc_ex_sp(), cfg.sp_units},
                {ExecUnitKind::Sfu, cfg.oc_sfu, w.id_oc_sfu(), w.oc_ex_sfu(), cfg.sfu_units},
                {ExecUnitKind::Ldst, cfg.oc_mem, w.id_oc_mem(), w.oc_ex_mem(), cfg.ldst_units}};
  for (const auto& s : shapes) {
    CollectorSet set;
    set.unit = s.unit;
    set.shape = s.shape;
    set.id_oc_width = s.id_oc_width;
    set.oc_ex_width = s.oc_ex_width;
    set.exec_units = s.exec_units;
    set.entries.resize(s.id_oc_width + s.shape.units + s.oc_ex_width);
    for (uint32_t e = uint32_t(set.entries.size()); e-- > 0;) set.free_entries.push_back(e);
    set.id_oc.reserve(s.id_oc_width);
    set.oc_ex.reserve(s.oc_ex_width);
    set.units.resize(s.shape.units);
    set.last_dispatched = s.shape.units - 1;  // the first search starts at unit 0
    sets_.push_back(std::move(set));
  }
  in.bind(*this);
}

OperandCollector::CollectorSet& OperandCollector::set_for(ExecUnitKind unit) { return sets_[size_t(unit)]; }
const OperandCollector::CollectorSet& OperandCollector::set_for(ExecUnitKind unit) const {
  return sets_[size_t(unit)];
}

bool OperandCollector::can_accept(ExecUnitKind unit, uint64_t) const {
  const CollectorSet& set = set_for(unit);
  return set.id_oc.size() < set.id_oc_width;
}

void OperandCollector::dispatch(const func::ExecRecord& rec, uint32_t warp, bool long_latency,
                                ExecUnitKind unit, uint64_t) {
  CollectorSet& set = set_for(unit);
  if (set.id_oc.size() >= set.id_oc_width)
    throw Error("SM: '" + rec.instr->text + "' issued into a full ID_OC register (issue skipped its check)");
  uint32_t e = set.free_entries.back();
  set.free_entries.pop_back();
  Entry& entry = set.entries[e];
  // The lane addresses, most of a record's bytes, matter only to the LD/ST unit.
  if (unit == ExecUnitKind::Ldst)
    entry.rec = rec;
  else
    func::copy_without_addresses(entry.rec, rec);
  entry.warp = warp;
  entry.long_latency = long_latency;
  entry.reads_missing = 0;
  set.id_oc.push_back(e);
  ++held_;
}

void OperandCollector::write_registers(uint32_t warp, uint32_t rf_row, std::span<const uint32_t> regs,
                                       uint64_t cycle) {
  for (uint32_t reg : regs) written_at_[bank_of(reg, warp, rf_row)] = cycle;
}

bool OperandCollector::tick(uint64_t cycle) {
  if (held_ == 0) return false;
  bool entered = execute(cycle);
  for (uint32_t s = 0; s < cfg_.reg_file_port_throughput; ++s) step(cycle, s == 0);
  return entered;
}

// GPGPU-Sim's execute(): each execution unit of a set's kind takes the
// oldest OC_EX instruction when it can accept one.
bool OperandCollector::execute(uint64_t cycle) {
  bool any = false;
  for (CollectorSet& set : sets_) {
    for (uint32_t u = 0; u < set.exec_units && !set.oc_ex.empty() && out->can_accept(set.unit, cycle); ++u) {
      uint32_t e = set.oc_ex.front();
      const Entry& entry = set.entries[e];
      out->dispatch(entry.rec, entry.warp, entry.long_latency, set.unit, cycle);
      set.oc_ex.erase(set.oc_ex.begin());
      set.free_entries.push_back(e);
      --held_;
      any = true;
    }
  }
  return any;
}

// GPGPU-Sim's opndcoll_rfu_t::step order: an instruction allocated in this
// step reads from the next step on, and one whose reads finish moves to
// OC_EX in the step after.
void OperandCollector::step(uint64_t cycle, bool first) {
  dispatch_ready();
  read_banks(cycle, first);
  allocate_units();
}

// Each out port moves the next collected unit (round robin from the last
// one dispatched) into the OC_EX register while it has room.
void OperandCollector::dispatch_ready() {
  for (CollectorSet& set : sets_) {
    const uint32_t n = uint32_t(set.units.size());
    for (uint32_t port = 0; port < set.shape.out_ports && set.collected != 0; ++port) {
      uint32_t ready = n;
      for (uint32_t i = 1, u = set.last_dispatched; i <= n && ready == n; ++i) {
        u = u + 1 == n ? 0 : u + 1;  // (last_dispatched + i) % n
        if (set.units[u].entry >= 0 && set.entries[set.units[u].entry].reads_missing == 0) ready = u;
      }
      if (ready == n) break;
      if (set.oc_ex.size() >= set.oc_ex_width) {
        ++counters_.dispatch_stalls;
        break;
      }
      set.oc_ex.push_back(uint32_t(set.units[ready].entry));
      set.units[ready].entry = -1;
      --set.collected;
      set.last_dispatched = ready;
    }
  }
}

// Every bank serves the oldest read queued at it, unless a write took it in
// this cycle's first step; the others wait (a bank conflict).
void OperandCollector::read_banks(uint64_t cycle, bool first) {
  if (queued_reads_ == 0) return;
  bool conflict = false;
  queued_banks_.for_each([&](size_t b) {
    BankQueue& bank = banks_[b];
    if (first && written_at_[b] == cycle) {
      counters_.bank_conflicts += bank.size;
      conflict = true;
      return;
    }
    ReadRequest r = bank.pop();
    if (bank.size == 0) queued_banks_.erase(b);
    --queued_reads_;
    CollectorSet& set = sets_[r.set];
    if (--set.entries[set.units[r.unit].entry].reads_missing == 0) ++set.collected;
    ++counters_.register_reads;
    counters_.bank_conflicts += bank.size;
    conflict |= bank.size != 0;
  });
  counters_.bank_conflict_cycles += conflict;
}

// Each in port moves the oldest ID_OC instruction of its set into the
// lowest-numbered free collector unit.
void OperandCollector::allocate_units() {
  for (uint16_t s = 0; s < sets_.size(); ++s) {
    CollectorSet& set = sets_[s];
    for (uint32_t port = 0; port < set.shape.in_ports && !set.id_oc.empty(); ++port) {
      uint16_t u = 0;
      while (u < set.units.size() && set.units[u].entry >= 0) ++u;
      if (u == set.units.size()) break;
      set.units[u].entry = int32_t(set.id_oc.front());
      set.id_oc.erase(set.id_oc.begin());
      start_reads(s, u);
    }
  }
}

void OperandCollector::start_reads(uint16_t s, uint16_t u) {
  Entry& entry = sets_[s].entries[sets_[s].units[u].entry];
  for_each_source(*entry.rec.instr, [&](uint32_t reg) {
    const size_t b = bank_of(reg, entry.warp, entry.rec.rf_row);
    banks_[b].push(ReadRequest{s, u});
    queued_banks_.insert(b);
    ++entry.reads_missing;
  });
  queued_reads_ += entry.reads_missing;
  if (entry.reads_missing == 0) ++sets_[s].collected;
}

}  // namespace scwarp::sm
