// Functions of CUDA's device runtime that nvcc's PTX calls by name: declared
// `.extern .func`, never defined in the module. scwarp provides some
// (printf, the device heap, assert) and refuses the rest by the feature they
// belong to, so a user reads "dynamic parallelism", not "undefined function".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "sc_model/ptx/ir.h"

namespace scwarp::ptx {

// The device-runtime functions the functional engine executes itself.
enum class DeviceCall : uint8_t { None, Vprintf, Malloc, Free, AssertFail };
DeviceCall device_call(std::string_view name);

// "" when `fn`, a declaration of a DeviceCall, has the signature nvcc declares
// (parameter and return sizes); otherwise what differs.
std::string device_call_signature_problem(const Module& m, const Function& fn);

// The feature a declared-only function belongs to when scwarp refuses it on
// purpose ("dynamic parallelism", "the device-side graph API"); "" otherwise.
std::string refused_device_feature(std::string_view name);

// The feature an unsupported instruction belongs to when it has a name
// ("tensor-core instruction"); "" otherwise.
std::string unsupported_instruction_feature(const Instr& in);

}  // namespace scwarp::ptx
