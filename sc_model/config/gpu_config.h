// The GPU's configuration: every option the timing model reads, with
// GPGPU-Sim's option names where GPGPU-Sim has the same knob (so a GPGPU-Sim
// user can bring their gpgpusim.config) and `-scwarp_*` names for our own.
// Parsing, validation and defaults live here; the modules only read the
// typed fields. docs/configuration.md lists every option.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace scwarp::config {

// GPGPU-Sim's cache geometry string, e.g. "32:128:4,L:L:m:N,A:32:8,8":
// <sets>:<line bytes>:<ways>,<replacement>:<write policy>:<alloc>:<write alloc>,
// <mshr kind>:<mshr entries>:<max merged per entry>,<miss queue entries>
struct CacheGeometry {
  uint32_t sets = 32;
  uint32_t line_bytes = 128;
  uint32_t ways = 4;
  char replacement = 'L';   // L = LRU, F = FIFO
  char write_policy = 'L';  // R read-only, B write-back, T write-through, E write-evict, L local WB / global WT
  char alloc_policy = 'm';  // m = allocate on miss, f = on fill
  // N = no write allocate, W = write allocate (fetch the line, then write),
  // F = fetch on write (as W), L = lazy fetch on read (GPGPU-Sim 4.x: allocate
  // without fetching; modelled as a full-line write, see docs/configuration.md)
  char write_alloc = 'N';
  uint32_t mshr_entries = 32;
  uint32_t mshr_max_merge = 8;
  uint32_t miss_queue = 8;
  char mshr_kind = 'A';     // GPGPU-Sim's MSHR kind: A associative, S sector (modelled as A), F texture FIFO, T sector texture FIFO
  char type = 'N';          // GPGPU-Sim 4.x's cache type: N normal, S sectored (modelled with whole lines)
  uint32_t bytes() const { return sets * line_bytes * ways; }
};

// Latency and initiation interval of one operation kind on its unit.
struct OpTiming {
  uint32_t latency = 4;
  uint32_t initiation = 1;
};

// GPGPU-Sim's ptx_opcode_latency_* / ptx_opcode_initiation_* lists:
// "ADD,MAX,MUL,MAD,DIV" per data kind; the integer lists of GPGPU-Sim 4.x
// add a sixth entry, SHFL (unused in the fp and dp tables).
struct OpTimingTable {
  OpTiming add, max, mul, mad, div, shfl;
};

// Which GPGPU-Sim version's opcode table (set_opcode_and_latency) assigns
// each opcode its unit and timing column: docs/sm-pipeline.md lists both.
enum class OpcodeTable : uint8_t { GpgpuSim4, GpgpuSim3 };

// One operand-collector set of GPGPU-Sim's opndcoll_rfu_t: its collector
// units, and how many instructions enter (in ports) and leave (out ports,
// GPGPU-Sim's dispatch units) the set per cycle.
struct CollectorSet {
  // The operand collector keeps a set's units as the bits of a 64-bit word;
  // -gpgpu_operand_collector_num_units_* is checked against this when read.
  static constexpr uint32_t kMaxUnits = 64;
  uint32_t units = 1;
  uint32_t in_ports = 1;
  uint32_t out_ports = 1;
};

// -gpgpu_pipeline_widths in GPGPU-Sim 4.x's order: ID_OC_SP, ID_OC_DP,
// ID_OC_INT, ID_OC_SFU, ID_OC_MEM, OC_EX_SP, OC_EX_DP, OC_EX_INT, OC_EX_SFU,
// OC_EX_MEM, EX_WB[, ID_OC_TENSOR_CORE, OC_EX_TENSOR_CORE]. The model uses
// the ID_OC and OC_EX widths of the SP, SFU and MEM units; the others are
// kept for the report (docs/configuration.md).
struct PipelineWidths {
  std::vector<uint32_t> widths{2, 0, 0, 1, 1, 2, 0, 0, 1, 1, 2};
  uint32_t id_oc_sp() const { return widths[0]; }
  uint32_t id_oc_sfu() const { return widths[3]; }
  uint32_t id_oc_mem() const { return widths[4]; }
  uint32_t oc_ex_sp() const { return widths[5]; }
  uint32_t oc_ex_sfu() const { return widths[8]; }
  uint32_t oc_ex_mem() const { return widths[9]; }
};

// DRAM timing in DRAM command-clock cycles (gpgpu_dram_timing_opt).
struct DramTiming {
  uint32_t banks = 16;  // nbk
  uint32_t tCCD = 2, tRRD = 6, tRCD = 12, tRAS = 28, tRP = 12, tRC = 40;
  uint32_t CL = 12, WL = 4, tCDLR = 5, tWR = 12;
  // GDDR5 bank groups: bank b is in group b % bank_groups (GPGPU-Sim's
  // -dram_bnkgrp_indexing_policy 1, lower bits); column commands to one
  // group are tCCDL apart, and a read keeps its group from precharging for tRTPL.
  uint32_t bank_groups = 4, tCCDL = 3, tRTPL = 2;  // nbkgrp, CCDL, RTPL
};

struct GpuConfig {
  // --- GPU shape ---
  uint32_t n_clusters = 15;            // -gpgpu_n_clusters
  uint32_t cores_per_cluster = 1;      // -gpgpu_n_cores_per_cluster
  uint32_t sm_count() const { return n_clusters * cores_per_cluster; }

  // --- SM limits (-gpgpu_shader_core_pipeline "<threads>:<warp size>", ...) ---
  uint32_t max_threads_per_sm = 1536;
  uint32_t warp_size = 32;             // only 32 is supported (checked)
  uint32_t max_tbs_per_sm = 8;         // -gpgpu_shader_cta
  uint32_t registers_per_sm = 32768;   // -gpgpu_shader_registers
  uint32_t shared_bytes_per_sm = 49152;  // -gpgpu_shmem_size
  uint32_t max_warps_per_sm() const { return max_threads_per_sm / warp_size; }
  // Seed 002's large warps: threads per warp as fetch and the schedulers see
  // it (-scwarp_large_warp_size; 32: ordinary warps). Occupancy still counts
  // 32-thread warps; the SM holds max_threads_per_sm / large_warp_size.
  uint32_t large_warp_size = 32;
  uint32_t large_warp_rows() const { return large_warp_size / warp_size; }
  uint32_t scheduled_warps_per_sm() const { return max_threads_per_sm / large_warp_size; }

  // --- front end ---
  CacheGeometry l1i{4, 128, 4, 'L', 'R', 'f', 'N', 2, 32, 4, 'S'};  // -gpgpu_cache:il1
  uint32_t ibuffer_entries = 2;        // -scwarp_ibuffer_entries (per warp)
  uint32_t fetch_width = 1;            // -scwarp_fetch_width (warps fetched per cycle)
  bool fetch_on_empty = true;          // -scwarp_fetch_on_empty (1: only warps with an empty I-buffer fetch)
  bool fetch_barrel = false;           // -scwarp_fetch_barrel (1: only warps with no instruction in flight fetch)
  uint32_t decode_latency = 1;         // -scwarp_decode_latency
  std::string fetch_policy = "rr";     // -scwarp_fetch_policy (registry name)

  // --- issue ---
  uint32_t schedulers_per_sm = 2;      // -gpgpu_num_sched_per_core (warp w goes to scheduler w % n)
  std::string scheduler = "lrr";       // -gpgpu_scheduler (registry name; GPGPU-Sim's
                                       //  "two_level_active:<N>:0:1" selects two_level_active)
  uint32_t two_level_active_warps = 6; // N of two_level_active:<N>:0:1 (the papers' TL: 6)
  // Options a policy's own file registers (policy_options.h), e.g.
  // -scwarp_pro_threshold, -rlws_alpha: name (without '-') -> value as text;
  // an option not set here has its registered default.
  std::map<std::string, std::string> policy_options;
  // BAWS readings that the RTL (rtl/baws) does not implement; off = the RTL's
  // (docs/schedulers.md, mwf_lrr / mwf_gto).
  bool mwf_named_barriers = false;     // -scwarp_mwf_named_barriers (1: a release clears only its barrier's waiters)
  bool gto_greedy_last_issue = false;  // -scwarp_gto_greedy_last_issue (1: one greedy warp per scheduler, not per TB)
  // -scwarp_sched_impl: who runs the issue policy (and a fetch policy that has
  // an RTL block): "cpp" the C++ model, "rtl" the Verilated RTL (tb/cosim),
  // "lockstep" both, compared on every decision (docs/rtl.md, Co-simulation).
  std::string sched_impl = "cpp";
  // -scwarp_rtl_timing: how the RTL meets the SM's cycles under
  // -scwarp_sched_impl rtl: "transaction" (events applied, sorts run to the
  // end, before the next decision: the C++ model's timing) or "cycle" (one
  // edge per SM cycle at its end, decisions from start-of-cycle state, sorts
  // at their real latency; docs/rtl.md, "Cycle-timed co-simulation").
  std::string rtl_timing = "transaction";
  std::string trace_rtl;               // -scwarp_trace_rtl: VCD of the RTL block of one SM; empty: none
  uint32_t trace_rtl_sm = 0;           // -scwarp_trace_rtl_sm: that SM

  // --- execution units ---
  uint32_t sp_units = 2;               // -gpgpu_num_sp_units
  uint32_t sfu_units = 1;              // -gpgpu_num_sfu_units
  uint32_t ldst_units = 1;             // -scwarp_num_ldst_units
  OpTimingTable int_timing{{4, 1}, {13, 2}, {4, 2}, {5, 1}, {145, 8}, {32, 4}};  // -ptx_opcode_latency_int / _initiation_int
  // fp and dp have no SHFL entry ({}: unused)
  OpTimingTable fp_timing{{4, 1}, {13, 2}, {4, 1}, {5, 1}, {39, 4}, {}};    // -ptx_opcode_latency_fp / _initiation_fp
  OpTimingTable dp_timing{{8, 8}, {19, 16}, {8, 8}, {8, 8}, {330, 130}, {}};  // -ptx_opcode_latency_dp / _initiation_dp
  OpTiming sfu_timing{8, 8};           // -ptx_opcode_latency_sfu / -ptx_opcode_initiation_sfu
  OpTiming branch_timing{4, 1};        // -scwarp_branch_latency (SP pipe, resolves control)
  OpcodeTable opcode_table = OpcodeTable::GpgpuSim4;  // -scwarp_opcode_table gpgpusim4 | gpgpusim3

  // --- operand collector and register file (GPGPU-Sim's opndcoll_rfu_t) ---
  CollectorSet oc_sp{6, 2, 2};         // -gpgpu_operand_collector_num_units_sp / _in_ports_sp / _out_ports_sp
  CollectorSet oc_sfu{8, 1, 1};        // ..._sfu
  CollectorSet oc_mem{2, 1, 1};        // ..._mem
  uint32_t reg_banks = 16;             // -gpgpu_num_reg_banks
  uint32_t reg_file_port_throughput = 1;  // -gpgpu_reg_file_port_throughput (collector steps per cycle)
  PipelineWidths pipeline_widths;      // -gpgpu_pipeline_widths

  // --- SM memory ---
  CacheGeometry l1d{32, 128, 4, 'L', 'L', 'm', 'N', 64, 8, 8, 'S'};  // -gpgpu_cache:dl1 (16 KB)
  uint32_t l1_latency = 35;            // -gpgpu_l1_latency (GPGPU-Sim 4.x's L1 latency queue: every access, before its lookup)
  uint32_t shmem_banks = 32;           // -gpgpu_shmem_num_banks
  uint32_t smem_latency = 26;          // -gpgpu_smem_latency (cycles after the last bank access)
  // -gpgpu_const_cache:l1: 8 KB, 64 B lines, read-only, allocate on fill (SM2_GTX480)
  CacheGeometry const_cache{64, 64, 2, 'L', 'R', 'f', 'N', 2, 32, 4, 'S'};
  uint32_t const_latency = 20;         // -scwarp_const_latency (constant cache hit)
  // -gpgpu_tex_cache:l1: 12 KB, 128 B lines, 24 ways, read-only, allocate on
  // miss, texture FIFOs 128 fragments / 4 requests / 128 ROB (SM2_GTX480)
  CacheGeometry tex_cache{4, 128, 24, 'L', 'R', 'm', 'N', 128, 4, 128, 'T'};
  uint32_t tex_latency = 2;            // -scwarp_tex_latency (texture cache hit; GPGPU-Sim's FIFOs, docs/configuration.md)
  uint32_t coalesce_bytes = 128;       // -scwarp_coalesce_bytes (segment size of a global access)

  // --- interconnect, L2, DRAM ---
  uint32_t mem_channels = 6;           // -gpgpu_n_mem
  uint32_t sub_partitions_per_channel = 2;  // -gpgpu_n_sub_partition_per_mchannel
  uint32_t l2_slices() const { return mem_channels * sub_partitions_per_channel; }
  uint32_t icnt_latency = 8;           // -scwarp_icnt_latency (cycles each way)
  uint32_t icnt_flit_bytes = 40;       // -icnt_flit_size (one flit per port per cycle)
  CacheGeometry l2{64, 128, 8, 'L', 'B', 'm', 'L', 256, 4, 4, 'A', 'S'};  // -gpgpu_cache:dl2 (per slice)
  uint32_t l2_latency = 120;           // -gpgpu_l2_rop_latency
  uint32_t dram_latency = 100;         // -dram_latency (fixed part added to every DRAM access)
  uint32_t dram_queue = 64;            // -gpgpu_frfcfs_dram_sched_queue_size
  uint32_t dram_bus_bytes = 4;         // -gpgpu_dram_buswidth (per chip)
  uint32_t dram_chips_per_channel = 2; // -gpgpu_n_mem_per_ctrlr
  uint32_t dram_burst = 8;             // -gpgpu_dram_burst_length
  uint32_t dram_data_ratio = 4;        // -dram_data_command_freq_ratio
  DramTiming dram;                     // -gpgpu_dram_timing_opt "nbk=16:CCD=2:..."
  // -gpgpu_clock_domains "<core>:<icnt>:<l2>:<dram>" MHz; the model runs in
  // core cycles and converts DRAM timing with dram_mhz / core_mhz.
  double core_mhz = 700.0, icnt_mhz = 700.0, l2_mhz = 700.0, dram_mhz = 924.0;
  uint32_t dram_scheduler = 1;         // -gpgpu_dram_scheduler (0 FIFO, 1 FR-FCFS)
  // -gpgpu_perf_sim_memcpy: host-to-device copies leave their lines in the L2
  // (GPGPU-Sim 4.x; SM2_GTX480's file sets 1). 0, the default: every launch
  // starts with the L2 as the last kernel left it, as in GPGPU-Sim 3.2.2,
  // which the papers ran and which has no such option.
  bool perf_sim_memcpy = false;

  // --- simulation ---
  bool skip_idle = true;               // -scwarp_skip_idle (skip cycles where nothing can change)
  // -gpgpu_max_cycle (alias -scwarp_max_cycles): per kernel launch; past it
  // the run fails, saying where the warps are (0 = no limit). 50 M: over ten
  // times our longest kernel, and a kernel that never ends stops within minutes.
  uint64_t max_cycles = 50'000'000;
  // -gpgpu_max_insn: thread instructions per kernel launch, the same failure
  // past it (0 = no limit, GPGPU-Sim's default).
  uint64_t max_insn = 0;
  uint32_t device_memory_mb = 1536;    // -scwarp_device_memory_mb (the GTX480's 1536 MB)
  uint64_t device_heap_bytes = 8ull << 20;  // -scwarp_device_heap_bytes (device malloc's heap, CUDA's 8 MiB)
  // -scwarp_vtw_index_latency: a round trip to the GPU-wide logical TB
  // counter of VTW (seed 004 Sec. 4.2.1 gives no figure): request, one
  // increment, response, like a TB dispatch through the work distributor.
  uint32_t vtw_index_latency = 4;
  // -scwarp_envreg: what %envreg0..31 read (CUDA documents no contents; 0 here)
  std::array<uint32_t, 32> envreg{};
  uint64_t seed = 1;                   // -scwarp_seed (for policies that draw random numbers)
};

// Where an option's value came from, for error messages and the run report.
struct LoadedConfig {
  GpuConfig gpu;
  std::string source;                       // file path, or "built-in gtx480"
  std::vector<std::string> unknown_options; // GPGPU-Sim options we do not model (warned)
  // Every option we know, as finally set (formatted from `gpu` on each call).
  std::map<std::string, std::string> values() const;
};

// Parses a GPGPU-Sim-style option file: "-name value" per line, '#' comments.
// Invalid values throw scwarp::Error naming file:line and the option; unknown
// options are collected, not fatal. Later lines override earlier ones.
LoadedConfig load_config_file(const std::string& path);
// The same for text already read; errors name `source` as the file.
LoadedConfig load_config_text(const std::string& text, const std::string& source);
// The built-in GTX480 configuration (what configs/gtx480.config holds).
LoadedConfig builtin_gtx480();
// Applies one override "-name value" / "name=value" from the command line;
// throws scwarp::Error naming the option (and `where`, e.g. "--set") when
// the name is unknown or the value invalid.
void apply_override(LoadedConfig& cfg, const std::string& name, const std::string& value,
                    const std::string& where);
// The checks across options that load_config_file and apply_override run
// (each option's own range is checked as it is read); throws scwarp::Error
// starting with `where`.
void check_consistency(const GpuConfig& gpu, const std::string& where);

}  // namespace scwarp::config
