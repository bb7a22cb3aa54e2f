#include "sc_model/sm/ldst_unit.h"

#include <algorithm>

#include <fmt/format.h>

#include "sc_model/common/clocked_module.h"
#include "sc_model/common/error.h"
#include "sc_model/mem/coalescer.h"
#include "sc_model/func/memory.h"
#include "sc_model/mem/shared_banks.h"

namespace scwarp::sm {

namespace {

// The constant and texture caches take one access per distinct line of the
// lanes' addresses (GPGPU-Sim's const and texture accesses), in the order of
// the first lane. A texture lane's address is its footprint's first texel.
// Parameters are offsets in the parameter block: they are cached at their
// generic address, apart from code (below 4 GB) and data.
void distinct_lines(const func::ExecRecord& rec, uint32_t line_bytes, uint32_t token,
                    std::vector<mem::MemAccess>& out) {
  const uint64_t base = rec.mem_space == ptx::Space::Param ? func::kParamWindow : 0;
  uint64_t previous = ~uint64_t(0);  // the last lane's line: most parameter and constant reads are uniform
  for (uint32_t lane = 0; lane < func::kWarpSize; ++lane) {
    if (!(rec.exec_mask >> lane & 1)) continue;
    uint64_t line = (base + rec.addr[lane]) & ~uint64_t(line_bytes - 1);
    if (line == previous) continue;
    previous = line;
    auto same = [line](const mem::MemAccess& a) { return a.line_addr == line; };
    if (std::find_if(out.begin(), out.end(), same) != out.end()) continue;
    mem::MemAccess access;
    access.line_addr = line;
    access.bytes = rec.mem_bytes;
    access.token = token;
    out.push_back(access);
  }
}

}  // namespace

LdstUnit::LdstUnit(sc_core::sc_module_name name, const config::GpuConfig& cfg, uint32_t sm_id, bool& has_work)
    : sc_core::sc_module(name), l1("l1"), constants("constants"), textures("textures"), writeback("writeback"),
      cfg_(cfg), sm_id_(sm_id), slots_(kSlots), has_work_(has_work) {
  free_slots_.reserve(kSlots);
  for (uint32_t s = kSlots; s-- > 0;) free_slots_.push_back(s);  // lowest slot first
  for (Instruction& in : slots_) in.accesses.reserve(func::kWarpSize);
}

bool LdstUnit::can_accept() const { return waiting_count_ < kQueued && !free_slots_.empty(); }

void LdstUnit::accept(const func::ExecRecord& rec, uint32_t warp, uint32_t tag, uint64_t cycle) {
  if (!can_accept())
    throw Error(fmt::format("LD/ST unit of SM {}: '{}' issued while the unit is full", sm_id_,
                            rec.instr ? rec.instr->text : std::string("memory instruction")));
  uint32_t slot = free_slots_.back();
  free_slots_.pop_back();
  Instruction& in = slots_[slot];
  in.warp = warp;
  in.tag = tag;
  in.outstanding = 0;
  describe_work(in, rec, warp, slot);
  waiting_[(waiting_head_ + waiting_count_) % kQueued] = Waiting{slot, cycle + 1};
  ++waiting_count_;
  has_work_ = true;
}

// What the instruction will occupy: bank / address cycles, or L1 accesses.
void LdstUnit::describe_work(Instruction& in, const func::ExecRecord& rec, uint32_t warp, uint32_t slot) {
  in.work = Work::Banked;
  in.target = Target::L1d;
  in.cycles = 0;
  in.latency = 0;
  in.accesses.clear();
  switch (rec.mem_space) {
    case ptx::Space::None:  // no lane executed: nothing to do
      return;
    case ptx::Space::Shared:
      in.cycles = mem::shared_bank_cycles(rec, cfg_.shmem_banks);
      in.latency = cfg_.smem_latency;
      ++shared_accesses_;
      shared_bank_cycles_ += in.cycles;
      return;
    case ptx::Space::Const:
    case ptx::Space::Param:
      in.work = Work::Accesses;
      in.target = Target::Constant;
      distinct_lines(rec, cfg_.const_cache.line_bytes, slot, in.accesses);
      ++const_accesses_;
      return;
    case ptx::Space::Tex:
      in.work = Work::Accesses;
      in.target = Target::Texture;
      distinct_lines(rec, cfg_.tex_cache.line_bytes, slot, in.accesses);
      ++tex_accesses_;
      return;
    case ptx::Space::Global:
    case ptx::Space::Local:
    case ptx::Space::Generic:
      in.work = Work::Accesses;
      mem::coalesce(rec, mem::placement_of(cfg_, sm_id_, warp), cfg_.coalesce_bytes, in.accesses);
      for (mem::MemAccess& a : in.accesses) a.token = slot;
      return;
    default:
      throw Error(fmt::format("LD/ST unit of SM {}: '{}' accesses no memory space the unit serves",
                              sm_id_, rec.instr ? rec.instr->text : std::string("instruction")));
  }
}

bool LdstUnit::tick(uint64_t cycle) {
  last_tick_ = cycle;
  while (banked_done_.ready(cycle)) finish(banked_done_.pop(), cycle);
  serve(cycle);
  return !banked_done_.empty() || current_ >= 0 || waiting_count_ != 0;
}

void LdstUnit::serve(uint64_t cycle) {
  if (current_ >= 0 && slots_[current_].work == Work::Banked && cycle >= busy_until_) current_ = -1;
  if (current_ < 0) {
    if (waiting_count_ == 0 || waiting_[waiting_head_].ready > cycle) return;
    uint32_t slot = waiting_[waiting_head_].slot;
    waiting_head_ = (waiting_head_ + 1) % kQueued;
    --waiting_count_;
    start(slot, cycle);
  }
  if (current_ >= 0 && slots_[current_].work == Work::Accesses) offer_access(cycle);
}

void LdstUnit::start(uint32_t slot, uint64_t cycle) {
  Instruction& in = slots_[slot];
  current_ = int32_t(slot);
  if (in.work == Work::Accesses) {
    next_access_ = 0;
    return;
  }
  // Occupied for `cycles` cycles (the bank / address serialisation); the
  // data is there `latency` cycles after the last one.
  busy_until_ = cycle + std::max(in.cycles, 1u);
  banked_done_.push(slot, in.cycles ? cycle + in.cycles - 1 + std::max(in.latency, 1u) : cycle + 1);
}

// One coalesced access per cycle; a refused one (reservation failure) is
// offered again next cycle. A texture instruction left with accesses to
// offer (refused, or more lines) is a texture stall cycle: GPGPU-Sim's
// gpu_stall_shd_mem_breakdown[T_MEM][*] summed over its reasons.
void LdstUnit::offer_access(uint64_t cycle) {
  Instruction& in = slots_[current_];
  if (next_access_ < in.accesses.size() && cache(in.target).try_access(in.accesses[next_access_], cycle)) {
    ++in.outstanding;
    ++next_access_;
  }
  if (next_access_ < in.accesses.size()) {
    tex_stall_cycles_ += in.target == Target::Texture;
    return;
  }
  uint32_t slot = uint32_t(current_);
  current_ = -1;
  if (in.outstanding == 0) finish(slot, cycle);  // no access at all
}

mem::L1DataIf& LdstUnit::cache(Target target) {
  switch (target) {
    case Target::Constant: return *constants[0];
    case Target::Texture: return *textures[0];
    case Target::L1d: break;
  }
  return *l1[0];
}

void LdstUnit::access_done(uint32_t token, uint64_t cycle) {
  if (token >= kSlots || slots_[token].outstanding == 0)
    throw Error(fmt::format("LD/ST unit of SM {}: completion of access token {} that is not outstanding",
                            sm_id_, token));
  if (--slots_[token].outstanding == 0 && !in_service(token)) finish(token, cycle);
}

void LdstUnit::finish(uint32_t slot, uint64_t cycle) {
  free_slots_.push_back(slot);
  writeback->memory_done(slots_[slot].warp, slots_[slot].tag, cycle);
}

uint64_t LdstUnit::next_event() const {
  uint64_t next = banked_done_.empty() ? ClockedModule::kIdle : banked_done_.next_ready();
  bool issuing = current_ >= 0 && slots_[current_].work == Work::Accesses;
  if (issuing) return std::min(next, last_tick_ + 1);
  if (waiting_count_ > 0) {
    uint64_t start = std::max(last_tick_ + 1, waiting_[waiting_head_].ready);
    if (current_ >= 0) start = std::max(start, busy_until_);
    next = std::min(next, start);
  }
  return next;
}

bool LdstUnit::busy() const { return free_slots_.size() < kSlots; }

uint32_t LdstUnit::queued() const { return uint32_t(kSlots - free_slots_.size()); }

void LdstUnit::report(stats::SmCounters& counters) const {
  counters.shared_accesses += shared_accesses_;
  counters.shared_bank_cycles += shared_bank_cycles_;
  counters.const_accesses += const_accesses_;
  counters.tex_accesses += tex_accesses_;
  counters.tex_stall_cycles += tex_stall_cycles_;
}

}  // namespace scwarp::sm
