// GPGPU-Sim's -gpgpu_dram_timing_opt text: "key=value" pairs joined by ':',
// e.g. "nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=12:WL=4:CDLR=5:WR=12:nbkgrp=4:CCDL=3:RTPL=2".
// An unknown key is an error. Blanks around a pair are
// dropped, because GPGPU-Sim configs wrap the quoted value over two lines.
#pragma once

#include <string>
#include <string_view>

#include "sc_model/config/gpu_config.h"

namespace scwarp::config {

// Starts from `defaults`; keys may come in any order and may be left out.
// Throws InvalidValue naming the bad pair.
DramTiming parse_dram_timing(std::string_view text, const DramTiming& defaults);
// Every modelled key, in GPGPU-Sim's order.
std::string format_dram_timing(const DramTiming& timing);

}  // namespace scwarp::config
