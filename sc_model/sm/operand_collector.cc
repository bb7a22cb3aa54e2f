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

static_assert(config::CollectorSet::kMaxUnits <= 64, "a set's units are the bits of one 64-bit word");

// Unrolls every bank's ring into one twice as large.
void OperandCollector::BankQueues::grow() {
  const uint32_t grown = capacity_ == 0 ? 4 : capacity_ * 2;
  std::vector<ReadRequest> slots(banks() * grown);
  for (size_t b = 0; b < banks(); ++b) {
    Ring& ring = rings_[b];
    for (uint32_t i = 0; i < ring.size; ++i)
      slots[b * grown + i] = slots_[b * capacity_ + ((ring.head + i) & (capacity_ - 1))];
    ring.head = 0;
  }
  slots_ = std::move(slots);
  capacity_ = grown;
}

OperandCollector::OperandCollector(sc_core::sc_module_name name, const config::GpuConfig& cfg,
                                   stats::OperandCollectorCounters& counters)
    : sc_core::sc_module(name), in("in"), out("out"), cfg_(cfg), counters_(counters),
      banks_(cfg.reg_banks), queued_banks_(cfg.reg_banks), written_at_(cfg.reg_banks, ~uint64_t(0)),
      rows_per_warp_(cfg.large_warp_rows()) {
  if (std::has_single_bit(banks_.banks()) && banks_.banks() > 1) bank_mask_ = banks_.banks() - 1;
  const config::PipelineWidths& w = cfg.pipeline_widths;
  const struct {
    ExecUnitKind unit;
    config::CollectorSet shape;
    uint32_t id_oc_width, oc_ex_width, exec_units;
  } shapes[] = {{ExecUnitKind::Sp, cfg.oc_sp, w.id_oc_sp(), w.oc_ex_sp(), cfg.sp_units},
                {ExecUnitKind::Sfu, cfg.oc_sfu, w.id_oc_sfu(), w.oc_ex_sfu(), cfg.sfu_units},
                {ExecUnitKind::Ldst, cfg.oc_mem, w.id_oc_mem(), w.oc_ex_mem(), cfg.ldst_units}};
  for (const auto& s : shapes) {
    if (s.shape.units > config::CollectorSet::kMaxUnits)  // a config built in code, not read
      throw Error("SM: " + std::to_string(s.shape.units) + " collector units in one set; at most " +
                  std::to_string(config::CollectorSet::kMaxUnits) + " (-gpgpu_operand_collector_num_units_*)");
    CollectorSet set;
    set.unit = s.unit;
    set.shape = s.shape;
    set.exec_units = s.exec_units;
    set.entries.resize(s.id_oc_width + s.shape.units + s.oc_ex_width);
    for (uint32_t e = uint32_t(set.entries.size()); e-- > 0;) set.free_entries.push_back(e);
    set.id_oc = FixedRing<uint32_t>(s.id_oc_width);
    set.oc_ex = FixedRing<uint32_t>(s.oc_ex_width);
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
  return set.id_oc.room() > 0;
}

void OperandCollector::dispatch(const func::ExecRecord& rec, uint32_t warp, bool long_latency,
                                ExecUnitKind unit, uint64_t) {
  CollectorSet& set = set_for(unit);
  if (set.id_oc.room() == 0)
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
  set.id_oc.push_back(e);
  sets_in_id_oc_ |= 1u << size_t(unit);
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
  for_each_bit(sets_in_oc_ex_, [&](uint32_t s) {
    CollectorSet& set = sets_[s];
    for (uint32_t u = 0; u < set.exec_units && !set.oc_ex.empty() && out->can_accept(set.unit, cycle); ++u) {
      uint32_t e = set.oc_ex.front();
      const Entry& entry = set.entries[e];
      out->dispatch(entry.rec, entry.warp, entry.long_latency, set.unit, cycle);
      set.oc_ex.pop_front();
      set.free_entries.push_back(e);
      --held_;
      any = true;
    }
    if (set.oc_ex.empty()) sets_in_oc_ex_ &= ~(1u << s);
  });
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
  for_each_bit(sets_collected_, [&](uint32_t s) {
    CollectorSet& set = sets_[s];
    for (uint32_t port = 0; port < set.shape.out_ports && set.collected != 0; ++port) {
      if (set.oc_ex.room() == 0) {
        ++counters_.dispatch_stalls;
        break;
      }
      // The first collected unit after last_dispatched, wrapping around.
      const uint32_t from = set.last_dispatched + 1;
      const uint64_t after = from < 64 ? set.collected & (~uint64_t(0) << from) : 0;
      const uint32_t ready = uint32_t(std::countr_zero(after != 0 ? after : set.collected));
      set.oc_ex.push_back(set.units[ready].entry);
      sets_in_oc_ex_ |= 1u << s;
      set.busy &= ~(uint64_t(1) << ready);
      set.collected &= ~(uint64_t(1) << ready);
      set.last_dispatched = ready;
    }
    if (set.collected == 0) sets_collected_ &= ~(1u << s);
  });
}

// Every bank serves the oldest read queued at it, unless a write took it in
// this cycle's first step; the others wait (a bank conflict).
void OperandCollector::read_banks(uint64_t cycle, bool first) {
  if (queued_reads_ == 0) return;
  bool conflict = false;
  queued_banks_.for_each([&](size_t b) {
    if (first && written_at_[b] == cycle) {
      counters_.bank_conflicts += banks_.size(b);
      conflict = true;
      return;
    }
    const ReadRequest r = banks_.pop(b);
    const uint32_t left = banks_.size(b);
    if (left == 0) queued_banks_.erase(b);
    --queued_reads_;
    if (--sets_[r.set].units[r.unit].reads_missing == 0) collect(r.set, r.unit);
    ++counters_.register_reads;
    counters_.bank_conflicts += left;
    conflict |= left != 0;
  });
  counters_.bank_conflict_cycles += conflict;
}

// Each in port moves the oldest ID_OC instruction of its set into the
// lowest-numbered free collector unit.
void OperandCollector::allocate_units() {
  for_each_bit(sets_in_id_oc_, [&](uint32_t s) {
    CollectorSet& set = sets_[s];
    for (uint32_t port = 0; port < set.shape.in_ports && !set.id_oc.empty(); ++port) {
      const uint16_t u = uint16_t(std::countr_one(set.busy));
      if (u >= set.units.size()) break;
      set.busy |= uint64_t(1) << u;
      set.units[u].entry = set.id_oc.front();
      set.id_oc.pop_front();
      start_reads(uint16_t(s), u);
    }
    if (set.id_oc.empty()) sets_in_id_oc_ &= ~(1u << s);
  });
}

void OperandCollector::start_reads(uint16_t s, uint16_t u) {
  CollectorSet& set = sets_[s];
  CollectorUnit& unit = set.units[u];
  const Entry& entry = set.entries[unit.entry];
  unit.reads_missing = 0;
  for_each_source(*entry.rec.instr, [&](uint32_t reg) {
    const size_t b = bank_of(reg, entry.warp, entry.rec.rf_row);
    banks_.push(b, ReadRequest{s, u});
    queued_banks_.insert(b);
    ++unit.reads_missing;
  });
  queued_reads_ += unit.reads_missing;
  if (unit.reads_missing == 0) collect(s, u);
}

void OperandCollector::collect(uint16_t s, uint32_t unit) {
  sets_[s].collected |= uint64_t(1) << unit;
  sets_collected_ |= 1u << s;
}

}  // namespace scwarp::sm
