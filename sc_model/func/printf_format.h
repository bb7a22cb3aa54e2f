// CUDA's device printf: the format string and the argument buffer nvcc builds
// for vprintf, turned into text the way the host's printf would.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace scwarp::func {

// A conversion scwarp does not format (`%n`, `*` widths, `%Lf`, ...): the
// message names it; the caller adds where it was printed from.
struct PrintfError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct PrintfSource {
  // `bytes` (4 or 8) of the argument buffer at `offset`, little-endian.
  std::function<uint64_t(uint64_t offset, unsigned bytes)> argument;
  // The NUL-terminated string at a (non-null) device address.
  std::function<std::string(uint64_t address)> string;
};

struct PrintfResult {
  std::string text;
  int arguments = 0;  // what CUDA's printf returns: the arguments it consumed
};

// nvcc's buffer holds the arguments in order, each at the next multiple of its
// size: 4 bytes for int-sized integers and char, 8 for long/long long, every
// floating value as a double (C's promotion), 8 for %s and %p pointers.
// Conversions: d i u x X o c s f F e E g G a A p and %%, with flags (- + space
// # 0), width, precision and the length modifiers hh h l ll z j t.
PrintfResult format_device_printf(std::string_view format, const PrintfSource& source);

}  // namespace scwarp::func
