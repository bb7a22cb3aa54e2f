// apply_override: command-line "-name value" / "name=value" overrides.
#include <gtest/gtest.h>

#include "sc_model/config/gpu_config.h"
#include "tests/config/config_test_util.h"

namespace scwarp::config {
namespace {

using testing::error_of;

TEST(Override, TakesTheNameWithOrWithoutDash) {
  LoadedConfig cfg = builtin_gtx480();
  apply_override(cfg, "-gpgpu_n_clusters", "4", "--set");
  apply_override(cfg, "gpgpu_scheduler", "gto", "--set");
  EXPECT_EQ(cfg.gpu.n_clusters, 4u);
  EXPECT_EQ(cfg.gpu.scheduler, "gto");
  EXPECT_EQ(cfg.values().at("gpgpu_n_clusters"), "4");
  EXPECT_EQ(cfg.values().at("gpgpu_scheduler"), "gto");
  EXPECT_EQ(cfg.source, "built-in gtx480");
}

TEST(Override, AcceptsGpgpuSimAliasesAndCompoundValues) {
  LoadedConfig cfg = builtin_gtx480();
  apply_override(cfg, "rop_latency", "90", "--set");
  apply_override(cfg, "gpgpu_scheduler", "two_level_active:4:0:1", "--set");
  apply_override(cfg, "gpgpu_dram_timing_opt", "CL=9", "--set");
  EXPECT_EQ(cfg.gpu.l2_latency, 90u);
  EXPECT_EQ(cfg.gpu.scheduler, "two_level_active");
  EXPECT_EQ(cfg.gpu.two_level_active_warps, 4u);
  EXPECT_EQ(cfg.gpu.dram.CL, 9u);
}

TEST(Override, UnknownNameIsAnError) {
  LoadedConfig cfg = builtin_gtx480();
  EXPECT_EQ(error_of([&] { apply_override(cfg, "-gpgpu_ptx_sim_mode", "0", "--set"); }),
            "--set: unknown option -gpgpu_ptx_sim_mode");
  EXPECT_EQ(error_of([&] { apply_override(cfg, "", "0", "--set"); }), "--set: unknown option -");
}

TEST(Override, BadValueNamesWhereAndLeavesTheConfigUnchanged) {
  LoadedConfig cfg = builtin_gtx480();
  EXPECT_EQ(error_of([&] { apply_override(cfg, "gpgpu_n_mem", "six", "--set gpgpu_n_mem=six"); }),
            "--set gpgpu_n_mem=six: option -gpgpu_n_mem: invalid value 'six' (an unsigned 32-bit integer >= 1)");
  EXPECT_EQ(error_of([&] { apply_override(cfg, "gpgpu_clock_domains", "700:700:x:924", "--set"); }),
            "--set: option -gpgpu_clock_domains: invalid value '700:700:x:924' "
            "(<core>:<icnt>:<l2>:<dram> MHz, four numbers > 0)");
  EXPECT_EQ(cfg.gpu.core_mhz, 700.0);
  EXPECT_EQ(cfg.values(), builtin_gtx480().values());
}

TEST(Override, RenamedOptionsAreRefusedWithTheirNewName) {
  LoadedConfig cfg = builtin_gtx480();
  EXPECT_EQ(error_of([&] { apply_override(cfg, "scwarp_shmem_latency", "3", "--set"); }),
            "--set: option -scwarp_shmem_latency was renamed -gpgpu_smem_latency (GPGPU-Sim's name; see "
            "docs/configuration.md)");
  EXPECT_EQ(cfg.gpu.smem_latency, 26u);
  EXPECT_EQ(error_of([&] { apply_override(cfg, "scwarp_sfu_initiation", "4", "--set"); }),
            "--set: option -scwarp_sfu_initiation was renamed -ptx_opcode_initiation_sfu (GPGPU-Sim's name; see "
            "docs/configuration.md)");
  EXPECT_EQ(cfg.gpu.sfu_timing.initiation, 8u);
}

TEST(Override, CrossOptionChecksRunAndRefuseTheChange) {
  LoadedConfig cfg = builtin_gtx480();
  EXPECT_EQ(error_of([&] { apply_override(cfg, "scwarp_coalesce_bytes", "256", "--set"); }),
            "--set: -scwarp_coalesce_bytes 256 is larger than the L1D line "
            "(-gpgpu_cache:dl1 32:128:4,L:L:m:N,S:64:8,8); a segment must fit one line");
  EXPECT_EQ(cfg.gpu.coalesce_bytes, 128u);
}

}  // namespace
}  // namespace scwarp::config
