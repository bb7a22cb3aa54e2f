// A command line that is wrong in itself (malformed option text, an option
// naming something that does not exist, a mode that is not built): scwarp
// exits with status 2 for it, as for CLI11's own parse errors, and with 1 for
// every other scwarp::Error (bad files, bad PTX, kernel faults).
#pragma once

#include "sc_model/common/error.h"

namespace scwarp::cli {

class UsageError : public Error {
 public:
  using Error::Error;
};

}  // namespace scwarp::cli
