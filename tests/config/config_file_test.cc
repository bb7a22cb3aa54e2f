// load_config_file: the file syntax, every kind of error, unknown options.
#include <gtest/gtest.h>

#include <filesystem>

#include "sc_model/config/gpu_config.h"
#include "sc_model/config/policy_options.h"
#include "tests/config/config_test_util.h"

namespace scwarp::config {
namespace {

using testing::error_of;
using testing::write_config;

// The error loading `text` gives, with the scratch file's path shown as "F".
std::string load_error(std::string_view text) {
  const std::string path = write_config(text);
  std::string message = error_of([&] { load_config_file(path); });
  if (message.starts_with(path)) message = "F" + message.substr(path.size());
  return message;
}

TEST(ConfigFile, ReadsEveryValueKind) {
  const std::string path = write_config(
      "-gpgpu_n_clusters 4           # unsigned\n"
      "-gpgpu_clock_domains 650.5:700:700:1000  # doubles\n"
      "-scwarp_skip_idle 0           # bool\n"
      "-scwarp_fetch_policy cff      # string\n"
      "-gpgpu_cache:dl1 64:128:4,L:L:m:N,A:16:4,4\n"
      "-ptx_opcode_latency_fp 5,14,6,7,40\n"
      "-ptx_opcode_initiation_fp 2,2,2,2,8\n"
      "-gpgpu_shader_core_pipeline 1024:32\n"
      "-gpgpu_dram_timing_opt \"nbk=8:CL=10\"\n"
      "-scwarp_max_cycles 18446744073709551615\n");
  const LoadedConfig cfg = load_config_file(path);
  EXPECT_EQ(cfg.source, path);
  EXPECT_EQ(cfg.gpu.n_clusters, 4u);
  EXPECT_EQ(cfg.gpu.sm_count(), 4u);
  EXPECT_EQ(cfg.gpu.core_mhz, 650.5);
  EXPECT_EQ(cfg.gpu.dram_mhz, 1000.0);
  EXPECT_FALSE(cfg.gpu.skip_idle);
  EXPECT_EQ(cfg.gpu.fetch_policy, "cff");
  EXPECT_EQ(cfg.gpu.l1d.sets, 64u);
  EXPECT_EQ(cfg.gpu.l1d.mshr_entries, 16u);
  EXPECT_EQ(cfg.gpu.fp_timing.div.latency, 40u);
  EXPECT_EQ(cfg.gpu.fp_timing.div.initiation, 8u);
  EXPECT_EQ(cfg.gpu.max_threads_per_sm, 1024u);
  EXPECT_EQ(cfg.gpu.max_warps_per_sm(), 32u);
  EXPECT_EQ(cfg.gpu.dram.banks, 8u);
  EXPECT_EQ(cfg.gpu.dram.CL, 10u);
  EXPECT_EQ(cfg.gpu.dram.tRP, 12u);  // left out: the default
  EXPECT_EQ(cfg.gpu.max_cycles, UINT64_MAX);
  // Options the file leaves out keep the GTX480 values.
  EXPECT_EQ(cfg.gpu.registers_per_sm, 32768u);
  EXPECT_EQ(cfg.values().at("gpgpu_n_clusters"), "4");
  EXPECT_EQ(cfg.values().at("gpgpu_clock_domains"), "650.5:700:700:1000");
  EXPECT_EQ(cfg.values().at("gpgpu_dram_timing_opt"),
            "nbk=8:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:CL=10:WL=4:CDLR=5:WR=12:nbkgrp=4:CCDL=3:RTPL=2");
  EXPECT_EQ(cfg.values().at("scwarp_skip_idle"), "0");
  EXPECT_TRUE(cfg.unknown_options.empty());
}

TEST(ConfigFile, LaterOccurrencesOverrideEarlierOnes) {
  const LoadedConfig cfg = load_config_file(write_config("-gpgpu_n_mem 3\n-gpgpu_n_mem 5\n"));
  EXPECT_EQ(cfg.gpu.mem_channels, 5u);
  EXPECT_EQ(cfg.gpu.l2_slices(), 10u);
}

TEST(ConfigFile, OptionsMayShareALineOrSpreadOverLines) {
  const LoadedConfig cfg = load_config_file(write_config("-gpgpu_n_mem 3 -gpgpu_n_clusters\n\n  7"));
  EXPECT_EQ(cfg.gpu.mem_channels, 3u);
  EXPECT_EQ(cfg.gpu.n_clusters, 7u);
}

TEST(ConfigFile, GpgpuSimWrappedQuotedDramTiming) {
  const LoadedConfig cfg = load_config_file(write_config(
      "-gpgpu_dram_timing_opt \"nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:RC=40:\n"
      "                        CL=12:WL=4:CDLR=5:WR=12:nbkgrp=1:CCDL=0:RTPL=0\"\n"));
  EXPECT_EQ(cfg.gpu.dram.CL, 12u);
  EXPECT_EQ(cfg.gpu.dram.tWR, 12u);
}

TEST(ConfigFile, RopLatencyIsGpgpuSim3sNameForL2Latency) {
  const LoadedConfig cfg = load_config_file(write_config("-rop_latency 85\n"));
  EXPECT_EQ(cfg.gpu.l2_latency, 85u);
  EXPECT_EQ(cfg.values().at("gpgpu_l2_rop_latency"), "85");
  EXPECT_EQ(cfg.values().count("rop_latency"), 0u);
}

TEST(ConfigFile, UnknownOptionsAreCollectedOnceWithTheirValuesSkipped) {
  const LoadedConfig cfg = load_config_file(write_config(
      "-gpgpu_ptx_sim_mode 0\n-visualizer_enabled 0\n-gpgpu_warpdistro_shader -1\n"
      "-gpgpu_stack_size_limit 1024\n-gpgpu_ptx_sim_mode 1\n-gpgpu_n_clusters 3\n"));
  EXPECT_EQ(cfg.unknown_options, (std::vector<std::string>{"-gpgpu_ptx_sim_mode", "-visualizer_enabled",
                                                           "-gpgpu_warpdistro_shader", "-gpgpu_stack_size_limit"}));
  EXPECT_EQ(cfg.gpu.n_clusters, 3u);
}

TEST(ConfigFile, TwoLevelActiveIsItsOwnPolicyWithItsActiveSet) {
  const LoadedConfig cfg = load_config_file(write_config("-gpgpu_scheduler two_level_active:4:0:1\n"));
  EXPECT_EQ(cfg.gpu.scheduler, "two_level_active");
  EXPECT_EQ(cfg.gpu.two_level_active_warps, 4u);
  EXPECT_EQ(policy_count(cfg.gpu, "scwarp_two_level_group_size"), 8u) << "seed 002's fetch groups are another policy";
  EXPECT_EQ(cfg.values().at("gpgpu_scheduler"), "two_level_active:4:0:1");
}

TEST(ConfigFile, OtherSchedulerNamesPassThrough) {
  EXPECT_EQ(load_config_file(write_config("-gpgpu_scheduler gto")).gpu.scheduler, "gto");
  EXPECT_EQ(load_config_file(write_config("-gpgpu_scheduler two_level_activeX")).gpu.scheduler, "two_level_activeX");
  const std::string expected =
      "(two_level_active:<active warps >= 1>:0:1 (inner 0 = loose round robin, outer 1 = swapping round robin, "
      "the only orders GPGPU-Sim implements))";
  EXPECT_EQ(load_error("\n-gpgpu_scheduler two_level_active:0:0:1"),
            "F:2: option -gpgpu_scheduler: invalid value 'two_level_active:0:0:1' " + expected);
  EXPECT_EQ(load_error("-gpgpu_scheduler two_level_active:6:0"),
            "F:1: option -gpgpu_scheduler: invalid value 'two_level_active:6:0' " + expected);
  EXPECT_EQ(load_error("-gpgpu_scheduler two_level_active:6:1:1"),
            "F:1: option -gpgpu_scheduler: invalid value 'two_level_active:6:1:1' " + expected);
}

TEST(ConfigFile, InvalidValuesNameFileLineOptionAndExpectation) {
  EXPECT_EQ(load_error("# c\n-gpgpu_n_clusters -3\n"),
            "F:2: option -gpgpu_n_clusters: invalid value '-3' (an unsigned 32-bit integer >= 1)");
  EXPECT_EQ(load_error("-gpgpu_n_clusters 0"),
            "F:1: option -gpgpu_n_clusters: invalid value '0' (an unsigned 32-bit integer >= 1)");
  EXPECT_EQ(load_error("-gpgpu_shmem_size 4294967296"),
            "F:1: option -gpgpu_shmem_size: invalid value '4294967296' (an unsigned 32-bit integer)");
  EXPECT_EQ(load_error("-gpgpu_shader_cta 8k"),
            "F:1: option -gpgpu_shader_cta: invalid value '8k' (an unsigned 32-bit integer >= 1)");
  EXPECT_EQ(load_error("-gpgpu_shader_cta \"\""),
            "F:1: option -gpgpu_shader_cta: invalid value '' (an unsigned 32-bit integer >= 1)");
  EXPECT_EQ(load_error("-gpgpu_operand_collector_num_units_sfu 65"),
            "F:1: option -gpgpu_operand_collector_num_units_sfu: invalid value '65' (an unsigned integer from 1 to 64)");
  EXPECT_EQ(load_error("-gpgpu_operand_collector_num_units_mem 0"),
            "F:1: option -gpgpu_operand_collector_num_units_mem: invalid value '0' (an unsigned integer from 1 to 64)");
  EXPECT_EQ(load_config_file(write_config("-gpgpu_operand_collector_num_units_sp 64")).gpu.oc_sp.units, 64u);
  EXPECT_EQ(load_error("-scwarp_skip_idle true"),
            "F:1: option -scwarp_skip_idle: invalid value 'true' (0 or 1)");
  EXPECT_EQ(load_error("-gpgpu_clock_domains 700:700:700"),
            "F:1: option -gpgpu_clock_domains: invalid value '700:700:700' (<core>:<icnt>:<l2>:<dram> MHz, four numbers > 0)");
  EXPECT_EQ(load_error("-gpgpu_clock_domains 700:0:700:924"),
            "F:1: option -gpgpu_clock_domains: invalid value '700:0:700:924' (<core>:<icnt>:<l2>:<dram> MHz, four numbers > 0)");
  EXPECT_EQ(load_error("-gpgpu_shader_core_pipeline 1536:16"),
            "F:1: option -gpgpu_shader_core_pipeline: invalid value '1536:16' "
            "(<threads per SM>:<warp size> with threads a positive multiple of 32 and warp size 32)");
  EXPECT_EQ(load_error("-gpgpu_shader_core_pipeline 1000:32"),
            "F:1: option -gpgpu_shader_core_pipeline: invalid value '1000:32' "
            "(<threads per SM>:<warp size> with threads a positive multiple of 32 and warp size 32)");
  EXPECT_EQ(load_error("-gpgpu_dram_scheduler 2"),
            "F:1: option -gpgpu_dram_scheduler: invalid value '2' (0 (FIFO) or 1 (FR-FCFS))");
  EXPECT_EQ(load_error("-scwarp_coalesce_bytes 48"),
            "F:1: option -scwarp_coalesce_bytes: invalid value '48' (a power of two >= 32)");
  EXPECT_EQ(load_error("-scwarp_seed 18446744073709551616"),
            "F:1: option -scwarp_seed: invalid value '18446744073709551616' (an unsigned 64-bit integer)");
  EXPECT_EQ(load_error("-scwarp_fetch_policy \"\""),
            "F:1: option -scwarp_fetch_policy: invalid value '' (a policy name)");
  EXPECT_EQ(load_error("-scwarp_l1d_hit_latency 20"),
            "F:1: option -scwarp_l1d_hit_latency was renamed -gpgpu_l1_latency (GPGPU-Sim's name; see "
            "docs/configuration.md)");
  EXPECT_EQ(load_error("-gpgpu_dram_timing_opt \"nbk=16:XYZ=1\""),
            "F:1: option -gpgpu_dram_timing_opt: invalid value 'nbk=16:XYZ=1' (unknown DRAM timing key 'XYZ'; "
            "known keys: nbk CCD RRD RCD RAS RP RC CL WL CDLR WR nbkgrp CCDL RTPL)");
  EXPECT_TRUE(load_error("-gpgpu_cache:dl2 64:100:8,L:B:m:W")
                  .starts_with("F:1: option -gpgpu_cache:dl2: invalid value '64:100:8,L:B:m:W' "
                               "(line bytes must be a power of two >= 32; expected [<type N|S>:]<sets>:<line bytes>"));
  EXPECT_EQ(load_error("-ptx_opcode_latency_int 4,13,4,5"),
            "F:1: option -ptx_opcode_latency_int: invalid value '4,13,4,5' "
            "(five or six unsigned integers >= 1 as <ADD>,<MAX>,<MUL>,<MAD>,<DIV>[,<SHFL>])");
  EXPECT_EQ(load_error("-ptx_opcode_latency_sfu 0"),
            "F:1: option -ptx_opcode_latency_sfu: invalid value '0' (an unsigned 32-bit integer >= 1)");
  EXPECT_EQ(load_error("-scwarp_opcode_table gpgpusim2"),
            "F:1: option -scwarp_opcode_table: invalid value 'gpgpusim2' (gpgpusim4 or gpgpusim3)");
}

TEST(ConfigFile, RenamedSfuTimingOptionsAreRefusedNamingTheNewName) {
  EXPECT_EQ(load_error("-gpgpu_n_mem 6\n-scwarp_sfu_latency 20"),
            "F:2: option -scwarp_sfu_latency was renamed -ptx_opcode_latency_sfu (GPGPU-Sim's name; see "
            "docs/configuration.md)");
  EXPECT_EQ(load_error("-scwarp_sfu_initiation 4"),
            "F:1: option -scwarp_sfu_initiation was renamed -ptx_opcode_initiation_sfu (GPGPU-Sim's name; see "
            "docs/configuration.md)");
}

TEST(ConfigFile, SyntaxErrorsNameFileAndLine) {
  EXPECT_EQ(load_error("-gpgpu_n_clusters 4\n\n-gpgpu_n_mem"), "F:3: option -gpgpu_n_mem has no value");
  EXPECT_EQ(load_error("-gpgpu_n_mem\n-gpgpu_n_clusters 4"), "F:1: option -gpgpu_n_mem has no value");
  EXPECT_EQ(load_error("-not_ours\n-gpgpu_n_clusters 4"), "F:1: option -not_ours has no value");
  EXPECT_EQ(load_error("-gpgpu_n_mem 6 7"), "F:1: expected an option name (-name), found '7'");
  EXPECT_EQ(load_error("gpgpu_n_mem 6"), "F:1: expected an option name (-name), found 'gpgpu_n_mem'");
  EXPECT_EQ(load_error("-gpgpu_n_mem 6\n- 6"), "F:2: expected an option name (-name), found '-'");
  EXPECT_EQ(load_error("-gpgpu_n_mem 6\n\"-gpgpu_n_clusters\" 6"),
            "F:2: expected an option name (-name), found '-gpgpu_n_clusters'");
  EXPECT_EQ(load_error("-gpgpu_scheduler \"lrr"), "F:1: a quoted value has no closing quote");
}

TEST(ConfigFile, AQuotedValueMayLookLikeAnOption) {
  EXPECT_EQ(load_config_file(write_config("-scwarp_fetch_policy \"-odd\"")).gpu.fetch_policy, "-odd");
}

TEST(ConfigFile, CrossOptionChecksNameTheFile) {
  EXPECT_EQ(load_error("-gpgpu_shader_core_pipeline 64:32\n-gpgpu_num_sched_per_core 3"),
            "F: -gpgpu_num_sched_per_core 3 exceeds the 2 warps an SM holds (-gpgpu_shader_core_pipeline 64:32)");
  EXPECT_EQ(load_error("-scwarp_coalesce_bytes 256"),
            "F: -scwarp_coalesce_bytes 256 is larger than the L1D line (-gpgpu_cache:dl1 32:128:4,L:L:m:N,S:64:8,8); "
            "a segment must fit one line");
  EXPECT_EQ(load_error("-gpgpu_cache:dl2 64:64:8,L:B:m:W"),
            "F: the 128-byte line of -gpgpu_cache:dl1 is larger than the 64-byte L2 line (-gpgpu_cache:dl2); "
            "an L1 miss must be served by one L2 line");
  EXPECT_EQ(load_error("-gpgpu_cache:dl1 32:64:4,L:L:m:N\n-scwarp_coalesce_bytes 64\n-gpgpu_cache:dl2 64:64:8,L:B:m:W"),
            "F: the 128-byte line of -gpgpu_cache:il1 is larger than the 64-byte L2 line (-gpgpu_cache:dl2); "
            "an L1 miss must be served by one L2 line");
}

TEST(ConfigFile, MissingFileAndFolderAreErrors) {
  EXPECT_EQ(error_of([] { load_config_file("/nonexistent/scwarp/x.config"); }),
            "cannot open config file '/nonexistent/scwarp/x.config'");
  const std::string folder = std::filesystem::temp_directory_path().string();
  EXPECT_EQ(error_of([&] { load_config_file(folder); }), "config file '" + folder + "' is not a regular file");
}

TEST(ConfigFile, EmptyFileIsTheGtx480) {
  const LoadedConfig cfg = load_config_file(write_config("# nothing but a comment\n"));
  EXPECT_EQ(cfg.values(), builtin_gtx480().values());
}

}  // namespace
}  // namespace scwarp::config
