// A workload: our own CUDA kernel(s) with a host driver, a deterministic input
// generator and a CPU reference. A workload only talks to runtime::Device, so
// the same driver runs functionally or on the timing model.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sc_model/runtime/device.h"

namespace scwarp::workloads {

enum class Size { Tiny, Small, Paper };
Size parse_size(const std::string& s);    // throws scwarp::Error naming the value
const char* size_name(Size s);

struct Verification {
  bool ok = false;
  std::string message;   // what mismatched first (index, expected, got), or a summary
};

class Workload {
 public:
  virtual ~Workload() = default;
  virtual std::string name() const = 0;
  virtual std::string description() const = 0;
  // Seed 001 Table 2's sense: kernels whose TBs meet barriers often.
  virtual bool barrier_intensive() const = 0;
  // Written to show one effect on the timing model (a scheduler's first-order
  // benefit, simulator speed), not one of the papers' kinds of benchmark:
  // suite-wide reports (bench averages, reproductions) leave these out.
  virtual bool microbenchmark() const { return false; }
  // Generates inputs for `size` from `seed`, launches every kernel, reads the
  // results back and compares them with the CPU reference.
  virtual Verification run(runtime::Device& dev, Size size, uint64_t seed) = 0;
};

// Registry by name, as the scheduler policies will be.
using WorkloadFactory = std::function<std::unique_ptr<Workload>()>;
void register_workload(const std::string& name, WorkloadFactory factory);
std::vector<std::string> workload_names();   // sorted
std::vector<std::string> suite_workload_names();  // sorted, without the microbenchmarks
std::unique_ptr<Workload> make_workload(const std::string& name);  // throws on unknown name

// The committed PTX of a workload (embedded at build time) and the
// per-kernel resources ptxas reported for it.
const std::string& workload_ptx(const std::string& name);
using runtime::KernelResources;
KernelResources kernel_resources(const std::string& mangled_kernel_name);
// Every kernel of every workload, by mangled name (what load_workload_module
// hands the Device so the timing model knows each kernel's occupancy), and
// each kernel transformed by a module transformation, as "<transform>/<name>"
// ("vtw:same/matmul_tiled": scripts/gen_ptx.sh counts those too).
const std::map<std::string, KernelResources>& all_kernel_resources();
// The kernels as `transform` ("" = none) leaves them, by their own names.
std::map<std::string, KernelResources> kernel_resources_after(const std::string& transform);

}  // namespace scwarp::workloads
