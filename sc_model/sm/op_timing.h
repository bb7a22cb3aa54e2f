// Which execution unit an instruction occupies and for how long: GPGPU-Sim's
// ptx_opcode_latency_* / _initiation_* tables, selected by instruction class
// (data kind) and opcode (ADD, MAX, MUL, MAD, DIV column).
#pragma once

#include <cstdint>

#include "sc_model/config/gpu_config.h"
#include "sc_model/ptx/ir.h"

namespace scwarp::sm {

enum class ExecUnitKind : uint8_t { Sp, Sfu, Ldst };

// Mem -> LD/ST; Sfu -> SFU; everything else (ALU, FP64, control, barriers,
// fences) -> an SP pipeline.
ExecUnitKind unit_for(ptx::InstrClass cls);

// Latency and initiation interval of a non-memory instruction on its unit.
// Throws scwarp::Error for memory instructions: the LD/ST unit times those.
config::OpTiming op_timing(const ptx::Instr& instr, const config::GpuConfig& cfg);

}  // namespace scwarp::sm
