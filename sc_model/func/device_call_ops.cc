// The device-runtime functions the engine executes itself when a kernel calls
// them (declared .extern in the PTX): vprintf, malloc, free, __assertfail.
// Each runs for the calling lanes in lane order; arguments come from, and the
// return value goes to, the caller's call-site parameters.
#include <fmt/format.h>

#include <bit>
#include <cstring>

#include "sc_model/func/address_map.h"
#include "sc_model/func/device_services.h"
#include "sc_model/func/printf_format.h"

namespace scwarp::func {
namespace {

// Longest string read through a device pointer: a missing terminator faults
// at the end of its allocation long before, unless the memory is huge.
constexpr uint64_t kMaxStringBytes = 1 << 16;

uint64_t read_bytes(ExecContext& c, unsigned lane, uint64_t address, unsigned bytes) {
  uint64_t value = 0;
  std::memcpy(&value, resolve_access(c, lane, ptx::Space::Generic, address, bytes).ptr, bytes);
  return value;
}

std::string read_string(ExecContext& c, unsigned lane, uint64_t address) {
  std::string s;
  for (uint64_t i = 0; i < kMaxStringBytes; ++i) {
    char ch = char(read_bytes(c, lane, address + i, 1));
    if (ch == '\0') return s;
    s += ch;
  }
  c.fault(lane, fmt::format("string at 0x{:x} has no terminating NUL in its first {} bytes", address,
                            kMaxStringBytes));
}

// Argument `i` of the call (a call-site .param) as the lane passed it.
uint64_t argument(ExecContext& c, unsigned lane, size_t i) {
  const uint32_t sym = c.in.call_args[i];
  uint64_t value = 0;
  std::memcpy(&value, c.frame.lane_params(lane) + c.param_offset(sym),
              std::min<uint64_t>(8, c.module().symbols[sym].size));
  return value;
}

void set_result(ExecContext& c, unsigned lane, uint64_t value) {
  if (c.in.call_rets.empty()) return;  // the caller ignores it
  const uint32_t sym = c.in.call_rets[0];
  std::memcpy(c.frame.lane_params(lane) + c.param_offset(sym), &value,
              std::min<uint64_t>(8, c.module().symbols[sym].size));
}

DeviceServices& services(ExecContext& c) {
  DeviceServices* s = c.engine.spec().services;
  if (!s) c.unsupported("device printf, malloc, free and assert without a runtime::Device");
  return *s;
}

void device_printf(ExecContext& c, unsigned lane) {
  const uint64_t format = argument(c, lane, 0), buffer = argument(c, lane, 1);
  if (format == 0) return set_result(c, lane, uint64_t(-1));  // CUDA's printf(NULL)
  PrintfSource source{[&](uint64_t offset, unsigned bytes) { return read_bytes(c, lane, buffer + offset, bytes); },
                      [&](uint64_t address) { return read_string(c, lane, address); }};
  try {
    PrintfResult r = format_device_printf(read_string(c, lane, format), source);
    services(c).print(c.block.linear_id(), c.warp.id_in_block(), lane, std::move(r.text));
    set_result(c, lane, uint64_t(int64_t(r.arguments)));
  } catch (const PrintfError& e) {
    c.fault(lane, fmt::format("printf: {}", e.what()));
  }
}

void device_free(ExecContext& c, unsigned lane) {
  const uint64_t address = argument(c, lane, 0);
  if (address != 0 && !services(c).heap_release(c.memory(), address))
    c.fault(lane, fmt::format("free(0x{:x}): not an address device malloc returned, or freed already", address));
}

// CUDA's assert() calls __assertfail(message, file, line, function, char size).
[[noreturn]] void assert_failed(ExecContext& c, unsigned lane) {
  c.fault(lane, fmt::format("assertion `{}` failed at {}:{} in {}", read_string(c, lane, argument(c, lane, 0)),
                            read_string(c, lane, argument(c, lane, 1)), uint32_t(argument(c, lane, 2)),
                            read_string(c, lane, argument(c, lane, 3))));
}

}  // namespace

void exec_device_call(ExecContext& c, ptx::DeviceCall call) {
  for_lanes(c.exec, [&](unsigned lane) {
    switch (call) {
      case ptx::DeviceCall::Vprintf: return device_printf(c, lane);
      case ptx::DeviceCall::Malloc:
        return set_result(c, lane, services(c).heap_allocate(c.memory(), argument(c, lane, 0)));
      case ptx::DeviceCall::Free: return device_free(c, lane);
      case ptx::DeviceCall::AssertFail: assert_failed(c, lane);
      case ptx::DeviceCall::None: c.unsupported("a call to a function without a body");
    }
  });
}

}  // namespace scwarp::func
