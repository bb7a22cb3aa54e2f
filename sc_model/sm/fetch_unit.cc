#include "sc_model/sm/fetch_unit.h"

#include <algorithm>

#include <fmt/format.h>

#include "sc_model/common/clocked_module.h"
#include "sc_model/common/error.h"

namespace scwarp::sm {

std::vector<uint64_t> code_layout(const ptx::Module& module) {
  std::vector<uint64_t> base;
  base.reserve(module.functions.size());
  uint64_t next = 0;
  for (const ptx::Function& f : module.functions) {
    base.push_back(next);
    uint64_t bytes = std::max<uint64_t>(f.code.size() * kInstrBytes, 1);
    next += (bytes + kFunctionAlign - 1) / kFunctionAlign * kFunctionAlign;
  }
  // Code lies below func::kGlobalBase (4 GB), apart from all data.
  if (next > 0xffffffffull)
    throw Error(fmt::format("the module's code takes {} bytes; the instruction address space holds 4 GB", next));
  return base;
}

FetchUnit::FetchUnit(sc_core::sc_module_name name, const config::GpuConfig& cfg, WarpTable& table,
                     sched::FetchPolicy& policy, sched::IssuePolicy& issue)
    : sc_core::sc_module(name), cfg_(cfg), table_(table), policy_(policy), issue_(issue),
      l1i_(cfg.l1i, "gpgpu_cache:il1", mem::AccessKind::Instruction) {
  candidates_.reserve(table.warps().size());
}

uint64_t FetchUnit::address_of(const WarpSlot& slot, CodePos pos) {
  const ptx::Module* module = slot.engine->spec().module;
  if (module != layout_module_) {  // a TB of another module: lay its code out
    layout_ = code_layout(*module);
    layout_module_ = module;
  }
  return layout_[pos.function] + uint64_t(pos.pc) * kInstrBytes;
}

bool FetchUnit::fetch(uint64_t cycle) {
  if (table_.resident_tbs() == 0) return false;
  candidates_.clear();
  refused_last_tick_ = 0;
  table_.append_fetchable(candidates_);
  bool started = false;
  for (uint32_t n = 0; n < cfg_.fetch_width && !candidates_.empty(); ++n) {
    uint32_t w = policy_.choose(table_.view(), candidates_, issue_);
    auto it = std::lower_bound(candidates_.begin(), candidates_.end(), w);  // ascending slots
    if (it == candidates_.end() || *it != w) break;  // kNoWarp: the policy fetches nothing now
    if (n + 1 < cfg_.fetch_width) candidates_.erase(it);  // the last pick leaves the list as it is
    if (!start_fetch(w, cycle)) continue;
    policy_.on_fetch(table_.view(), w);
    started = true;
  }
  return started;
}

bool FetchUnit::start_fetch(uint32_t w, uint64_t cycle) {
  WarpSlot& slot = table_.warps()[w];
  const uint64_t id = fetch_id(w, slot.generation);
  switch (l1i_.access(address_of(slot, slot.fetch_pos), id)) {
    case mem::ReadOnlyCache::Outcome::Hit:
      decoded_.push(id, cycle + std::max<uint32_t>(cfg_.decode_latency, 1));
      break;
    case mem::ReadOnlyCache::Outcome::Refused: ++refused_last_tick_; return false;
    case mem::ReadOnlyCache::Outcome::Miss: l1i_.send(*memory[0]); break;
    case mem::ReadOnlyCache::Outcome::Merged: break;
  }
  slot.fetch_in_flight = true;
  table_.update_fetchable(w);
  ++fetches_;
  return true;
}

// Called from the L1D's tick, in the SM's own process: the line is installed
// now and its waiting fetches decode cfg.decode_latency cycles later.
void FetchUnit::access_done(uint32_t token, uint64_t cycle) {
  for (uint64_t id : l1i_.fill(token)) decoded_.push(id, cycle + std::max<uint32_t>(cfg_.decode_latency, 1));
}

bool FetchUnit::deliver(uint64_t cycle) {
  last_tick_ = cycle;
  bool any = false;
  if (l1i_.unsent()) l1i_.send(*memory[0]);  // the port's lookup costs more than the check
  while (decoded_.ready(cycle)) {
    uint64_t id = decoded_.pop();
    uint32_t w = uint32_t(id);
    if (table_.warps()[w].generation != uint32_t(id >> 32)) continue;  // redirected since
    decode_into(w);
    any = true;
  }
  return any;
}

void FetchUnit::decode_into(uint32_t w) {
  WarpSlot& slot = table_.warps()[w];
  slot.fetch_in_flight = false;
  slot.refetching = false;
  const ptx::Function& fn = slot.engine->spec().module->functions[slot.fetch_pos.function];
  const bool head_moved = slot.ibuffer.empty();
  // The instructions from the fetch position to the end of its I-cache line.
  const uint64_t addr = address_of(slot, slot.fetch_pos);
  const uint64_t line_end = l1i_.line_of(addr) + l1i_.line_bytes();
  const uint32_t line_end_pc = slot.fetch_pos.pc + uint32_t((line_end - addr + kInstrBytes - 1) / kInstrBytes);
  while (slot.ibuffer.room() > 0 && slot.fetch_pos.pc < slot.fetch_end && slot.fetch_pos.pc < line_end_pc) {
    slot.ibuffer.push(IBufferEntry{slot.fetch_pos, &fn.code[slot.fetch_pos.pc]});
    ++slot.fetch_pos.pc;
  }
  if (head_moved)
    table_.refresh(w);
  else
    table_.refresh_wait(w);  // decoded behind the head
}

void FetchUnit::redirect(uint32_t w, CodePos pos) {
  WarpSlot& slot = table_.warps()[w];
  slot.ibuffer.flush();
  slot.set_fetch_pos(pos);
  slot.fetch_in_flight = false;
  slot.refetching = true;
  ++slot.generation;
}

void FetchUnit::stop(uint32_t w) {
  WarpSlot& slot = table_.warps()[w];
  slot.ibuffer.flush();
  slot.fetch_in_flight = false;
  slot.exited = true;
  ++slot.generation;
}

uint64_t FetchUnit::next_event() const {
  uint64_t next = ClockedModule::kIdle;
  if (l1i_.unsent()) next = std::min(next, last_tick_ + 1);
  if (!decoded_.empty()) next = std::min(next, decoded_.next_ready());
  return next;
}

void FetchUnit::report(stats::SmCounters& out) const {
  out.l1i += l1i_.counters();
  out.fetches += fetches_;
}

}  // namespace scwarp::sm
