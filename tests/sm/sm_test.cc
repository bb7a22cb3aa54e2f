// One Sm with a fixed-latency memory: functional results under timing,
// latencies, overlap, dual issue, barriers, mid-run launches, control
// hazards, errors, and skip-idle giving the same counters as ticking every
// cycle. Each TEST elaborates its own design (ctest runs one per process).
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>

#include "sc_model/common/error.h"
#include "tests/sm/sm_bench.h"

namespace scwarp::test {
namespace {

const char* kHeader = ".version 7.0\n.target sm_50\n.address_size 64\n";

// `adds` dependent adds between two %clock reads; each warp stores the sum
// and the cycles between the reads to out[2 * warp] and out[2 * warp + 1].
std::string chain_kernel(int adds) {
  std::string body;
  for (int i = 0; i < adds; ++i) body += "  add.u32 %r1, %r1, 1;\n";
  return std::string(kHeader) + R"(
.visible .entry chain(.param .u64 out)
{
  .reg .u32 %r<6>;
  .reg .u64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r4, %tid.x;
  shr.u32 %r4, %r4, 5;
  mul.wide.u32 %rd2, %r4, 8;
  add.u64 %rd1, %rd1, %rd2;
  mov.u32 %r1, 0;
  mov.u32 %r2, %clock;
)" + body + R"(  mov.u32 %r3, %clock;
  sub.u32 %r3, %r3, %r2;
  st.global.u32 [%rd1], %r1;
  st.global.u32 [%rd1+4], %r3;
  ret;
}
)";
}

// 8 independent accumulators: no data hazard at a 4-cycle add latency.
std::string independent_kernel(int rounds) {
  std::string body;
  for (int i = 0; i < rounds; ++i)
    for (int r = 1; r <= 8; ++r) body += "  add.u32 %r" + std::to_string(r) + ", %r" + std::to_string(r) + ", 1;\n";
  std::string init;
  for (int r = 1; r <= 8; ++r) init += "  mov.u32 %r" + std::to_string(r) + ", 0;\n";
  return std::string(kHeader) + R"(
.visible .entry independent(.param .u64 out)
{
  .reg .u32 %r<12>;
  .reg .u64 %rd<4>;
)" + init + body + R"(  ld.param.u64 %rd1, [out];
  mov.u32 %r9, %tid.x;
  mul.wide.u32 %rd2, %r9, 4;
  add.u64 %rd1, %rd1, %rd2;
  add.u32 %r1, %r1, %r8;
  st.global.u32 [%rd1], %r1;
  ret;
}
)";
}

// out[tid] = in[tid] + in[tid] * tid after a barrier-separated shared
// exchange (each thread reads its neighbour's value), in a loop of `iters`.
const std::string kMemoryKernel = std::string(kHeader) + R"(
.visible .entry exchange(.param .u64 in, .param .u64 out, .param .u32 iters)
{
  .reg .u32 %r<16>;
  .reg .u64 %rd<8>;
  .reg .pred %p<2>;
  .shared .align 4 .b8 s[1024];
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  ld.param.u32 %r10, [iters];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mad.lo.u32 %r4, %r2, %r3, %r1;
  mul.wide.u32 %rd3, %r4, 4;
  add.u64 %rd4, %rd1, %rd3;
  ld.global.u32 %r5, [%rd4];
  mov.u32 %r11, 0;
  mov.u32 %r12, 0;
LOOP:
  shl.b32 %r6, %r1, 2;
  mov.u32 %r7, s;
  add.u32 %r8, %r7, %r6;
  add.u32 %r9, %r5, %r11;
  st.shared.u32 [%r8], %r9;
  bar.sync 0;
  add.u32 %r13, %r1, 1;
  rem.u32 %r13, %r13, %r3;
  shl.b32 %r13, %r13, 2;
  add.u32 %r13, %r7, %r13;
  ld.shared.u32 %r14, [%r13];
  add.u32 %r12, %r12, %r14;
  bar.sync 0;
  add.u32 %r11, %r11, 1;
  setp.lt.u32 %p1, %r11, %r10;
  @%p1 bra LOOP;
  add.u64 %rd5, %rd2, %rd3;
  st.global.u32 [%rd5], %r12;
  ret;
}
)";

// What kMemoryKernel stores for global thread `g` of a block of `threads`.
uint32_t exchange_expected(const std::vector<uint32_t>& in, uint32_t block, uint32_t tid,
                           uint32_t threads, uint32_t iters) {
  uint32_t neighbour = in[block * threads + (tid + 1) % threads];
  uint32_t sum = 0;
  for (uint32_t i = 0; i < iters; ++i) sum += neighbour + i;
  return sum;
}

// Cycles from issue to the execution unit through the operand collector:
// ID_OC -> collector unit, bank read, OC_EX, unit (GPGPU-Sim's order).
constexpr uint32_t kCollectorCycles = 4;

TEST(Sm, DependentChainTakesTheAddLatencyPerInstruction) {
  const int adds = 32;
  config::GpuConfig cfg = one_sm_config();
  Kernel k(chain_kernel(adds), "chain");
  uint64_t out = k.memory.allocate(8);
  k.prepare({1, 1, 1}, {32, 1, 1}, {out});
  // A 1-cycle memory: instruction misses (which go below L1) would add to the chain's time.
  SmBench bench("bench", cfg, [&](SmBench& b) { b.launch(k, 0); }, 1);
  bench.run_until_done(1);
  std::vector<uint32_t> result = download(k.memory, out, 2);
  EXPECT_EQ(result[0], uint32_t(adds));
  uint32_t lat = cfg.int_timing.add.latency + kCollectorCycles;
  EXPECT_GE(result[1], (adds - 1) * lat) << "a dependent add waits for the previous one's writeback";
  EXPECT_LE(result[1], (adds + 2) * lat) << "and not much more";
  stats::SmCounters c = counters_of(bench.sm);
  EXPECT_EQ(c.tbs_completed, 1u);
  EXPECT_GT(c.hazards.data, uint64_t(adds) * (lat - 2)) << "the chain's waits are data hazards";
  expect_stall_accounting_consistent(c);
  bench.run_until_idle();
  EXPECT_TRUE(bench.sm.idle());
}

TEST(Sm, IndependentWarpsOverlapTheirLatencies) {
  const int adds = 32;
  config::GpuConfig cfg = one_sm_config();
  Kernel k(chain_kernel(adds), "chain");
  uint64_t out = k.memory.allocate(8 * 8);
  k.prepare({1, 1, 1}, {256, 1, 1}, {out});
  // A 1-cycle memory: the chains' clocks would count instruction misses.
  SmBench bench("bench", cfg, [&](SmBench& b) { b.launch(k, 0); }, 1);
  bench.run_until_done(1);
  std::vector<uint32_t> result = download(k.memory, out, 16);
  uint32_t lat = cfg.int_timing.add.latency + kCollectorCycles;
  for (int w = 0; w < 8; ++w) {
    EXPECT_EQ(result[2 * w], uint32_t(adds)) << "warp " << w;
    EXPECT_LT(result[2 * w + 1], 2 * adds * lat) << "warp " << w << " overlaps with the others";
  }
  const stats::TbRecord& tb = bench.sink.records.at(0);
  // The chains overlap: the TB (its loads and stores through the 35-cycle L1
  // pipeline included) takes well under half of 8 chains back to back.
  EXPECT_LT(tb.end_cycle - tb.start_cycle, 4u * adds * lat) << "8 warps, not 8 times one warp's time";
  EXPECT_EQ(tb.warp_instructions, 8u * (adds + 12));  // 12 instructions around the chain
  EXPECT_EQ(tb.thread_instructions, 32u * tb.warp_instructions);
  stats::SmCounters c = counters_of(bench.sm);
  EXPECT_EQ(c.l1i.misses, ((adds + 12) * 8u + 127) / 128) << "one refill per code line";
  EXPECT_GT(c.l1i.mshr_merges, 0u) << "the other warps' misses wait for the same refill";
  EXPECT_EQ(c.l1i.accesses, c.l1i.hits + c.l1i.misses + c.l1i.mshr_merges + c.l1i.reservation_fails);
  EXPECT_EQ(c.fetches, c.l1i.accesses - c.l1i.reservation_fails);
  expect_stall_accounting_consistent(c);
}

TEST(Sm, TwoSchedulersIssueInTheSameCycle) {
  config::GpuConfig cfg = one_sm_config();
  cfg.ibuffer_entries = 8;
  cfg.fetch_width = 2;
  Kernel k(independent_kernel(16), "independent");
  uint64_t out = k.memory.allocate(64 * 4);
  k.prepare({1, 1, 1}, {64, 1, 1}, {out});
  // A 1-cycle memory keeps the front end (its misses go below L1) out of the way.
  SmBench bench("bench", cfg, [&](SmBench& b) { b.launch(k, 0); }, 1);
  bench.run_until_done(1);
  for (uint32_t v : download(k.memory, out, 64)) EXPECT_EQ(v, 32u);
  stats::SmCounters c = counters_of(bench.sm);
  EXPECT_GT(c.warp_instructions, c.active_cycles) << "more than one instruction per cycle";
  expect_stall_accounting_consistent(c);
}

TEST(Sm, BarrierLoopWithGlobalLoadsComputesTheRightValues) {
  const uint32_t threads = 128, blocks = 3, iters = 4;
  config::GpuConfig cfg = one_sm_config();
  Kernel k(kMemoryKernel, "exchange");
  std::vector<uint32_t> in(threads * blocks);
  for (size_t i = 0; i < in.size(); ++i) in[i] = uint32_t(i * 37 % 1000);
  uint64_t din = upload(k.memory, in), dout = k.memory.allocate(in.size() * 4);
  k.prepare({blocks, 1, 1}, {threads, 1, 1}, {din, dout, iters});
  SmBench bench("bench", cfg, [&](SmBench& b) {
    for (uint32_t id = 0; id < blocks; ++id) b.launch(k, id);
  });
  bench.run_until_done(blocks);
  std::vector<uint32_t> result = download(k.memory, dout, in.size());
  for (uint32_t b = 0; b < blocks; ++b)
    for (uint32_t t = 0; t < threads; ++t)
      ASSERT_EQ(result[b * threads + t], exchange_expected(in, b, t, threads, iters)) << b << ":" << t;
  stats::SmCounters c = counters_of(bench.sm);
  EXPECT_EQ(c.tbs_completed, blocks);
  EXPECT_GT(c.l1d.accesses, 0u);
  EXPECT_GT(bench.memory.requests(), 0u);
  EXPECT_GT(c.hazards.barrier + c.gpgpu.idle, 0u);
  EXPECT_GE(c.ibuffer_flushes, uint64_t(blocks) * (threads / 32) * (iters - 1))
      << "each taken loop branch redirects fetch";
  EXPECT_GT(c.shared_accesses, 0u);
  expect_stall_accounting_consistent(c);
  bench.run_until_idle();
  EXPECT_TRUE(bench.sm.idle());
}

TEST(Sm, TbLaunchedMidRunStartsTheNextCycle) {
  config::GpuConfig cfg = one_sm_config();
  Kernel k(chain_kernel(8), "chain");
  uint64_t out = k.memory.allocate(16);
  k.prepare({2, 1, 1}, {32, 1, 1}, {out});
  SmBench bench("bench", cfg, [&](SmBench& b) {
    b.launch(k, 0);
    sc_core::wait(2000 * kCycleTime);
    b.launch(k, 1);
  });
  bench.run_until_done(2);
  ASSERT_EQ(bench.sink.records.size(), 2u);
  EXPECT_EQ(bench.sink.records[0].id, 0u);
  EXPECT_EQ(bench.sink.records[0].start_cycle, 1u);
  EXPECT_LT(bench.sink.records[0].end_cycle, 2000u);
  EXPECT_EQ(bench.sink.records[1].start_cycle, 2001u);
  EXPECT_EQ(download(k.memory, out, 1)[0], 8u);
  stats::SmCounters c = counters_of(bench.sm);
  EXPECT_LT(c.active_cycles, bench.sink.records[1].end_cycle - 100) << "no active cycles while empty";
  expect_stall_accounting_consistent(c);
}

TEST(Sm, BarrierThatCanNeverReleaseIsADeadlockError) {
  config::GpuConfig cfg = one_sm_config();
  Kernel k(std::string(kHeader) + R"(
.visible .entry stuck()
{
  bar.sync 1, 64;
  ret;
}
)", "stuck");
  k.prepare({1, 1, 1}, {32, 1, 1}, {});
  SmBench bench("bench", cfg, [&](SmBench& b) { b.launch(k, 0); });
  try {
    bench.run_until_done(1, 10000);
    FAIL() << "expected a deadlock error";
  } catch (const Error& e) {
    std::string msg = e.what();
    // The functional engine's own diagnosis: which barrier, who waits, who is missing.
    EXPECT_NE(msg.find("kernel stuck block (0,0,0)"), std::string::npos) << msg;
    EXPECT_NE(msg.find("barrier 1 can never release"), std::string::npos) << msg;
    EXPECT_NE(msg.find("expecting 64 threads"), std::string::npos) << msg;
  }
}

TEST(Sm, MoreTbsThanSlotsIsAnError) {
  config::GpuConfig cfg = one_sm_config();
  cfg.max_tbs_per_sm = 1;
  Kernel k(chain_kernel(4), "chain");
  uint64_t out = k.memory.allocate(16);
  k.prepare({2, 1, 1}, {32, 1, 1}, {out});
  SmBench bench("bench", cfg, [&](SmBench& b) {
    b.launch(k, 0);
    b.launch(k, 1);
  });
  try {
    bench.run_until_done(2, 10000);
    FAIL() << "expected a capacity error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no room for block 1"), std::string::npos) << e.what();
  }
}

std::string run_exchange(bool skip_idle, const std::string& scheduler) {
  const uint32_t threads = 96, blocks = 4, iters = 3;
  config::GpuConfig cfg = one_sm_config();
  cfg.skip_idle = skip_idle;
  cfg.max_tbs_per_sm = 2;
  cfg.scheduler = scheduler;
  Kernel k(kMemoryKernel, "exchange");
  std::vector<uint32_t> in(threads * blocks, 5);
  uint64_t din = upload(k.memory, in), dout = k.memory.allocate(in.size() * 4);
  k.prepare({blocks, 1, 1}, {threads, 1, 1}, {din, dout, iters});
  SmBench bench("bench", cfg, [&](SmBench& b) {
    b.launch(k, 0);
    b.launch(k, 1);
    sc_core::wait(3000 * kCycleTime);
    b.launch(k, 2);
    b.launch(k, 3);
  }, 300);
  bench.run_until_done(blocks);
  stats::SmCounters c = counters_of(bench.sm);
  std::ostringstream os;
  for (const stats::TbRecord& r : bench.sink.records)
    os << "tb " << r.id << " " << r.start_cycle << " " << r.end_cycle << " " << r.warp_instructions << "\n";
  os << "active " << c.active_cycles << " sched " << c.scheduler_cycles << " issued " << c.issued
     << " idle " << c.gpgpu.idle << " sb " << c.gpgpu.scoreboard << " pipe " << c.gpgpu.pipeline
     << " ctl " << c.hazards.control << " data " << c.hazards.data << " str " << c.hazards.structural
     << " bar " << c.hazards.barrier << " exit " << c.hazards.exit << " fetch " << c.hazards.fetch
     << " empty " << c.hazards.empty << " flushes " << c.ibuffer_flushes << " fetches " << c.fetches
     << " l1i " << c.l1i.misses << " l1d " << c.l1d.accesses << "/" << c.l1d.misses
     << " oc " << c.operand_collector.register_reads << " " << c.operand_collector.bank_conflict_cycles << " "
     << c.operand_collector.bank_conflicts << " " << c.operand_collector.full_stalls << " "
     << c.operand_collector.dispatch_stalls << "\n";
  return os.str();
}

TEST(Sm, SkippingIdleCyclesGivesTheSameCountersAsTickingEveryCycle) {
  for (const char* scheduler : {"lrr", "gto", "two_level"}) {
    std::string skipping = run_in_child([&] { return run_exchange(true, scheduler); });
    std::string ticking = run_in_child([&] { return run_exchange(false, scheduler); });
    ASSERT_EQ(skipping.find("error"), std::string::npos) << skipping;
    ASSERT_NE(skipping.find("tb 3"), std::string::npos) << skipping;
    EXPECT_EQ(skipping, ticking) << scheduler;
    std::cout << scheduler << ":\n" << skipping;
  }
}

}  // namespace
}  // namespace scwarp::test

namespace scwarp::test {
namespace {

// A grid-stride vector add: c[i] = a[i] + b[i] for i in [0, n).
const std::string kStreamKernel = std::string(kHeader) + R"(
.visible .entry vadd(.param .u64 a, .param .u64 b, .param .u64 c, .param .u32 n)
{
  .reg .u32 %r<12>;
  .reg .u64 %rd<12>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [b];
  ld.param.u64 %rd3, [c];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %tid.x;
  mov.u32 %r3, %ctaid.x;
  mov.u32 %r4, %ntid.x;
  mov.u32 %r5, %nctaid.x;
  mad.lo.u32 %r6, %r3, %r4, %r2;
  mul.lo.u32 %r7, %r4, %r5;
  setp.ge.u32 %p1, %r6, %r1;
  @%p1 bra DONE;
LOOP:
  mul.wide.u32 %rd4, %r6, 4;
  add.u64 %rd5, %rd1, %rd4;
  add.u64 %rd6, %rd2, %rd4;
  add.u64 %rd7, %rd3, %rd4;
  ld.global.u32 %r8, [%rd5];
  ld.global.u32 %r9, [%rd6];
  add.u32 %r10, %r8, %r9;
  st.global.u32 [%rd7], %r10;
  add.u32 %r6, %r6, %r7;
  setp.lt.u32 %p1, %r6, %r1;
  @%p1 bra LOOP;
DONE:
  ret;
}
)";

TEST(Sm, StreamingKernelRunsAtFullOccupancy) {
  const uint32_t blocks = 8, threads = 192, n = blocks * threads * 32;
  config::GpuConfig cfg = one_sm_config();
  Kernel k(kStreamKernel, "vadd");
  std::vector<uint32_t> a(n), b(n);
  for (uint32_t i = 0; i < n; ++i) a[i] = i, b[i] = 3 * i + 1;
  uint64_t da = upload(k.memory, a), db = upload(k.memory, b), dc = k.memory.allocate(n * 4);
  k.prepare({blocks, 1, 1}, {threads, 1, 1}, {da, db, dc, n});
  SmBench bench("bench", cfg, [&](SmBench& bench) {
    for (uint32_t id = 0; id < blocks; ++id) bench.launch(k, id);
  }, 200);
  auto start = std::chrono::steady_clock::now();
  bench.run_until_done(blocks, 10'000'000);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::vector<uint32_t> c = download(k.memory, dc, n);
  for (uint32_t i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << i;
  stats::SmCounters counters = counters_of(bench.sm);
  expect_stall_accounting_consistent(counters);
  EXPECT_GT(counters.hazards.data, counters.hazards.fetch) << "a streaming kernel waits on its loads";
  // For the record (not asserted: the host's load varies).
  std::cout << counters.thread_instructions << " thread instructions, " << counters.active_cycles
            << " cycles, " << counters.thread_instructions / seconds / 1e6 << " M thread-instr/s\n";
}

}  // namespace
}  // namespace scwarp::test
