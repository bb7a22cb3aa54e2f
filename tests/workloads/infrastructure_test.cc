// The workload infrastructure itself: sizes, RNG, comparison helpers, registry
// and embedded data.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <regex>

#include "sc_model/common/error.h"
#include "tb/workloads/common.h"
#include "tb/workloads/embedded_data.h"

using namespace scwarp::workloads;

TEST(WorkloadSize, ParsesEveryNameAndRoundTrips) {
  for (Size s : {Size::Tiny, Size::Small, Size::Paper}) EXPECT_EQ(parse_size(size_name(s)), s);
  EXPECT_EQ(parse_size("small"), Size::Small);
}

TEST(WorkloadSize, UnknownNameThrowsNamingIt) {
  try {
    parse_size("huge");
    FAIL() << "parse_size accepted 'huge'";
  } catch (const scwarp::Error& e) {
    EXPECT_NE(std::string(e.what()).find("'huge'"), std::string::npos) << e.what();
  }
}

TEST(WorkloadRng, SameSeedSameBitsDifferentSeedDifferentBits) {
  Rng a(42), b(42), c(43);
  auto va = a.u32s(64), vb = b.u32s(64), vc = c.u32s(64);
  EXPECT_EQ(va, vb);
  EXPECT_NE(va, vc);
}

TEST(WorkloadRng, KnownSplitmix64Value) {
  // splitmix64 from state 0: first output is 0xe220a8397b1dcdaf (reference value).
  Rng r(0);
  EXPECT_EQ(r.next_u64(), 0xe220a8397b1dcdafull);
}

TEST(WorkloadRng, RangesStayInBoundsAndCoverThem) {
  Rng r(7);
  bool saw_lo = false, saw_hi = false;
  for (int i = 0; i < 10000; ++i) {
    int32_t v = r.range(-3, 3);
    ASSERT_GE(v, -3);
    ASSERT_LE(v, 3);
    saw_lo |= v == -3;
    saw_hi |= v == 3;
    float f = r.uniform(2.0f, 5.0f);
    ASSERT_GE(f, 2.0f);
    ASSERT_LT(f, 5.0f);
  }
  EXPECT_TRUE(saw_lo && saw_hi);
}

TEST(WorkloadVerification, ExactFlagsFirstMismatchAtItsIndex) {
  std::vector<int> expected{1, 2, 3, 4, 5}, got{1, 2, 9, 4, 7};
  Verification v = compare_exact(expected, got, "out");
  EXPECT_FALSE(v.ok);
  EXPECT_EQ(v.message, "out index 2: expected 3, got 9");
  EXPECT_TRUE(compare_exact(expected, expected, "out").ok);
}

TEST(WorkloadVerification, LengthMismatchFails) {
  Verification v = compare_exact(std::vector<int>{1, 2}, std::vector<int>{1}, "out");
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("expected 2 values, got 1"), std::string::npos) << v.message;
}

TEST(WorkloadVerification, CloseAcceptsToleranceRejectsBeyondAndNaN) {
  std::vector<float> expected{100.0f, 1.0f, 0.0f};
  EXPECT_TRUE(compare_close(expected, {100.005f, 1.00001f, 0.0f}, "x", 1e-4f, 1e-6f).ok);
  Verification far = compare_close(expected, {100.0f, 1.01f, 0.0f}, "x", 1e-4f, 1e-6f);
  EXPECT_FALSE(far.ok);
  EXPECT_EQ(far.message.rfind("x index 1: expected 1, got 1.01", 0), 0u) << far.message;
  Verification nan = compare_close(expected, {100.0f, 1.0f, std::numeric_limits<float>::quiet_NaN()},
                                   "x", 1e-4f, 1e-6f);
  EXPECT_FALSE(nan.ok);
  EXPECT_NE(nan.message.find("index 2"), std::string::npos) << nan.message;
}

TEST(WorkloadVerification, AllOfReturnsFirstFailure) {
  Verification v = all_of({verification_passed("a"), verification_failed("b broke"),
                           verification_failed("c broke")});
  EXPECT_FALSE(v.ok);
  EXPECT_EQ(v.message, "b broke");
  EXPECT_TRUE(all_of({verification_passed("a"), verification_passed("b")}).ok);
}

TEST(WorkloadRegistry, UnknownWorkloadThrowsNamingIt) {
  try {
    make_workload("no_such_workload");
    FAIL() << "make_workload accepted an unknown name";
  } catch (const scwarp::Error& e) {
    EXPECT_NE(std::string(e.what()).find("'no_such_workload'"), std::string::npos) << e.what();
  }
}

TEST(WorkloadRegistry, DuplicateRegistrationThrows) {
  EXPECT_THROW(register_workload(workload_names().at(0), [] { return make_workload(workload_names().at(0)); }),
               scwarp::Error);
}

// Proves static self-registration survived linking: the barrier-intensive set
// must all be there (the registry is an OBJECT library, not an archive).
TEST(WorkloadRegistry, ListsTheBarrierIntensiveWorkloads) {
  auto names = workload_names();
  for (const char* n : {"btree", "fwt", "histogram", "matmul", "merge_sort", "scalar_product",
                        "srad", "stencil2d"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n << " is not registered";
  }
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
}

TEST(WorkloadRegistry, EveryWorkloadHasItsNameDescriptionAndPtx) {
  for (const auto& n : workload_names()) {
    auto w = make_workload(n);
    EXPECT_EQ(w->name(), n);
    EXPECT_FALSE(w->description().empty()) << n;
    EXPECT_NE(workload_ptx(n).find(".entry"), std::string::npos) << n << ".ptx has no kernel";
  }
}

TEST(WorkloadEmbedded, UnknownPtxAndKernelThrow) {
  EXPECT_THROW(workload_ptx("no_such_workload"), scwarp::Error);
  EXPECT_THROW(kernel_resources("no_such_kernel"), scwarp::Error);
}

TEST(WorkloadEmbedded, ResourcesMatchPtxasForAKnownKernel) {
  KernelResources r = kernel_resources("matmul_tiled");
  EXPECT_GT(r.registers, 0u);
  EXPECT_LE(r.registers, 255u);
  // Two 16x16 float tiles.
  EXPECT_EQ(r.shared_bytes, 2u * 16 * 16 * 4);
}

// The timing model sizes occupancy from resources.json: every kernel of every
// embedded module must have an entry.
TEST(WorkloadEmbedded, EveryKernelHasResources) {
  const std::regex entry(R"(\.entry\s+([A-Za-z_$][\w$]*))");
  for (const auto& n : workload_names()) {
    const std::string& ptx = workload_ptx(n);
    size_t kernels = 0;
    for (auto it = std::sregex_iterator(ptx.begin(), ptx.end(), entry); it != std::sregex_iterator(); ++it) {
      ++kernels;
      EXPECT_NO_THROW(kernel_resources((*it)[1].str())) << n << ": " << (*it)[1].str();
    }
    EXPECT_GT(kernels, 0u) << n;
  }
}

// A workload that claims to be barrier-intensive must at least contain a
// block-wide barrier (__syncthreads compiles to bar.sync / barrier.sync).
TEST(WorkloadEmbedded, BarrierIntensiveWorkloadsHaveBarriers) {
  for (const auto& n : workload_names()) {
    if (!make_workload(n)->barrier_intensive()) continue;
    const std::string& ptx = workload_ptx(n);
    bool has_barrier = ptx.find("bar.sync") != std::string::npos || ptx.find("barrier.sync") != std::string::npos;
    EXPECT_TRUE(has_barrier) << n << " is marked barrier-intensive but its PTX has no barrier";
  }
}

// Every embedded module has a registered driver and vice versa: a driver whose
// registration the linker dropped would show up here as a missing name.
TEST(WorkloadRegistry, OneDriverPerEmbeddedModule) {
  std::vector<std::string> modules;
  for (size_t i = 0; i < kEmbeddedPtxCount; ++i) modules.push_back(kEmbeddedPtx[i].name);
  std::sort(modules.begin(), modules.end());
  EXPECT_EQ(modules, workload_names());
}
