// The one exception type of scwarp: a message meant for the user, already
// naming where the problem is (file:line:col, kernel/block/thread/PC, option).
#pragma once

#include <stdexcept>
#include <string>

namespace scwarp {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace scwarp
