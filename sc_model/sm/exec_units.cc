#include "sc_model/sm/exec_units.h"

#include "sc_model/common/clocked_module.h"
#include "sc_model/common/error.h"

namespace scwarp::sm {

namespace {

bool any_free(const std::vector<PipelinedUnit>& units, uint64_t cycle) {
  for (const PipelinedUnit& u : units)
    if (u.can_accept(cycle)) return true;
  return false;
}

}  // namespace

ExecUnits::ExecUnits(sc_core::sc_module_name name, const config::GpuConfig& cfg, const OpAssigner& ops,
                     LdstUnit& ldst)
    : sc_core::sc_module(name), in("in"), writeback("writeback"), ops_(ops), ldst_(ldst),
      sp_(cfg.sp_units), sfu_(cfg.sfu_units) {
  if (cfg.sp_units == 0 || cfg.sfu_units == 0)
    throw Error("SM: gpgpu_num_sp_units and gpgpu_num_sfu_units must be at least 1");
  in.bind(*this);
}

PipelinedUnit* ExecUnits::first_free(std::vector<PipelinedUnit>& units, uint64_t cycle) {
  for (PipelinedUnit& u : units)
    if (u.can_accept(cycle)) return &u;
  return nullptr;
}

bool ExecUnits::can_accept(ExecUnitKind unit, uint64_t cycle) const {
  switch (unit) {
    case ExecUnitKind::Sp: return any_free(sp_, cycle);
    case ExecUnitKind::Sfu: return any_free(sfu_, cycle);
    case ExecUnitKind::Ldst: return ldst_.can_accept();
  }
  return false;
}

void ExecUnits::dispatch(const func::ExecRecord& rec, uint32_t warp, bool long_latency, ExecUnitKind kind,
                         uint64_t cycle) {
  const ptx::Instr& instr = *rec.instr;
  InFlight item{warp, &instr, long_latency, cycle, rec.tag};
  if (kind == ExecUnitKind::Ldst) {
    ldst_.accept(rec, warp, new_memory_tag(item), cycle);
    return;
  }
  PipelinedUnit* unit = first_free(kind == ExecUnitKind::Sp ? sp_ : sfu_, cycle);
  if (!unit) throw Error("SM: '" + instr.text + "' dispatched to a busy unit (the collector skipped its check)");
  results_.push(item, unit->accept(cycle, ops_(instr).timing));
}

uint32_t ExecUnits::new_memory_tag(const InFlight& item) {
  if (free_tags_.empty()) {
    memory_.push_back(item);
    return uint32_t(memory_.size() - 1);
  }
  uint32_t tag = free_tags_.back();
  free_tags_.pop_back();
  memory_[tag] = item;
  return tag;
}

bool ExecUnits::retire(uint64_t cycle) {
  bool any = false;
  while (results_.ready(cycle)) {
    InFlight item = results_.pop();
    writeback->writeback(item.warp, *item.instr, item.long_latency, 0, item.tag, cycle);
    any = true;
  }
  return any;
}

void ExecUnits::memory_done(uint32_t tag, uint64_t cycle) {
  if (tag >= memory_.size() || !memory_[tag].instr)
    throw Error("SM: the LD/ST unit completed unknown memory instruction tag " + std::to_string(tag));
  InFlight item = memory_[tag];
  memory_[tag].instr = nullptr;
  free_tags_.push_back(tag);
  writeback->writeback(item.warp, *item.instr, item.long_latency, cycle - item.accepted, item.tag, cycle);
}

uint64_t ExecUnits::next_event() const {
  return results_.empty() ? ClockedModule::kIdle : results_.next_ready();
}

}  // namespace scwarp::sm
