// The default Executor: every block of the grid in linear order, each run to
// completion by the functional engine. Deterministic by construction.
#include <algorithm>
#include <bit>

#include "sc_model/runtime/device.h"

namespace scwarp::runtime {

namespace {

class FunctionalExecutor : public Executor {
 public:
  explicit FunctionalExecutor(uint64_t max_thread_instructions) : limit_(max_thread_instructions) {}

  LaunchResult execute(func::GlobalMemory& mem, const func::LaunchSpec& spec) override {
    func::Engine engine(mem, spec);
    LaunchResult r;
    for (uint64_t id = 0; id < spec.grid.count(); ++id) {
      std::unique_ptr<func::Block> block = engine.make_block(id);
      r.thread_instructions += engine.run_block(*block, limit_ - std::min(limit_, r.thread_instructions));
      for (size_t w = 0; w < block->warp_count(); ++w)
        r.warp_instructions += block->warp(w).instructions();
      ++r.blocks;
    }
    return r;
  }

 private:
  uint64_t limit_;  // per launch
};

}  // namespace

std::unique_ptr<Executor> make_functional_executor(uint64_t max_thread_instructions) {
  return std::make_unique<FunctionalExecutor>(max_thread_instructions);
}

}  // namespace scwarp::runtime
