// A test bench around one Sm: a TB sink recording finished TBs, a memory
// below the L1 that answers every request after a fixed latency (TLM-2.0 AT),
// and a kernel set up from PTX text on a functional engine. Each TEST builds
// one SmBench (SystemC elaborates one design per process).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/peq_with_get.h>
#include <tlm_utils/simple_target_socket.h>

#include "sc_model/config/gpu_config.h"
#include "sc_model/func/engine.h"
#include "sc_model/sm/sm.h"

namespace scwarp::test {

// Answers BEGIN_REQ with END_REQ and sends BEGIN_RESP `latency` cycles later.
class FixedLatencyMemory : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<FixedLatencyMemory> socket;
  FixedLatencyMemory(sc_core::sc_module_name name, uint64_t latency);
  uint64_t requests() const { return requests_; }

 private:
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase,
                                     sc_core::sc_time& delay);
  void respond();
  uint64_t latency_;
  uint64_t requests_ = 0;
  tlm_utils::peq_with_get<tlm::tlm_generic_payload> due_;
};

class TbRecorder : public sc_core::sc_module, public sm::TbSinkIf {
 public:
  explicit TbRecorder(sc_core::sc_module_name name) : sc_core::sc_module(name) {}
  void tb_done(const stats::TbRecord& record) override { records.push_back(record); }
  std::vector<stats::TbRecord> records;
};

// A parsed module, device memory and one kernel's engine.
struct Kernel {
  ptx::Module module;
  const ptx::Function* function = nullptr;
  func::GlobalMemory memory;
  std::unique_ptr<func::Engine> engine;
  Kernel(const std::string& ptx, const std::string& name);
  // Makes the engine; `args`: one value per kernel parameter (buffers
  // allocated in `memory` first), written with the parameter's size.
  void prepare(func::Dim3 grid, func::Dim3 block, const std::vector<uint64_t>& args);
};

// Device buffers for the kernels' arguments.
uint64_t upload(func::GlobalMemory& memory, const std::vector<uint32_t>& values);
std::vector<uint32_t> download(const func::GlobalMemory& memory, uint64_t addr, size_t count);

// A small GTX480-like configuration with one SM.
config::GpuConfig one_sm_config();

class SmBench : public sc_core::sc_module {
 public:
  using Script = std::function<void(SmBench&)>;
  // `script` runs in a SystemC thread at cycle 0 (it may wait()).
  SmBench(sc_core::sc_module_name name, const config::GpuConfig& cfg, Script script,
          uint64_t memory_latency = 100);

  // Places block `id` of `kernel` on the SM (visible next cycle).
  void launch(Kernel& kernel, uint64_t id, uint64_t kernel_index = 0);
  // Runs until `tbs` TBs have finished; rethrows a fault from the model;
  // fails (throws) past `max_cycles`.
  void run_until_done(size_t tbs, uint64_t max_cycles = 200000);
  // Then runs on (at most `more` cycles) until the SM has nothing in flight:
  // instruction fetches may still be below L1 when the last TB ends.
  void run_until_idle(uint64_t more = 10000);

  const sm::OpAssigner ops;  // the SM's opcode table (the GPU's, in the full model)
  sm::Sm sm;
  TbRecorder sink;
  FixedLatencyMemory memory;

 private:
  void drive();
  Script script_;
};

stats::SmCounters counters_of(const sm::Sm& sm);
// Runs `body` in a child process (a fresh SystemC design) and returns what
// it printed ("error: ..." if it threw): one TEST comparing two runs of the
// model elaborates each in its own process.
std::string run_in_child(const std::function<std::string()>& body);
// The invariants every scheduler-cycle obeys: it issued or stalled, once,
// in both taxonomies, and a structural stall is a full collector register.
void expect_stall_accounting_consistent(const stats::SmCounters& c);

}  // namespace scwarp::test
