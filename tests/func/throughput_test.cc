// Speed of the functional engine in thread-instructions per second on a
// compute-heavy and a memory-heavy kernel (data/throughput.cu). The results
// are checked against host references; the rate is printed, not asserted
// (machines differ), so the numbers can be read from the test log.
#include <gtest/gtest.h>

#include <time.h>
#include <cmath>
#include <cstdio>

#include "tests/func/kernel_harness.h"

namespace scwarp::test {
namespace {

using runtime::KernelArgs;

double report(const char* what, const runtime::LaunchResult& r, double seconds) {
  double rate = r.thread_instructions / seconds;
  std::printf("[throughput] %s: %llu thread-instructions in %.3f s CPU = %.1f M/s\n", what,
              (unsigned long long)r.thread_instructions, seconds, rate / 1e6);
  return rate;
}

// CPU time of this thread: other processes sharing the machine do not count.
double thread_seconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

template <typename F>
double seconds_of(F&& f) {
  double t0 = thread_seconds();
  f();
  return thread_seconds() - t0;
}

TEST(Throughput, ComputeHeavy) {
  runtime::Device dev;
  const auto& m = dev.load_module(read_text(data_path("throughput.ptx")), "throughput.ptx");
  const int blocks = 16, threads = 256, iterations = 200;
  uint64_t out = dev.malloc(blocks * threads * 4);
  runtime::LaunchResult r;
  double s = seconds_of([&] {
    r = dev.launch(m, "compute_heavy", {blocks, 1, 1}, {threads, 1, 1}, 0,
                   KernelArgs().add(out).add(iterations));
  });
  report("compute_heavy", r, s);
  auto got = dev.download<float>(out, blocks * threads);
  for (int i = 0; i < blocks * threads; i += 97) {
    float x = i * 0.001f, y = 1.0f;
    unsigned h = i;
    for (int k = 0; k < iterations; ++k) {
      x = std::fma(x, 0.999f, 0.5f);
      y = std::fma(y, 0.75f, x);
      h = h * 1664525u + 1013904223u;
      h ^= h >> 13;
    }
    ASSERT_EQ(got[i], x + y + float(h & 0xff)) << i;
  }
}

TEST(Throughput, MemoryHeavy) {
  runtime::Device dev;
  const auto& m = dev.load_module(read_text(data_path("throughput.ptx")), "throughput.ptx");
  const int n = 1 << 16, rounds = 8;
  std::vector<float> a(n), b(n), c(n, 1.0f);
  for (int i = 0; i < n; ++i) a[i] = float(i % 100), b[i] = float(i % 7);
  uint64_t da = dev.upload(a), db = dev.upload(b), dc = dev.upload(c);
  runtime::LaunchResult r;
  double s = seconds_of([&] {
    r = dev.launch(m, "memory_heavy", {32, 1, 1}, {256, 1, 1}, 0,
                   KernelArgs().add(da).add(db).add(dc).add(n).add(rounds));
  });
  report("memory_heavy", r, s);
  auto got = dev.download<float>(dc, n);
  for (int i = 0; i < n; i += 101) {
    float v = 1.0f;
    for (int k = 0; k < rounds; ++k) v = std::fma(a[i], 2.0f, b[i]) + v;
    ASSERT_EQ(got[i], v) << i;
  }
}

}  // namespace
}  // namespace scwarp::test
