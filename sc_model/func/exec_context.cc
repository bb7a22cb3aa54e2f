#include "sc_model/func/exec_context.h"

#include <fmt/format.h>

#include "sc_model/common/error.h"

namespace scwarp::func {

using ptx::Operand;

uint64_t* ExecContext::dst(unsigned i) {
  const Operand& o = in.ops[i];
  if (o.kind == Operand::Kind::Reg) return reg(o.reg);
  if (o.kind == Operand::Kind::Sink) return sink.data();
  unsupported(fmt::format("destination operand {}", i));
}

Lanes ExecContext::src(unsigned i) {
  if (i >= in.ops.size()) unsupported(fmt::format("missing operand {}", i));
  return operand_lanes(in.ops[i], scratch[i % scratch.size()]);
}

Lanes ExecContext::operand_lanes(const Operand& o, std::array<uint64_t, kWarpSize>& buf) {
  switch (o.kind) {
    case Operand::Kind::Reg: {
      uint64_t* r = reg(o.reg);
      if (!o.neg) return {r};
      for_lanes(exec, [&](unsigned l) { buf[l] = r[l] ^ 1; });  // !%p
      return {buf.data()};
    }
    case Operand::Kind::Imm: buf.fill(o.imm); return {buf.data()};
    case Operand::Kind::Symbol: buf.fill(symbol_address(o.sym) + o.imm); return {buf.data()};
    case Operand::Kind::Sreg:
      for_lanes(exec, [&](unsigned l) { buf[l] = special_register(o.sreg, o.comp, l); });
      return {buf.data()};
    default: unsupported("this operand kind as a source");
  }
}

uint64_t ExecContext::symbol_address(uint32_t sym, ptx::Space* space) const {
  const ptx::Symbol& s = module().symbols[sym];
  if (space) *space = s.space;
  if (s.is_function) return function_address(s.function);
  const LaunchSpec& spec = engine.spec();
  switch (s.space) {
    case ptx::Space::Global: return spec.global_segment + s.offset;
    case ptx::Space::Const: return spec.const_segment + s.offset;
    case ptx::Space::Shared: return s.is_extern ? spec.kernel->dynamic_shared_offset : s.offset;
    case ptx::Space::Local: return frame.local_base + s.offset;
    case ptx::Space::Param: return param_offset(sym);
    default: unsupported("the address of symbol '" + s.name + "'");
  }
}

Dim3 ExecContext::thread_index(unsigned lane) const {
  const Dim3& b = engine.spec().block;
  uint64_t t = uint64_t(warp.id_) * kWarpSize + lane;
  return Dim3{uint32_t(t % b.x), uint32_t(t / b.x % b.y), uint32_t(t / (uint64_t(b.x) * b.y))};
}

static uint32_t dim_component(const Dim3& d, unsigned comp) {
  return comp == 0 ? d.x : comp == 1 ? d.y : d.z;
}

uint64_t ExecContext::special_register(ptx::Sreg s, unsigned comp, unsigned lane) const {
  using ptx::Sreg;
  const LaunchSpec& spec = engine.spec();
  uint64_t lane_bit = uint64_t(1) << lane;
  uint64_t clock = engine.cycle_set_ ? engine.cycle_ : warp.instructions_;
  switch (s) {
    case Sreg::Tid: return dim_component(thread_index(lane), comp);
    case Sreg::Ntid: return dim_component(spec.block, comp);
    case Sreg::Ctaid: return dim_component(block.ctaid_, comp);
    case Sreg::Nctaid: return dim_component(spec.grid, comp);
    case Sreg::Laneid: return lane;
    case Sreg::Warpid: return warp.id_;
    case Sreg::Nwarpid: return block.warps_.size();
    case Sreg::Smid: return block.smid_;
    case Sreg::Nsmid: return spec.sm_count;
    case Sreg::Gridid: return spec.grid_id;
    case Sreg::LanemaskEq: return lane_bit;
    case Sreg::LanemaskLe: return uint32_t((lane_bit << 1) - 1);
    case Sreg::LanemaskLt: return uint32_t(lane_bit - 1);
    case Sreg::LanemaskGe: return uint32_t(~(lane_bit - 1));
    case Sreg::LanemaskGt: return uint32_t(~((lane_bit << 1) - 1));
    case Sreg::Clock: return uint32_t(clock);
    case Sreg::Clock64: return clock;
    case Sreg::Globaltimer: return clock;
    case Sreg::DynamicSmemSize: return spec.dynamic_shared_bytes;
    case Sreg::TotalSmemSize: return block.shared_.size();
    case Sreg::Envreg: return spec.envreg[comp];
  }
  return 0;
}

std::string ExecContext::block_name() const {
  return fmt::format("kernel {} block ({},{},{})", engine.spec().kernel->name, block.ctaid_.x,
                     block.ctaid_.y, block.ctaid_.z);
}

std::string ExecContext::where(unsigned lane) const {
  Dim3 t = thread_index(lane);
  return fmt::format("{} thread ({},{},{}) function {} pc {} ({}:{}: {})", block_name(), t.x, t.y,
                     t.z, frame.fn->name, pc, module().file, in.line, in.text);
}

void ExecContext::fault(unsigned lane, const std::string& what) const {
  throw Error(where(lane) + ": " + what);
}

void ExecContext::unsupported(const std::string& what) const {
  unsigned lane = exec ? unsigned(std::countr_zero(exec)) : 0;
  fault(lane, "not supported by the functional engine: " + what);
}

// The warps a barrier waits for: every live warp; for virtual warps, those
// in the TB's lowest iteration (the others cannot reach a barrier until it
// ends, and one that left it early counts as gone, as an exited warp does).
uint32_t ExecContext::block_live_warps() const {
  const uint32_t iteration = engine.iterations(block).min;
  uint32_t n = 0;
  for (const auto& w : block.warps_) n += w->state_ != WarpState::Exited && w->iteration_ == iteration;
  return n;
}

}  // namespace scwarp::func
