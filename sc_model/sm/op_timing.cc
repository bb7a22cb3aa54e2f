#include "sc_model/sm/op_timing.h"

#include <array>

#include "sc_model/common/error.h"

namespace scwarp::sm {

namespace {

// The column of GPGPU-Sim's "ADD,MAX,MUL,MAD,DIV" lists an opcode uses.
enum class TimingColumn : uint8_t { Add, Max, Mul, Mad, Div };

struct ColumnRow {
  ptx::Opcode op;
  TimingColumn column;
};

// Opcodes not listed here are add-like (one pass through the ALU).
constexpr ColumnRow kColumnRows[] = {
    {ptx::Opcode::Min, TimingColumn::Max},   {ptx::Opcode::Max, TimingColumn::Max},
    {ptx::Opcode::Mul, TimingColumn::Mul},   {ptx::Opcode::Mul24, TimingColumn::Mul},
    {ptx::Opcode::Mad, TimingColumn::Mad},   {ptx::Opcode::Mad24, TimingColumn::Mad},
    {ptx::Opcode::Madc, TimingColumn::Mad},  {ptx::Opcode::Fma, TimingColumn::Mad},
    {ptx::Opcode::Sad, TimingColumn::Mad},   {ptx::Opcode::Dp4a, TimingColumn::Mad},
    {ptx::Opcode::Dp2a, TimingColumn::Mad},  {ptx::Opcode::Div, TimingColumn::Div},
    {ptx::Opcode::Rem, TimingColumn::Div},
};

constexpr size_t kOpcodes = size_t(ptx::Opcode::Unsupported) + 1;

constexpr std::array<TimingColumn, kOpcodes> make_column_table() {
  std::array<TimingColumn, kOpcodes> table{};
  table.fill(TimingColumn::Add);
  for (const ColumnRow& row : kColumnRows) table[size_t(row.op)] = row.column;
  return table;
}
constexpr std::array<TimingColumn, kOpcodes> kColumnOf = make_column_table();

config::OpTiming column(const config::OpTimingTable& table, TimingColumn c) {
  switch (c) {
    case TimingColumn::Add: return table.add;
    case TimingColumn::Max: return table.max;
    case TimingColumn::Mul: return table.mul;
    case TimingColumn::Mad: return table.mad;
    case TimingColumn::Div: return table.div;
  }
  return table.add;
}

}  // namespace

ExecUnitKind unit_for(ptx::InstrClass cls) {
  if (cls == ptx::InstrClass::Mem) return ExecUnitKind::Ldst;
  if (cls == ptx::InstrClass::Sfu) return ExecUnitKind::Sfu;
  return ExecUnitKind::Sp;
}

config::OpTiming op_timing(const ptx::Instr& instr, const config::GpuConfig& cfg) {
  TimingColumn c = kColumnOf[size_t(instr.op)];
  switch (instr.cls) {
    case ptx::InstrClass::IntAlu: return column(cfg.int_timing, c);
    case ptx::InstrClass::FpAlu: return column(cfg.fp_timing, c);
    case ptx::InstrClass::Fp64: return column(cfg.dp_timing, c);
    case ptx::InstrClass::Sfu: return cfg.sfu_timing;
    case ptx::InstrClass::Ctrl:
    case ptx::InstrClass::Barrier:
    case ptx::InstrClass::Sync: return cfg.branch_timing;
    case ptx::InstrClass::Mem: break;
  }
  throw Error("op_timing: '" + instr.text + "' at line " + std::to_string(instr.line) +
              " is a memory instruction, timed by the LD/ST unit");
}

}  // namespace scwarp::sm
