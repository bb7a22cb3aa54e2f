#include "tests/sm/sm_bench.h"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstring>

#include "sc_model/common/clocked_module.h"
#include "sc_model/common/error.h"

namespace scwarp::test {

FixedLatencyMemory::FixedLatencyMemory(sc_core::sc_module_name name, uint64_t latency)
    : sc_core::sc_module(name), socket("socket"), latency_(latency), due_("due") {
  socket.register_nb_transport_fw(this, &FixedLatencyMemory::nb_transport_fw);
  SC_HAS_PROCESS(FixedLatencyMemory);
  SC_METHOD(respond);
  sensitive << due_.get_event();
  dont_initialize();
}

tlm::tlm_sync_enum FixedLatencyMemory::nb_transport_fw(tlm::tlm_generic_payload& trans,
                                                       tlm::tlm_phase& phase, sc_core::sc_time&) {
  if (phase == tlm::END_RESP) return tlm::TLM_COMPLETED;
  if (phase != tlm::BEGIN_REQ) throw Error("test memory: unexpected phase");
  ++requests_;
  trans.acquire();
  due_.notify(trans, double(latency_) * kCycleTime);
  phase = tlm::END_REQ;
  return tlm::TLM_UPDATED;
}

void FixedLatencyMemory::respond() {
  while (tlm::tlm_generic_payload* trans = due_.get_next_transaction()) {
    trans->set_response_status(tlm::TLM_OK_RESPONSE);
    tlm::tlm_phase phase = tlm::BEGIN_RESP;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket->nb_transport_bw(*trans, phase, delay);
    trans->release();
  }
}

Kernel::Kernel(const std::string& ptx, const std::string& name)
    : module(ptx::parse_module(ptx, "test.ptx")), function(module.find_function(name)) {
  if (!function) throw Error("test kernel " + name + " not found");
  ptx::check_kernel(module, *function);
}

void Kernel::prepare(func::Dim3 grid, func::Dim3 block, const std::vector<uint64_t>& args) {
  const ptx::Function* fn = function;
  const std::string& name = fn->name;
  func::LaunchSpec spec;
  spec.module = &module;
  spec.kernel = fn;
  spec.grid = grid;
  spec.block = block;
  spec.params.assign(fn->param_bytes, 0);
  if (args.size() != fn->params.size()) throw Error("test kernel " + name + ": wrong argument count");
  for (size_t i = 0; i < args.size(); ++i) {
    const ptx::Symbol& p = module.symbols[fn->params[i]];
    std::memcpy(spec.params.data() + p.offset, &args[i], p.size);
  }
  if (module.global_bytes) spec.global_segment = memory.allocate(module.global_bytes);
  if (module.const_bytes) spec.const_segment = memory.allocate(module.const_bytes);
  spec.static_shared_bytes = uint32_t(fn->static_shared_bytes);
  engine = std::make_unique<func::Engine>(memory, std::move(spec));
}

uint64_t upload(func::GlobalMemory& memory, const std::vector<uint32_t>& values) {
  uint64_t addr = memory.allocate(values.size() * 4);
  memory.write(addr, values.data(), values.size() * 4);
  return addr;
}

std::vector<uint32_t> download(const func::GlobalMemory& memory, uint64_t addr, size_t count) {
  std::vector<uint32_t> out(count);
  memory.read(addr, out.data(), count * 4);
  return out;
}

config::GpuConfig one_sm_config() {
  config::GpuConfig cfg;
  cfg.n_clusters = 1;
  cfg.cores_per_cluster = 1;
  return cfg;
}

SmBench::SmBench(sc_core::sc_module_name name, const config::GpuConfig& cfg, Script script,
                 uint64_t memory_latency)
    : sc_core::sc_module(name), ops(cfg), sm("sm", cfg, ops, 0), sink("sink"), memory("memory", memory_latency),
      script_(std::move(script)) {
  sm.tb_sink(sink);
  sm.memory_socket().bind(memory.socket);
  SC_HAS_PROCESS(SmBench);
  SC_THREAD(drive);
}

void SmBench::drive() { script_(*this); }

void SmBench::launch(Kernel& kernel, uint64_t id, uint64_t kernel_index) {
  sm::TbLaunch tb;
  tb.engine = kernel.engine.get();
  tb.block = kernel.engine->make_block(id, 0);
  tb.kernel = kernel_index;
  tb.id = id;
  sm.launch_tb(std::move(tb));
}

void SmBench::run_until_done(size_t tbs, uint64_t max_cycles) {
  while (sink.records.size() < tbs) {
    if (current_cycle() > max_cycles)
      throw Error("test: " + std::to_string(sink.records.size()) + " of " + std::to_string(tbs) +
                  " TBs done after " + std::to_string(max_cycles) + " cycles");
    sc_core::sc_start(100 * kCycleTime);
    if (std::exception_ptr fault = ClockedModule::take_fault()) std::rethrow_exception(fault);
  }
}

void SmBench::run_until_idle(uint64_t more) {
  const uint64_t limit = current_cycle() + more;
  while (!sm.idle() && current_cycle() < limit) {
    sc_core::sc_start(100 * kCycleTime);
    if (std::exception_ptr fault = ClockedModule::take_fault()) std::rethrow_exception(fault);
  }
}

std::string run_in_child(const std::function<std::string()>& body) {
  int fds[2];
  if (pipe(fds) != 0) throw Error("pipe failed");
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    std::string text;
    try {
      text = body();
    } catch (const std::exception& e) {
      text = std::string("error: ") + e.what();
    }
    size_t done = 0;
    while (done < text.size()) {
      ssize_t n = write(fds[1], text.data() + done, text.size() - done);
      if (n <= 0) break;
      done += size_t(n);
    }
    _exit(0);
  }
  close(fds[1]);
  std::string text;
  char buf[4096];
  for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;) text.append(buf, size_t(n));
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  return text;
}

stats::SmCounters counters_of(const sm::Sm& sm) {
  stats::SmCounters c;
  sm.report(c);
  return c;
}

void expect_stall_accounting_consistent(const stats::SmCounters& c) {
  const stats::GpgpuStalls& g = c.gpgpu;
  const stats::HazardStalls& h = c.hazards;
  EXPECT_EQ(c.issued + g.idle + g.scoreboard + g.pipeline, c.scheduler_cycles);
  EXPECT_EQ(c.issued + h.control + h.data + h.structural + h.barrier + h.exit + h.fetch + h.empty,
            c.scheduler_cycles);
  EXPECT_EQ(c.issued, c.warp_instructions);
  // Structural hazards are the operand collector's full ID_OC registers, and
  // GPGPU-Sim's pipeline stalls the same cycles.
  EXPECT_EQ(h.structural, c.operand_collector.full_stalls);
  EXPECT_EQ(h.structural, g.pipeline);
}

}  // namespace scwarp::test
