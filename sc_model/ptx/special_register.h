// Special (read-only, hardware-provided) registers: %tid.x, %laneid, ...
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "sc_model/ptx/ir.h"

namespace scwarp::ptx {

struct SpecialRegister {
  Sreg reg;
  uint8_t comp = 0;  // 0=x, 1=y, 2=z for the vector ones; N of %envreg<N>
};

// nullopt if `name` ("%ctaid.y") is not a special register scwarp provides.
std::optional<SpecialRegister> parse_special_register(std::string_view name);

// How PTX spells it: {Tid, 1} -> "%tid.y".
std::string special_register_name(const SpecialRegister& sr);

}  // namespace scwarp::ptx
