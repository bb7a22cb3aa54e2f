// The exit statuses of the scwarp program, documented in docs/cli.md.
#pragma once

namespace scwarp::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitError = 1;               // scwarp::Error: input, PTX, kernel fault
inline constexpr int kExitUsage = 2;               // the command line itself is wrong
inline constexpr int kExitVerificationFailed = 3;  // ran, but results differ from the reference
inline constexpr int kExitPending = 4;             // sweep --no-wait: runs submitted, not finished yet

}  // namespace scwarp::cli
