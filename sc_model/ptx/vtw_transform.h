// VTW's code transformation (seed 004 Sec. 4.1) on PTX: every kernel's body
// is wrapped in a loop whose iterations each take a logical TB index and a
// thread index, and run the original body with them in place of %ctaid and
// %tid; a `ret`/`exit` of the body goes on to the next iteration. The grid
// the user launches is the logical one: a transformed kernel carries it in
// three parameters appended to its own (kVtwGridParams), and the runtime
// launches only as many TBs as can be resident (runtime/device.cc).
//
// Index mechanisms:
//   hardware (same/slowest/lowest): nexttbid and nexttid.MODE (our PTX
//     extension, docs/ptx-support.md) at the loop head; the machine keeps a
//     TB's warps at most one iteration apart and out of shared memory and
//     barriers of an iteration their siblings have not finished;
//   software: the next logical TB is the current one plus the number of TBs
//     launched, the thread index stays, and a barrier at the loop head keeps
//     the warps of a TB in step (plain PTX that ptxas accepts).
#pragma once

#include <string>
#include <string_view>

#include "sc_model/ptx/ir.h"

namespace scwarp::ptx {

struct VtwMode {
  bool hardware = true;
  LaneMode lanes = LaneMode::Same;  // software: always Same
};

// "same" (default), "slowest", "lowest" (hardware index), "software".
// Throws scwarp::Error naming the text and the modes there are.
VtwMode parse_vtw_mode(std::string_view text);
std::string vtw_mode_name(const VtwMode& mode);
const char* vtw_modes_help();

// The names of the logical grid parameters a transformed kernel ends with.
inline constexpr const char* kVtwGridParams[3] = {"__vtw_nctaid_x", "__vtw_nctaid_y", "__vtw_nctaid_z"};
bool is_vtw_kernel(const Module& m, const Function& kernel);

// Transforms every kernel of the module. Throws scwarp::Error, naming the
// kernel and file:line, for what cannot be transformed safely: exit inside
// a .func the kernel can call, a kernel already transformed or using
// nexttbid/nexttid itself, and (software index) a return that can leave a
// warp's siblings waiting at a barrier.
Module vtw_transform(const Module& m, const VtwMode& mode);

}  // namespace scwarp::ptx
