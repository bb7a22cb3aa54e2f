// The number of lanes in a 32-bit lane mask, inline. Debian's baseline
// x86-64 has no POPCNT instruction, so std::popcount compiles to a call into
// libgcc (__popcountdi2), which the timing model made several times per
// issued instruction (2.5% of all instructions on montecarlo `paper`). Where
// the compiler may use the instruction, it does; otherwise a branch-free bit
// count of a few arithmetic operations takes the call's place.
#pragma once

#include <bit>
#include <cstdint>

namespace scwarp {

inline uint32_t lane_count(uint32_t mask) {
#if defined(__POPCNT__) || !defined(__x86_64__)
  return uint32_t(std::popcount(mask));
#else
  mask = mask - ((mask >> 1) & 0x55555555u);
  mask = (mask & 0x33333333u) + ((mask >> 2) & 0x33333333u);
  mask = (mask + (mask >> 4)) & 0x0f0f0f0fu;
  return (mask * 0x01010101u) >> 24;
#endif
}

}  // namespace scwarp
