// The default Executor: every block of the grid in linear order, each run to
// completion by the functional engine. Deterministic by construction.
#include <bit>

#include "sc_model/runtime/device.h"

namespace scwarp::runtime {

namespace {

class FunctionalExecutor : public Executor {
 public:
  LaunchResult execute(func::GlobalMemory& mem, const func::LaunchSpec& spec) override {
    func::Engine engine(mem, spec);
    LaunchResult r;
    for (uint64_t id = 0; id < spec.grid.count(); ++id) {
      std::unique_ptr<func::Block> block = engine.make_block(id);
      r.thread_instructions += engine.run_block(*block);
      for (size_t w = 0; w < block->warp_count(); ++w)
        r.warp_instructions += block->warp(w).instructions();
      ++r.blocks;
    }
    return r;
  }
};

}  // namespace

std::unique_ptr<Executor> make_functional_executor() {
  return std::make_unique<FunctionalExecutor>();
}

}  // namespace scwarp::runtime
