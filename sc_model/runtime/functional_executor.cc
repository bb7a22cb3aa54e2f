// The default Executor: every block of the grid in linear order, each run to
// completion by the functional engine. Deterministic by construction.
#include <algorithm>
#include <bit>

#include "sc_model/runtime/device.h"

namespace scwarp::runtime {

namespace {

class FunctionalExecutor : public Executor {
 public:
  FunctionalExecutor(uint64_t max_thread_instructions, const SmLimits& sm, uint32_t large_warp_rows)
      : limit_(max_thread_instructions), sm_(sm), large_warp_rows_(large_warp_rows) {}
  SmLimits sm_limits() const override { return sm_; }

  LaunchResult execute(func::GlobalMemory& mem, const func::LaunchSpec& launch) override {
    func::LaunchSpec spec = launch;
    spec.large_warp_rows = large_warp_rows_;
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
  SmLimits sm_;
  uint32_t large_warp_rows_;
};

}  // namespace

std::unique_ptr<Executor> make_functional_executor(uint64_t max_thread_instructions, const SmLimits& sm,
                                                   uint32_t large_warp_rows) {
  return std::make_unique<FunctionalExecutor>(max_thread_instructions, sm, large_warp_rows);
}

}  // namespace scwarp::runtime
