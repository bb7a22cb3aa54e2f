// lwm_branch_masks against the functional engine's large-warp branch (the
// golden model): a 256-thread large warp (8 rows) branches on a per-thread
// flag; the buffers, loaded from the branch's rows, must say whether the
// engine diverged the large warp, hold the active masks of the path it runs
// first (taken) and of the path it runs after re-convergence (fall-through).
// Directed flag patterns from the paper's cases (none, all, one thread, a
// row split, a column split), then seeded random ones; a self-check.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "Vlwm_branch_masks.h"
#include "sc_model/func/engine.h"
#include "sc_model/ptx/ir.h"
#include "tb/cosim/verilated_bits.h"

namespace scwarp::sm {
namespace {

using cosim::get_field;
using cosim::put_field;

constexpr unsigned kK = 8, kN = 32, kThreads = kK * kN;
constexpr uint32_t kBranchPc = 6, kFallThroughPc = 7;

// Thread t takes TAKEN when flags[t] != 0.
const std::string kFlagBranch = R"(.version 7.5
.target sm_80
.address_size 64
.visible .entry flagbranch(.param .u64 flags, .param .u64 out) {
  .reg .b32 %r<8>; .reg .b64 %rd<8>; .reg .pred %p<3>;
  mov.u32 %r1, %tid.x;
  ld.param.u64 %rd1, [flags];
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  ld.global.u32 %r2, [%rd3];
  setp.ne.u32 %p1, %r2, 0;
  @%p1 bra TAKEN;
  mov.u32 %r3, 100;
  bra.uni JOIN;
TAKEN:
  mov.u32 %r3, 200;
JOIN:
  ld.param.u64 %rd4, [out];
  add.s64 %rd5, %rd4, %rd2;
  st.global.u32 [%rd5], %r3;
  ret;
}
)";

// The masks of K rows, row r in bits [r*N, r*N+N).
using Masks = std::vector<uint32_t>;

struct Observed {
  bool diverged = false;
  Masks taken, fall_through;  // the active masks of each path's first instruction
  Masks branch_active, branch_exec;
};

// Runs the kernel as one large warp on `flags`, recording the branch.
Observed run_engine(const std::vector<uint32_t>& flags) {
  ptx::Module module = ptx::parse_module(kFlagBranch, "flagbranch.ptx");
  func::GlobalMemory mem;
  func::LaunchSpec spec;
  spec.module = &module;
  spec.kernel = module.find_function("flagbranch");
  spec.block = func::Dim3{kThreads, 1, 1};
  spec.large_warp_rows = kK;
  const uint64_t in = mem.allocate(kThreads * 4), out = mem.allocate(kThreads * 4);
  mem.write(in, flags.data(), kThreads * 4);
  spec.params.resize(16);
  std::memcpy(spec.params.data(), &in, 8);
  std::memcpy(spec.params.data() + 8, &out, 8);
  func::Engine engine(mem, spec);
  auto block = engine.make_block(0);
  func::Warp& w = block->scheduled_warp(0);
  func::ExecRecord rec;
  std::vector<func::ExecRecord> rows;
  Observed o;
  bool after_branch = false;
  while (w.state() == func::WarpState::Ready) {
    const uint32_t pc = w.next_pc();
    engine.step_large(*block, w, rec, rows);
    Masks active(kK);
    for (unsigned r = 0; r < kK; ++r) active[r] = rows[r].active_mask;
    if (after_branch && o.diverged && o.taken.empty()) o.taken = active;
    if (pc == kFallThroughPc) o.fall_through = active;
    after_branch = pc == kBranchPc;
    if (pc == kBranchPc) {
      o.diverged = rec.diverged;
      o.branch_active = active;
      for (unsigned r = 0; r < kK; ++r) o.branch_exec.push_back(rows[r].exec_mask);
    }
  }
  return o;
}

class Bench {
 public:
  Bench() {
    rtl_ = std::make_unique<Vlwm_branch_masks>(ctx_.get());
    rtl_->clk_i = 0;
    rtl_->rst_ni = 0;
    rtl_->eval();
    rtl_->rst_ni = 1;
    rtl_->eval();
  }
  ~Bench() { rtl_->final(); }

  // Loads the buffers from the branch's rows (one clock edge).
  void load(const Observed& o) {
    rtl_->load_i = 1;
    for (unsigned r = 0; r < kK; ++r) {
      put_field(rtl_->active_i, r * kN, kN, o.branch_active[r]);
      put_field(rtl_->exec_i, r * kN, kN, o.branch_exec[r]);
    }
    rtl_->clk_i = 1;
    rtl_->eval();
    rtl_->clk_i = 0;
    rtl_->load_i = 0;
    rtl_->eval();
  }
  // Compares with what the engine did; returns the first difference ("" if none).
  std::string compare(const Observed& o) const {
    if (bool(rtl_->diverged_o) != o.diverged) return "diverged";
    if (!o.diverged) return "";
    for (unsigned r = 0; r < kK; ++r) {
      if (get_field(rtl_->taken_o, r * kN, kN) != o.taken.at(r)) return "taken mask of row " + std::to_string(r);
      if (get_field(rtl_->not_taken_o, r * kN, kN) != o.fall_through.at(r))
        return "fall-through mask of row " + std::to_string(r);
    }
    return "";
  }

 private:
  std::unique_ptr<VerilatedContext> ctx_ = std::make_unique<VerilatedContext>();
  std::unique_ptr<Vlwm_branch_masks> rtl_;
};

std::vector<uint32_t> flags_where(bool (*takes)(unsigned row, unsigned lane)) {
  std::vector<uint32_t> f(kThreads);
  for (unsigned t = 0; t < kThreads; ++t) f[t] = takes(t / kN, t % kN);
  return f;
}

TEST(LwmBranchMasks, PaperCasesMatchTheEngine) {
  Bench b;
  const std::vector<bool (*)(unsigned, unsigned)> cases = {
      [](unsigned, unsigned) { return false; },                      // none takes it
      [](unsigned, unsigned) { return true; },                       // all take it
      [](unsigned r, unsigned c) { return r == 5 && c == 17; },      // one thread
      [](unsigned r, unsigned) { return r < 3; },                    // rows split: diverges a large warp only
      [](unsigned, unsigned c) { return c % 2 == 0; },               // columns split
  };
  const std::vector<bool> diverges = {false, false, true, true, true};
  for (size_t i = 0; i < cases.size(); ++i) {
    const Observed o = run_engine(flags_where(cases[i]));
    ASSERT_EQ(o.diverged, diverges[i]) << "case " << i;
    b.load(o);
    EXPECT_EQ(b.compare(o), "") << "case " << i;
  }
}

TEST(LwmBranchMasks, RandomFlagsMatchTheEngine) {
  Bench b;
  unsigned diverged = 0;
  for (uint32_t seed = 1; seed <= 200; ++seed) {
    std::mt19937 rng(seed);
    const unsigned density = rng() % 10;  // of 9: 0 none, 9 all
    std::vector<uint32_t> flags(kThreads);
    for (uint32_t& f : flags) f = rng() % 9 < density;
    const Observed o = run_engine(flags);
    b.load(o);
    diverged += o.diverged;
    ASSERT_EQ(b.compare(o), "") << "seed " << seed;
  }
  EXPECT_GT(diverged, 100u);
  EXPECT_LT(diverged, 200u);
}

// The checker can fail: buffers loaded from another branch's rows differ.
TEST(LwmBranchMasksSelfCheck, DetectsOtherMasks) {
  Bench b;
  const Observed rows_split = run_engine(flags_where([](unsigned r, unsigned) { return r < 3; }));
  const Observed one_thread = run_engine(flags_where([](unsigned r, unsigned c) { return r == 5 && c == 17; }));
  b.load(one_thread);
  EXPECT_EQ(b.compare(rows_split), "taken mask of row 0");
}

}  // namespace
}  // namespace scwarp::sm
