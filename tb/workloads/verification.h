// Comparing a workload's device results with its CPU reference. Every helper
// reports the FIRST mismatch as "<what> index i: expected X, got Y", or on
// success a one-line summary.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "tb/workloads/workload.h"

namespace scwarp::workloads {

Verification verification_passed(const std::string& summary);
Verification verification_failed(const std::string& message);
// A size mismatch is a driver bug, reported like any other mismatch.
Verification compare_lengths(size_t expected, size_t got, const std::string& what);

// Exact comparison, for integers (and floats computed in the same order on
// both sides).
template <typename T>
Verification compare_exact(const std::vector<T>& expected, const std::vector<T>& got,
                           const std::string& what) {
  if (expected.size() != got.size()) return compare_lengths(expected.size(), got.size(), what);
  for (size_t i = 0; i < expected.size(); ++i) {
    if (!(expected[i] == got[i]))
      return verification_failed(
          fmt::format("{} index {}: expected {}, got {}", what, i, expected[i], got[i]));
  }
  return verification_passed(fmt::format("{}: {} values match exactly", what, expected.size()));
}

// Float comparison where the device sums in a different order than the CPU:
// |expected - got| <= abs_tol + rel_tol * |expected|. NaN anywhere fails.
Verification compare_close(const std::vector<float>& expected, const std::vector<float>& got,
                           const std::string& what, float rel_tol, float abs_tol);

// All checks must pass; the first failure wins, otherwise summaries are joined.
Verification all_of(const std::vector<Verification>& checks);

}  // namespace scwarp::workloads
