// Whole-model properties of the timing runs, through the scwarp program (one
// process per run: SystemC elaborates one GPU per process): determinism,
// idle skip-ahead identical to stepping every cycle, and the first-order
// scheduler effects the microbenchmarks were written to show.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>

#include "tests/cli/scwarp_process.h"

namespace scwarp::testing {
namespace {

// The run's report without its host measurements (wall time, memory).
nlohmann::json simulated(const std::string& args) {
  const std::string path = scratch_dir() + "/run.json";
  const ProcessResult r = run_scwarp(args + " --json '" + path + "'");
  EXPECT_EQ(r.exit_status, 0) << args << "\n" << r.out << r.err;
  nlohmann::json j = nlohmann::json::parse(read_file(path));
  j.erase("host");
  j.erase("host_seconds");
  j.erase("launch_seconds");
  j.erase("launch_cpu_seconds");
  j.erase("thread_instructions_per_second");
  return j;
}

uint64_t cycles_of(const std::string& args) { return simulated(args)["cycles"].get<uint64_t>(); }

class EveryCycle : public ::testing::TestWithParam<const char*> {};

// Skip-ahead may only skip cycles in which nothing would change: every
// counter, every TB's start and end, must equal a run that ticks each cycle.
TEST_P(EveryCycle, SkippingIdleCyclesChangesNothing) {
  const std::string run = std::string("run --config tiny --size tiny --workload ") + GetParam();
  nlohmann::json skipping = simulated(run + " --set scwarp_skip_idle=1");
  nlohmann::json stepping = simulated(run + " --set scwarp_skip_idle=0");
  skipping["config"].erase("options");
  stepping["config"].erase("options");
  EXPECT_EQ(skipping, stepping) << "first difference: " << nlohmann::json::diff(skipping, stepping).dump();
}

INSTANTIATE_TEST_SUITE_P(Workloads, EveryCycle,
                         ::testing::Values("vector_add", "matmul", "bfs", "histogram", "merge_sort"));

// The learning schedulers draw random numbers and read GPU-wide statistics
// (a snapshot of the previous cycle, the same whichever SM runs first): the
// same seed gives the same numbers, with and without idle skipping, and
// another seed other decisions.
class LearningPolicy : public ::testing::TestWithParam<const char*> {};

TEST_P(LearningPolicy, DeterministicAndSkipIdentical) {
  const std::string run = std::string("run --config tiny --size tiny --workload histogram --sched ") + GetParam();
  nlohmann::json skipping = simulated(run + " --set scwarp_skip_idle=1");
  nlohmann::json stepping = simulated(run + " --set scwarp_skip_idle=0");
  EXPECT_EQ(simulated(run + " --set scwarp_skip_idle=1"), skipping);
  skipping["config"].erase("options");
  stepping["config"].erase("options");
  EXPECT_EQ(skipping, stepping) << "first difference: " << nlohmann::json::diff(skipping, stepping).dump();
  nlohmann::json reseeded = simulated(run + " --set scwarp_seed=7");
  EXPECT_NE(reseeded["sms"], skipping["sms"]) << "the seed reaches the learner's random numbers";
}

INSTANTIATE_TEST_SUITE_P(Rlws, LearningPolicy, ::testing::Values("rlws", "rlws_ms"));

// Seed 002's SIMD lane utilisation: the histogram of active lanes per issued
// instruction adds up to the instruction counts; per scheduler-cycle, the
// stalls join bin 0. Mandelbrot's warps run partly masked.
TEST(TimingModel, LaneHistogramsAddUpToTheCounts) {
  const nlohmann::json r = simulated("run --config tiny --size tiny --workload mandelbrot");
  const auto& simd = r["simd"];
  uint64_t instructions = 0, threads = 0, cycles = 0;
  for (size_t lanes = 0; lanes <= 32; ++lanes) {
    instructions += simd["lanes_per_instruction"][lanes].get<uint64_t>();
    threads += lanes * simd["lanes_per_instruction"][lanes].get<uint64_t>();
    cycles += simd["lanes_per_scheduler_cycle"][lanes].get<uint64_t>();
  }
  EXPECT_EQ(instructions, r["warp_instructions"].get<uint64_t>());
  EXPECT_EQ(threads, r["thread_instructions"].get<uint64_t>());
  EXPECT_EQ(cycles, r["scheduler_cycles"].get<uint64_t>());
  EXPECT_GT(simd["lanes_per_instruction"][32].get<uint64_t>(), 0u);
  EXPECT_GT(instructions, simd["lanes_per_instruction"][32].get<uint64_t>()) << "divergent warps run partly masked";
  EXPECT_DOUBLE_EQ(simd["utilisation"].get<double>(),
                   double(threads) / (32.0 * r["scheduler_cycles"].get<double>()));
}

// Seed 002's barrel processing: a warp is fetched again only when what it
// issued has completed, so a warp never overlaps its own instructions: the
// run verifies, takes longer, and skipping idle cycles still changes nothing.
TEST(TimingModel, BarrelFetchWaitsForTheWarpsInstructionsToComplete) {
  const std::string run = "run --config tiny --size tiny --workload matmul";
  const nlohmann::json free_running = simulated(run);
  nlohmann::json barrel = simulated(run + " --set scwarp_fetch_barrel=1 --set scwarp_skip_idle=1");
  nlohmann::json stepping = simulated(run + " --set scwarp_fetch_barrel=1 --set scwarp_skip_idle=0");
  EXPECT_TRUE(barrel["verified"].get<bool>());
  EXPECT_GT(barrel["cycles"].get<uint64_t>(), free_running["cycles"].get<uint64_t>());
  EXPECT_EQ(barrel["warp_instructions"], free_running["warp_instructions"]);
  barrel["config"].erase("options");
  stepping["config"].erase("options");
  EXPECT_EQ(barrel, stepping);
}

TEST(TimingModel, SameInputsGiveTheSameNumbers) {
  const std::string run = "run --config tiny --size tiny --workload srad --sched gto";
  EXPECT_EQ(simulated(run), simulated(run));
}

// The calibration pack's atomics kernel (4 atomicAdd per thread, 8 blocks of
// 64 threads on 8 SMs): on one int every lane's atomic is its own L2 access,
// served one per cycle at one slice; on a word per thread a warp's are one.
nlohmann::json atomics(const std::string& kernel) {
  const std::string dir = std::string(SCWARP_SOURCE_DIR) + "/tb/calibration/mb_atomics";
  return simulated("launch --ptx '" + dir + "/mb_atomics.ptx' --kernel " + kernel +
                   " --grid 8 --block 64 --buffer g=zero:2048 --buffer out=zero:2048 --arg ptr:g --arg ptr:out");
}

TEST(TimingModel, AtomicsOnOneAddressSerialiseAtTheL2) {
  nlohmann::json same = atomics("mb_atomic_same");
  nlohmann::json distinct = atomics("mb_atomic_distinct");
  auto l2_atomics = [](const nlohmann::json& j) {  // the L2's other reads are instruction and parameter lines
    return j["l2"]["accesses"].get<uint64_t>() - j["l2"]["stores"].get<uint64_t>() -
           j["l1i"]["misses"].get<uint64_t>() - j["l1c"]["misses"].get<uint64_t>();
  };
  EXPECT_EQ(l2_atomics(same), 4u * 512u) << "one L2 access per thread atomic";
  EXPECT_EQ(l2_atomics(distinct), 4u * 16u) << "one L2 access per warp atomic";
  // Distinct words: 4 dependent round trips. One word: the slice serves the
  // 2048 atomics one per cycle, which takes more than twice as long.
  EXPECT_GT(same["cycles"].get<uint64_t>(), 4u * 512u);
  EXPECT_LT(2 * distinct["cycles"].get<uint64_t>(), same["cycles"].get<uint64_t>());
}

// The calibration pack's instruction-cache kernel: 1024 unrolled FMAs (8 KB
// of code, 4x the 2 KB L1I) run twice by one warp. Every line misses, the
// misses are read from the L2, and a slower L2 makes the kernel slower.
nlohmann::json icache(const std::string& sets) {
  const std::string dir = std::string(SCWARP_SOURCE_DIR) + "/tb/calibration/mb_icache";
  return simulated("launch --ptx '" + dir + "/mb_icache.ptx' --kernel mb_icache --grid 1 --block 32"
                   " --buffer out=zero:128 --arg ptr:out --arg s32:2 --arg f32:0.5" + sets);
}

TEST(TimingModel, InstructionMissesGoThroughTheL2) {
  nlohmann::json near = icache("");
  nlohmann::json far = icache(" --set gpgpu_l2_rop_latency=400");
  const uint64_t misses = near["l1i"]["misses"].get<uint64_t>();
  EXPECT_GE(misses, 2u * 8192 / 128) << "two passes over 64 code lines";
  EXPECT_GE(near["l2"]["accesses"].get<uint64_t>(), misses);
  EXPECT_EQ(far["l1i"]["misses"].get<uint64_t>(), misses);
  // Each miss waits for the L2: 280 more ROP cycles per miss, one warp.
  EXPECT_GT(far["cycles"].get<uint64_t>(), near["cycles"].get<uint64_t>() + misses * 200);
}

// ld.param goes through each SM's constant cache: the warps read the same
// parameter lines, so after each SM's first miss per line the others hit or
// merge into it; the misses are read from the L2 like data.
TEST(TimingModel, ParametersAreServedByTheConstantCache) {
  nlohmann::json run = simulated("run --workload vector_add --size tiny");
  const nlohmann::json& l1c = run["l1c"];
  EXPECT_GT(l1c["misses"].get<uint64_t>(), 0u);
  EXPECT_GT(l1c["hits"].get<uint64_t>() + l1c["mshr_merges"].get<uint64_t>(), 4 * l1c["misses"].get<uint64_t>());
  EXPECT_EQ(l1c["accesses"].get<uint64_t>(), l1c["hits"].get<uint64_t>() + l1c["misses"].get<uint64_t>() +
                                                 l1c["mshr_merges"].get<uint64_t>() +
                                                 l1c["reservation_fails"].get<uint64_t>());
  EXPECT_GE(run["l2"]["accesses"].get<uint64_t>(), l1c["misses"].get<uint64_t>());
}

// -gpgpu_perf_sim_memcpy 1: the inputs a driver copies in are L2 hits
// (vector_add at tiny: 2 x 4 KB of inputs, far below the 768 KB L2).
TEST(TimingModel, CopiesWarmTheL2OnlyWithPerfSimMemcpy) {
  const std::string run = "run --workload vector_add --size tiny";
  nlohmann::json cold = simulated(run);
  nlohmann::json warm = simulated(run + " --set gpgpu_perf_sim_memcpy=1");
  // Only instruction lines (not copied) still miss, at most once per L1I miss.
  EXPECT_GT(cold["l2"]["misses"].get<uint64_t>(), 100u);
  EXPECT_LE(warm["l2"]["misses"].get<uint64_t>(), warm["l1i"]["misses"].get<uint64_t>());
  EXPECT_EQ(warm["dram"]["reads"].get<uint64_t>(), warm["l2"]["misses"].get<uint64_t>());
  EXPECT_LT(warm["cycles"].get<uint64_t>(), cold["cycles"].get<uint64_t>());
}

TEST(SchedulerEffects, TwoLevelBeatsRoundRobinOnLatencyBoundKernel) {
  const std::string run = "run --set gpgpu_n_clusters=1 --size small --workload micro_latency --sched ";
  const uint64_t lrr = cycles_of(run + "lrr"), two_level = cycles_of(run + "two_level");
  EXPECT_LT(two_level, lrr) << "two-level " << two_level << " cycles, LRR " << lrr;
}

TEST(SchedulerEffects, GtoBeatsRoundRobinOnLocalityKernel) {
  const std::string run = "run --set gpgpu_n_clusters=1 --size small --workload micro_locality --sched ";
  const nlohmann::json lrr = simulated(run + "lrr"), gto = simulated(run + "gto");
  EXPECT_LT(gto["cycles"].get<uint64_t>(), lrr["cycles"].get<uint64_t>());
  // ...because its working sets stay in the L1.
  EXPECT_GT(gto["l1d"]["hit_rate"].get<double>(), lrr["l1d"]["hit_rate"].get<double>());
}

TEST(PaperMetrics, ProReportsSm0sTbOrderEveryThresholdIdenticallyWithSkipping) {
  const std::string run = "run --config tiny --size small --workload scalar_product --sched pro "
                          "--set scwarp_pro_threshold=500";
  nlohmann::json skipping = simulated(run + " --set scwarp_skip_idle=1");
  nlohmann::json stepping = simulated(run + " --set scwarp_skip_idle=0");
  const nlohmann::json& snapshots = skipping["tb_order_snapshots"];
  ASSERT_FALSE(snapshots.empty());
  for (const auto& s : snapshots) {
    EXPECT_EQ(s["cycle"].get<uint64_t>() % 500, 0u);
    EXPECT_FALSE(s["tbs"].empty());
  }
  EXPECT_EQ(snapshots, stepping["tb_order_snapshots"]);
  // Policies that do not rank TBs have no such order.
  EXPECT_TRUE(simulated("run --config tiny --size tiny --workload scalar_product")["tb_order_snapshots"].empty());
}

TEST(PaperMetrics, BarrierKernelsWaitAtBarriersAndOthersDoNot) {
  const nlohmann::json barrier = simulated("run --config tiny --size tiny --workload scalar_product");
  const nlohmann::json plain = simulated("run --config tiny --size tiny --workload vector_add");
  const nlohmann::json& m = barrier["metrics"];
  EXPECT_GT(m["barrier_stall_fraction"].get<double>(), 0.0);
  EXPECT_LT(m["barrier_stall_fraction"].get<double>(), 1.0);
  EXPECT_GT(m["rtru"].get<double>(), 0.0);
  EXPECT_LT(m["rtru"].get<double>(), 1.0);
  // Every TB meets the same barriers: the same number of warp-phases each, several.
  const uint64_t blocks = barrier["blocks"].get<uint64_t>(), phases = m["warp_phases"].get<uint64_t>();
  EXPECT_EQ(phases % blocks, 0u);
  EXPECT_GT(phases / blocks, 2u);
  for (const auto& tb : barrier["tbs"]) EXPECT_EQ(tb["warp_phases"].get<uint64_t>(), phases / blocks);
  EXPECT_EQ(plain["metrics"]["barrier_stall_fraction"].get<double>(), 0.0);
  for (const auto& tb : barrier["tbs"]) {
    EXPECT_GE(tb["dwr"].get<double>(), 0.0);
    EXPECT_LE(tb["dwr_stall_cycles"].get<uint64_t>(), tb["stall_cycles"].get<uint64_t>());
  }
  for (const char* bucket : {"50%+", "25%+", "10%+", "5%+"})
    EXPECT_TRUE(m["cycle_divergence_tbs"].contains(bucket)) << bucket;
}

// Seed 002's large warps: the same numbers run after run and with or without
// idle skipping, with the free-running and with the barrel front end (whose
// relaxed re-fetch waits for a sub-warp to complete); and sub-warps pack
// bfs's divergent threads into fewer SIMD instructions than its warps.
TEST(TimingModel, LargeWarpsDeterministicAndSkipIdentical) {
  const std::string plain = "run --config tiny --size tiny --workload bfs";
  const nlohmann::json warps = simulated(plain);
  for (const char* front_end : {"", " --set scwarp_fetch_barrel=1"}) {
    const std::string run = plain + " --set scwarp_large_warp_size=256" + front_end;
    nlohmann::json skipping = simulated(run + " --set scwarp_skip_idle=1");
    nlohmann::json stepping = simulated(run + " --set scwarp_skip_idle=0");
    EXPECT_TRUE(skipping["verified"].get<bool>()) << front_end;
    EXPECT_EQ(simulated(run + " --set scwarp_skip_idle=1"), skipping) << front_end;
    skipping["config"].erase("options");
    stepping["config"].erase("options");
    EXPECT_EQ(skipping, stepping) << "first difference: " << nlohmann::json::diff(skipping, stepping).dump();
    EXPECT_EQ(skipping["thread_instructions"], warps["thread_instructions"]);
    EXPECT_LT(skipping["warp_instructions"].get<uint64_t>(), warps["warp_instructions"].get<uint64_t>());
  }
}

}  // namespace
}  // namespace scwarp::testing
