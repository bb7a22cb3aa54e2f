// The configs/ files: they load, and hold what they say they hold.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "sc_model/config/gpu_config.h"
#include "sc_model/config/options.h"
#include "sc_model/config/policy_options.h"

namespace scwarp::config {
namespace {

std::string config_path(const std::string& name) { return std::string(SCWARP_SOURCE_DIR) + "/configs/" + name; }

TEST(ShippedConfigs, Gtx480FileIsTheBuiltInGtx480) {
  const LoadedConfig file = load_config_file(config_path("gtx480.config"));
  const LoadedConfig builtin = builtin_gtx480();
  EXPECT_TRUE(file.unknown_options.empty());
  ASSERT_EQ(file.values().size(), builtin.values().size());
  for (const auto& [name, value] : builtin.values()) EXPECT_EQ(file.values().at(name), value) << name;
}

// Every option of the GPU; a policy's own options (policy_options.h) have
// their defaults where the policy registers them.
TEST(ShippedConfigs, Gtx480FileSetsEveryGpuOption) {
  std::ifstream in(config_path("gtx480.config"));
  std::stringstream text;
  text << in.rdbuf();
  for (const OptionInfo& option : option_table_info()) {
    if (find_policy_option(option.name)) continue;
    EXPECT_NE(text.str().find("\n-" + option.name + " "), std::string::npos) << option.name;
  }
}

TEST(ShippedConfigs, BuiltInGtx480HasThePapersShape) {
  const GpuConfig g = builtin_gtx480().gpu;
  EXPECT_EQ(g.sm_count(), 15u);
  EXPECT_EQ(g.max_warps_per_sm(), 48u);
  EXPECT_EQ(g.max_tbs_per_sm, 8u);
  EXPECT_EQ(g.registers_per_sm, 32768u);
  EXPECT_EQ(g.shared_bytes_per_sm, 49152u);
  EXPECT_EQ(g.l1d.bytes(), 16384u);
  EXPECT_EQ(g.l1i.bytes(), 2048u);
  EXPECT_EQ(g.tex_cache.bytes(), 12u * 1024u);  // SM2_GTX480's -gpgpu_tex_cache:l1
  EXPECT_EQ(g.tex_cache.mshr_kind, 'T');
  EXPECT_EQ(g.l2.bytes() * g.l2_slices(), 768u * 1024u);
  EXPECT_EQ(g.schedulers_per_sm, 2u);
  EXPECT_EQ(g.scheduler, "lrr");
  EXPECT_EQ(g.dram_scheduler, 1u);
  EXPECT_EQ(builtin_gtx480().source, "built-in gtx480");
}

TEST(ShippedConfigs, TinyIsSmallWithGtx480Latencies) {
  const LoadedConfig cfg = load_config_file(config_path("tiny.config"));
  EXPECT_TRUE(cfg.unknown_options.empty());
  EXPECT_EQ(cfg.gpu.sm_count(), 2u);
  EXPECT_EQ(cfg.gpu.l2_slices(), 1u);
  EXPECT_EQ(cfg.gpu.l1d.bytes(), 2048u);
  EXPECT_EQ(cfg.gpu.l1i.bytes(), 1024u);
  EXPECT_EQ(cfg.gpu.l2.bytes(), 8192u);
  const GpuConfig gtx480;
  EXPECT_EQ(cfg.gpu.l2_latency, gtx480.l2_latency);
  EXPECT_EQ(cfg.gpu.dram_latency, gtx480.dram_latency);
  EXPECT_EQ(cfg.gpu.l1_latency, gtx480.l1_latency);
  EXPECT_EQ(cfg.values().at("gpgpu_dram_timing_opt"), builtin_gtx480().values().at("gpgpu_dram_timing_opt"));
}

TEST(ShippedConfigs, LwmSingleCoreFollowsTable1OfPaper002) {
  const LoadedConfig cfg = load_config_file(config_path("lwm_single_core.config"));
  EXPECT_TRUE(cfg.unknown_options.empty());
  const GpuConfig& g = cfg.gpu;
  EXPECT_EQ(g.sm_count(), 1u);
  EXPECT_EQ(g.max_threads_per_sm, 1024u);
  EXPECT_EQ(g.registers_per_sm * 4, 64u * 1024u);   // 64 KB register file
  EXPECT_EQ(g.l1i.bytes(), 4096u);                  // 4 KB I-cache
  EXPECT_EQ(g.l1d.bytes(), 128u * 1024u);           // 128 KB data cache
  EXPECT_EQ(g.l1d.ways, 4u);
  EXPECT_EQ(g.l1d.line_bytes, 128u);
  EXPECT_EQ(g.l1_latency, 1u);                 // single cycle
  EXPECT_EQ(g.shared_bytes_per_sm, 128u * 1024u);
  EXPECT_EQ(g.shmem_banks, 32u);
  EXPECT_EQ(g.fetch_width, 1u);
  EXPECT_EQ(g.schedulers_per_sm, 1u);
  EXPECT_EQ(g.scheduler, "lrr");
  EXPECT_EQ(policy_count(g, "scwarp_two_level_group_size"), 8u);
  EXPECT_EQ(g.sp_units, 1u);
  EXPECT_EQ(g.dram_scheduler, 0u);                  // first-come first-serve
  EXPECT_EQ(g.dram.banks, 8u);
  EXPECT_EQ(g.dram_latency + g.dram.CL, 100u);      // row hit
  EXPECT_EQ(g.dram_latency + g.dram.CL + g.dram.tRP + g.dram.tRCD, 300u);  // row conflict
  // 32 GB/s: bytes per DRAM command cycle x DRAM MHz.
  EXPECT_EQ(g.dram_chips_per_channel * g.dram_bus_bytes * g.dram_data_ratio * g.dram_mhz * 1e6, 32e9);
  EXPECT_EQ(g.core_mhz, g.dram_mhz);
}

}  // namespace
}  // namespace scwarp::config
