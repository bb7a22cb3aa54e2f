#include "sc_model/sm/op_timing.h"

#include <array>
#include <span>

namespace scwarp::sm {

namespace {

// Where an opcode's latency and initiation interval come from. Add..Shfl are
// the columns of the ptx_opcode_*_{int,fp,dp} list of the instruction's data
// kind; Mul24/Mad24 are GPGPU-Sim 4.x's integer MUL/MAD plus one cycle.
enum class Timing : uint8_t { One, Add, Max, Mul, Mad, Div, Shfl, Mul24, Mad24, Sfu, DpMul, Branch };

struct Placement {
  UnitChoice unit;
  Timing timing;
};

// One opcode: its placement for integer (any non-float type), f32 and f64 data.
struct OpcodeRow {
  ptx::Opcode op;
  Placement integer, f32, f64;
};

using enum sched::IssueUnit;  // UnitChoice; clang 14 takes no alias here
using O = ptx::Opcode;
using T = Timing;

constexpr OpcodeRow same(ptx::Opcode op, UnitChoice unit, Timing timing) {
  return {op, {unit, timing}, {unit, timing}, {unit, timing}};
}

// GPGPU-Sim 4.2.0 (cuda-sim.cc set_opcode_and_latency, SM2_GTX480): integer
// multiplies on the SP (Fermi has no INT units), double precision on the SFU
// because SM2_GTX480 has -gpgpu_num_dp_units 0, divisions and
// transcendentals on the SFU.
constexpr OpcodeRow kGpgpuSim4[] = {
    {O::Add, {Sp, T::Add}, {Sp, T::Add}, {Sfu, T::Add}},   {O::Sub, {Sp, T::Add}, {Sp, T::Add}, {Sfu, T::Add}},
    {O::Addc, {Sp, T::Add}, {Sp, T::Add}, {Sfu, T::Add}},  {O::Subc, {Sp, T::Add}, {Sp, T::Add}, {Sfu, T::Add}},
    {O::Min, {Sp, T::Max}, {Sp, T::Max}, {Sfu, T::Max}},   {O::Max, {Sp, T::Max}, {Sp, T::Max}, {Sfu, T::Max}},
    {O::Mul, {Sp, T::Mul}, {Sp, T::Mul}, {Sfu, T::Mul}},   {O::Mad, {Sp, T::Mad}, {Sp, T::Mad}, {Sfu, T::Mad}},
    {O::Madc, {Sp, T::Mad}, {Sp, T::Mad}, {Sfu, T::Mad}},  {O::Fma, {Sp, T::Mad}, {Sp, T::Mad}, {Sfu, T::Mad}},
    same(O::Mul24, Sp, T::Mul24),  same(O::Mad24, Sp, T::Mad24),
    same(O::Div, Sfu, T::Div),     same(O::Rem, Sfu, T::Div),
    same(O::Sqrt, Sfu, T::Sfu),    same(O::Sin, Sfu, T::Sfu),    same(O::Cos, Sfu, T::Sfu),
    same(O::Ex2, Sfu, T::Sfu),     same(O::Lg2, Sfu, T::Sfu),    same(O::Rsqrt, Sfu, T::Sfu),
    same(O::Rcp, Sfu, T::Sfu),     same(O::Tanh, Sfu, T::Sfu),   same(O::Shfl, Sp, T::Shfl),
};

// GPGPU-Sim 3.2.2 (what the papers ran): integer mul and mad on the SFU,
// float mul on ALU_SFU, div and transcendentals on the SFU, the latter with
// the double-precision MUL timing; fma, madc, mul24, mad24, rem and shfl are
// not in its table (1 cycle on the SP).
constexpr OpcodeRow kGpgpuSim3[] = {
    same(O::Add, Sp, T::Add),   same(O::Sub, Sp, T::Add),   same(O::Addc, Sp, T::Add),
    same(O::Subc, Sp, T::Add),  same(O::Min, Sp, T::Max),   same(O::Max, Sp, T::Max),
    {O::Mul, {Sfu, T::Mul}, {SpOrSfu, T::Mul}, {SpOrSfu, T::Mul}},
    {O::Mad, {Sfu, T::Mad}, {Sp, T::Mad}, {Sp, T::Mad}},
    same(O::Div, Sfu, T::Div),
    same(O::Sqrt, Sfu, T::DpMul), same(O::Sin, Sfu, T::DpMul),  same(O::Cos, Sfu, T::DpMul),
    same(O::Ex2, Sfu, T::DpMul),  same(O::Lg2, Sfu, T::DpMul),  same(O::Rsqrt, Sfu, T::DpMul),
    same(O::Rcp, Sfu, T::DpMul),  same(O::Tanh, Sfu, T::DpMul),
};

constexpr size_t kOpcodes = size_t(ptx::Opcode::Unsupported) + 1;
using Table = std::array<OpcodeRow, kOpcodes>;

// Opcodes a table does not list run on the SP in 1 cycle (GPGPU-Sim sets
// latency = initiation = 1 before its switch); memory goes to the LD/ST unit
// and control, barriers and fences take -scwarp_branch_* on the SP.
constexpr Table make_table(std::span<const OpcodeRow> rows) {
  Table table{};
  for (size_t i = 0; i < kOpcodes; ++i) table[i] = same(ptx::Opcode(i), Sp, T::One);
  for (const OpcodeRow& row : rows) table[size_t(row.op)] = row;
  return table;
}
constexpr Table kTable4 = make_table(kGpgpuSim4);
constexpr Table kTable3 = make_table(kGpgpuSim3);

config::OpTiming column(const config::OpTimingTable& t, Timing timing) {
  switch (timing) {
    case T::Add: return t.add;
    case T::Max: return t.max;
    case T::Mul: return t.mul;
    case T::Mad: return t.mad;
    case T::Div: return t.div;
    case T::Shfl: return t.shfl;
    default: return {1, 1};
  }
}

config::OpTiming resolve(Timing timing, const config::OpTimingTable& kind, const config::GpuConfig& cfg) {
  switch (timing) {
    case T::One: return {1, 1};
    case T::Mul24: return {cfg.int_timing.mul.latency + 1, cfg.int_timing.mul.initiation + 1};
    case T::Mad24: return {cfg.int_timing.mad.latency + 1, cfg.int_timing.mad.initiation + 1};
    case T::Sfu: return cfg.sfu_timing;
    case T::DpMul: return cfg.dp_timing.mul;
    case T::Branch: return cfg.branch_timing;
    default: return column(kind, timing);
  }
}

// The table entry of a non-memory, non-control instruction. GPGPU-Sim picks
// the row's case by the instruction's (first) type.
const Placement& placement(const ptx::Instr& instr, const config::GpuConfig& cfg) {
  const Table& table = cfg.opcode_table == config::OpcodeTable::GpgpuSim4 ? kTable4 : kTable3;
  const OpcodeRow& row = table[size_t(instr.op)];
  if (instr.type == ptx::Type::F32) return row.f32;
  if (instr.type == ptx::Type::F64) return row.f64;
  return row.integer;
}

const config::OpTimingTable& kind_table(const ptx::Instr& instr, const config::GpuConfig& cfg) {
  if (instr.type == ptx::Type::F32) return cfg.fp_timing;
  if (instr.type == ptx::Type::F64) return cfg.dp_timing;
  return cfg.int_timing;
}

}  // namespace

OpAssignment assign_op(const ptx::Instr& instr, const config::GpuConfig& cfg) {
  switch (instr.cls) {
    case ptx::InstrClass::Mem: return {Ldst, {}};
    case ptx::InstrClass::Ctrl:
    case ptx::InstrClass::Barrier:
    case ptx::InstrClass::Sync: return {Sp, cfg.branch_timing};
    default: break;
  }
  const Placement& p = placement(instr, cfg);
  return {p.unit, resolve(p.timing, kind_table(instr, cfg), cfg)};
}

OpAssigner::OpAssigner(const config::GpuConfig& cfg) {
  ptx::Instr instr;
  instr.cls = ptx::InstrClass::Mem;
  memory_ = assign_op(instr, cfg);
  instr.cls = ptx::InstrClass::Ctrl;
  control_ = assign_op(instr, cfg);
  instr.cls = ptx::InstrClass::IntAlu;  // any class assign_op resolves through the opcode table
  const ptx::Type kinds[] = {ptx::Type::None, ptx::Type::F32, ptx::Type::F64};
  for (size_t op = 0; op < kOpcodes; ++op)
    for (size_t kind = 0; kind < 3; ++kind) {
      instr.op = ptx::Opcode(op);
      instr.type = kinds[kind];
      by_opcode_[op * 3 + kind] = assign_op(instr, cfg);
    }
}

}  // namespace scwarp::sm
