// shfl/vote/match/activemask/redux and atom on global and shared memory
// (data/warp_atomic.cu), against host models of the CUDA semantics.
#include <gtest/gtest.h>

#include "tests/func/kernel_harness.h"

namespace scwarp::test {
namespace {

using runtime::KernelArgs;

class WarpAtomic : public ::testing::Test {
 protected:
  runtime::Device dev;
  const runtime::LoadedModule& m =
      dev.load_module(read_text(data_path("warp_atomic.ptx")), "warp_atomic.ptx");
  std::vector<int> in = [] {
    std::vector<int> v(64);
    for (int t = 0; t < 64; ++t) v[t] = (t * 37) % 71;
    return v;
  }();
};

int shfl(const std::vector<int>& v, int t, int src_lane, int width) {
  int base = t / 32 * 32, lane = t % 32;
  int seg = lane / width * width;
  return v[base + seg + src_lane % width];
}

TEST_F(WarpAtomic, Shuffles) {
  uint64_t din = dev.upload(in), dout = dev.malloc(6 * 64 * 4);
  dev.launch(m, "shuffles", {1, 1, 1}, {64, 1, 1}, 0, KernelArgs().add(din).add(dout));
  auto out = dev.download<int>(dout, 6 * 64);
  for (int t = 0; t < 64; ++t) {
    int lane = t % 32, base = t - lane;
    EXPECT_EQ(out[t], in[base + 5]) << t;
    EXPECT_EQ(out[64 + t], lane >= 3 ? in[t - 3] : in[t]) << t;
    EXPECT_EQ(out[128 + t], lane + 3 < 32 ? in[t + 3] : in[t]) << t;
    EXPECT_EQ(out[192 + t], in[base + (lane ^ 1)]) << t;
    EXPECT_EQ(out[256 + t], shfl(in, t, lane + 1, 8)) << t;
    EXPECT_EQ(out[320 + t], lane % 16 + 2 < 16 ? in[t + 2] : in[t]) << t;
  }
}

TEST_F(WarpAtomic, VotesMatchesReductions) {
  uint64_t din = dev.upload(in), dout = dev.malloc(10 * 64 * 4);
  dev.launch(m, "votes", {1, 1, 1}, {64, 1, 1}, 0, KernelArgs().add(din).add(dout));
  auto out = dev.download<unsigned>(dout, 10 * 64);
  for (int w = 0; w < 2; ++w) {
    unsigned ballot = 0, any60 = 0, sum = 0, max = 0;
    for (int l = 0; l < 32; ++l) {
      int v = in[w * 32 + l];
      ballot |= unsigned(v > 10) << l;
      any60 |= v > 60;
      sum += v;
      max = std::max<unsigned>(max, v);
    }
    for (int l = 0; l < 32; ++l) {
      int t = w * 32 + l;
      EXPECT_EQ(out[t], ballot);
      EXPECT_EQ(out[64 + t], 1u);
      EXPECT_EQ(out[128 + t], any60);
      EXPECT_EQ(out[192 + t], 0xffffffffu);
      EXPECT_EQ(out[256 + t], (l & 1) ? 0xaaaaaaaau : 0u) << "activemask inside a branch";
      unsigned same = 0;
      for (int k = 0; k < 32; ++k) same |= unsigned(in[w * 32 + k] % 3 == in[t] % 3) << k;
      EXPECT_EQ(out[320 + t], same);
      EXPECT_EQ(out[384 + t], 0xffffffffu) << "all values / 100 are 0";
      EXPECT_EQ(out[448 + t], 1u);
      EXPECT_EQ(out[512 + t], sum);
      EXPECT_EQ(out[576 + t], max);
    }
  }
}

TEST_F(WarpAtomic, AtomicsSerializeInLaneOrder) {
  uint64_t di = dev.upload(std::vector<int>(8 + 64, 0));
  uint64_t du = dev.upload(std::vector<unsigned>{0xffffffffu, 0, 0, 0, 0, 0, 0});
  uint64_t df = dev.upload(std::vector<float>{0.0f});
  uint64_t dd = dev.upload(std::vector<double>{0.0});
  uint64_t dl = dev.upload(std::vector<unsigned long long>{0});
  dev.launch(m, "atomics", {1, 1, 1}, {64, 1, 1}, 0,
             KernelArgs().add(di).add(du).add(df).add(dd).add(dl));
  auto i = dev.download<int>(di, 8 + 64);
  auto u = dev.download<unsigned>(du, 7);
  EXPECT_EQ(i[0], 2016);
  EXPECT_EQ(i[1], -64);
  EXPECT_EQ(i[2], -20);
  EXPECT_EQ(i[3], 189);
  EXPECT_EQ(u[0], 0u);
  EXPECT_EQ(u[1], 0xffffffffu);
  EXPECT_EQ(u[2], 0u);
  EXPECT_EQ(u[3], 64u % 11) << "atom.inc wraps to 0 past 10";
  EXPECT_EQ(u[4], 2u) << "atom.dec wraps to 5 from 0";
  EXPECT_EQ(u[5], 63u) << "last lane in order wins the exchange";
  EXPECT_EQ(u[6], 64u) << "CAS chain advances once per lane in lane order";
  EXPECT_EQ(dev.download<float>(df, 1)[0], 32.0f);
  EXPECT_EQ(dev.download<double>(dd, 1)[0], 16.0);
  EXPECT_EQ(dev.download<unsigned long long>(dl, 1)[0], 64ull << 33);
  // After __syncthreads the warp whose arrival released the barrier (the
  // last, warp 1) runs on first, so its lanes take the first tickets.
  for (int t = 0; t < 64; ++t) EXPECT_EQ(i[8 + t], t < 32 ? t + 32 : t - 32) << "shared atomic order";
}

}  // namespace
}  // namespace scwarp::test

namespace scwarp::test {
namespace {

// shfl's in-range predicate and a partial warp's ballot, by hand-written PTX.
TEST(WarpLevel, ShuffleRangePredicateAndPartialWarp) {
  std::string ptx = R"(.version 7.5
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out) {
  .reg .b32 %r<8>; .reg .b64 %rd<4>; .reg .pred %p<3>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %laneid;
  shfl.sync.up.b32 %r2|%p1, %r1, 4, 0, -1;
  selp.u32 %r3, 1, 0, %p1;
  vote.sync.ballot.b32 %r4, %p1, -1;
  vote.sync.uni.pred %p2, %p1, -1;
  selp.u32 %r5, 1, 0, %p2;
  mov.u32 %r6, %tid.x;
  mul.wide.u32 %rd2, %r6, 16;
  add.s64 %rd3, %rd1, %rd2;
  st.global.v4.u32 [%rd3], {%r2, %r3, %r4, %r5};
  ret;
}
)";
  runtime::Device dev;
  const auto& m = dev.load_module(ptx, "shfl.ptx");
  const int n = 20;  // one partial warp
  uint64_t out = dev.malloc(n * 16);
  dev.launch(m, "k", {1, 1, 1}, {n, 1, 1}, 0, KernelArgs().add(out));
  auto got = dev.download<uint32_t>(out, n * 4);
  for (int t = 0; t < n; ++t) {
    EXPECT_EQ(got[4 * t], uint32_t(t >= 4 ? t - 4 : t));
    EXPECT_EQ(got[4 * t + 1], t >= 4 ? 1u : 0u);
    EXPECT_EQ(got[4 * t + 2], 0xffff0u) << "lanes 4..19 in range; lanes 20..31 do not exist";
    EXPECT_EQ(got[4 * t + 3], 0u) << "not uniform";
  }
}

}  // namespace
}  // namespace scwarp::test
