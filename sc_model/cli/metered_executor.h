// An Executor that forwards to another (owned by the caller) and counts the launches and the host
// time spent inside them, so reports can separate simulation speed from the
// workload's own input generation and CPU reference.
#pragma once

#include <cstdint>
#include <memory>

#include "sc_model/runtime/device.h"

namespace scwarp::cli {

struct LaunchMeter {
  uint64_t launches = 0;
  double seconds = 0;      // host wall-clock time inside Executor::execute
  double cpu_seconds = 0;  // this process's CPU time there: what other load on the host does not inflate
};

class MeteredExecutor : public runtime::Executor {
 public:
  // `inner` and `meter` must outlive this executor (the Device owns it).
  MeteredExecutor(runtime::Executor& inner, LaunchMeter& meter);
  runtime::LaunchResult execute(func::GlobalMemory& mem, const func::LaunchSpec& spec) override;
  void copied_to_device(uint64_t dst, uint64_t bytes) override { inner_.copied_to_device(dst, bytes); }
  uint64_t device_memory_bytes() const override { return inner_.device_memory_bytes(); }
  uint64_t device_heap_bytes() const override { return inner_.device_heap_bytes(); }

 private:
  runtime::Executor& inner_;
  LaunchMeter& meter_;
};

}  // namespace scwarp::cli
