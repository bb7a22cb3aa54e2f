// Which execution unit an instruction goes to and how long it occupies it:
// GPGPU-Sim's opcode table (set_opcode_and_latency), one table per GPGPU-Sim
// version (-scwarp_opcode_table), as data. Each row gives, per data kind
// (integer, f32, f64), the unit and the timing source: a column of the
// ptx_opcode_latency_* / _initiation_* lists of that kind, the SFU entry, or
// GPGPU-Sim's built-in 1 cycle for opcodes its table does not list.
// docs/sm-pipeline.md prints both tables.
#pragma once

#include <array>
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

// assign_op() for one config, resolved once into a table: the pipeline asks
// it at every refresh of a warp and every dispatch into a unit, and a
// lookup costs a quarter of the resolution. Equal to assign_op() for every
// instruction (tests/sm/pipeline_parts_test.cc holds it to that).
class OpAssigner {
 public:
  explicit OpAssigner(const config::GpuConfig& cfg);
  const OpAssignment& operator()(const ptx::Instr& instr) const {
    switch (instr.cls) {
      case ptx::InstrClass::Mem: return memory_;
      case ptx::InstrClass::Ctrl:
      case ptx::InstrClass::Barrier:
      case ptx::InstrClass::Sync: return control_;
      default: break;
    }
    const size_t kind = instr.type == ptx::Type::F32 ? 1 : instr.type == ptx::Type::F64 ? 2 : 0;
    return by_opcode_[size_t(instr.op) * 3 + kind];
  }

 private:
  static constexpr size_t kOpcodes = size_t(ptx::Opcode::Unsupported) + 1;
  OpAssignment memory_, control_;
  std::array<OpAssignment, kOpcodes * 3> by_opcode_;  // per opcode: integer, f32, f64 data
};

}  // namespace scwarp::sm
