// Which execution unit an instruction goes to and how long it occupies it:
// GPGPU-Sim's opcode table (set_opcode_and_latency), one table per GPGPU-Sim
// version (-scwarp_opcode_table), as data. Each row gives, per data kind
// (integer, f32, f64), the unit and the timing source: a column of the
// ptx_opcode_latency_* / _initiation_* lists of that kind, the SFU entry, or
// GPGPU-Sim's built-in 1 cycle for opcodes its table does not list.
// docs/sm-pipeline.md prints both tables.
#pragma once

#include <cstdint>

#include "sc_model/config/gpu_config.h"
#include "sc_model/ptx/ir.h"
#include "sc_model/sched/policy.h"

namespace scwarp::sm {

enum class ExecUnitKind : uint8_t { Sp, Sfu, Ldst };

// Where an instruction may execute (policies see it as WarpView::head_unit).
using UnitChoice = sched::IssueUnit;

struct OpAssignment {
  UnitChoice unit = UnitChoice::Sp;
  config::OpTiming timing;  // meaningless for Ldst: the LD/ST unit times memory
};

OpAssignment assign_op(const ptx::Instr& instr, const config::GpuConfig& cfg);
// assign_op(...).unit alone: what issue asks every cycle for every ready warp.
UnitChoice unit_of(const ptx::Instr& instr, const config::GpuConfig& cfg);

}  // namespace scwarp::sm
