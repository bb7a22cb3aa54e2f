#include "tb/workloads/verification.h"

#include <algorithm>
#include <cmath>

namespace scwarp::workloads {

Verification verification_passed(const std::string& summary) { return {true, summary}; }
Verification verification_failed(const std::string& message) { return {false, message}; }

Verification compare_lengths(size_t expected, size_t got, const std::string& what) {
  return verification_failed(fmt::format("{}: expected {} values, got {}", what, expected, got));
}

Verification compare_close(const std::vector<float>& expected, const std::vector<float>& got,
                           const std::string& what, float rel_tol, float abs_tol) {
  if (expected.size() != got.size()) return compare_lengths(expected.size(), got.size(), what);
  double worst = 0;
  for (size_t i = 0; i < expected.size(); ++i) {
    double e = expected[i], g = got[i];
    double diff = std::fabs(e - g);
    // Written so that a NaN on either side fails the test.
    if (!(diff <= abs_tol + rel_tol * std::fabs(e)))
      return verification_failed(fmt::format("{} index {}: expected {}, got {} (tolerance rel {} abs {})",
                                             what, i, expected[i], got[i], rel_tol, abs_tol));
    worst = std::max(worst, diff);
  }
  return verification_passed(
      fmt::format("{}: {} values within tolerance (max abs diff {:.3g})", what, expected.size(), worst));
}

Verification all_of(const std::vector<Verification>& checks) {
  std::string summary;
  for (const auto& c : checks) {
    if (!c.ok) return c;
    summary += (summary.empty() ? "" : "; ") + c.message;
  }
  return verification_passed(summary);
}

}  // namespace scwarp::workloads
