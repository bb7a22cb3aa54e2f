#include "sc_model/config/option_table.h"

#include <fmt/format.h>

#include <limits>

#include "sc_model/config/cache_geometry_text.h"
#include "sc_model/config/dram_timing_text.h"
#include "sc_model/config/options.h"
#include "sc_model/config/policy_options.h"
#include "sc_model/config/value_text.h"

namespace scwarp::config {

namespace {

// --- one builder per kind of value ---

Option count(std::string name, uint32_t GpuConfig::*field, uint32_t min, std::string description) {
  return {std::move(name), "", std::move(description),
          [field, min](GpuConfig& g, std::string_view v) { g.*field = parse_count(v, min); },
          [field](const GpuConfig& g) { return std::to_string(g.*field); }};
}

Option power_of_two(std::string name, uint32_t GpuConfig::*field, uint32_t min, std::string description) {
  return {std::move(name), "", std::move(description),
          [field, min](GpuConfig& g, std::string_view v) { g.*field = parse_power_of_two(v, min); },
          [field](const GpuConfig& g) { return std::to_string(g.*field); }};
}

Option count64(std::string name, uint64_t GpuConfig::*field, std::string description) {
  return {std::move(name), "", std::move(description),
          [field](GpuConfig& g, std::string_view v) {
            g.*field = parse_unsigned(v, std::numeric_limits<uint64_t>::max(), "an unsigned 64-bit integer");
          },
          [field](const GpuConfig& g) { return std::to_string(g.*field); }};
}

Option flag(std::string name, bool GpuConfig::*field, std::string description) {
  return {std::move(name), "", std::move(description),
          [field](GpuConfig& g, std::string_view v) { g.*field = parse_bool(v); },
          [field](const GpuConfig& g) { return std::string(g.*field ? "1" : "0"); }};
}

// A policy name; the policy registry checks that it exists when the model is built.
Option policy_name(std::string name, std::string GpuConfig::*field, std::string description) {
  return {std::move(name), "", std::move(description),
          [field](GpuConfig& g, std::string_view v) {
            if (v.empty()) throw InvalidValue("a policy name");
            g.*field = std::string(v);
          },
          [field](const GpuConfig& g) { return g.*field; }};
}

Option op_part(std::string name, OpTiming GpuConfig::*timing, uint32_t OpTiming::*part,
               std::string description) {
  return {std::move(name), "", std::move(description),
          [timing, part](GpuConfig& g, std::string_view v) { (g.*timing).*part = parse_count(v, 1); },
          [timing, part](const GpuConfig& g) { return std::to_string((g.*timing).*part); }};
}

Option op_list(std::string name, OpTimingTable GpuConfig::*table, uint32_t OpTiming::*part,
               ShflEntry shfl, std::string description) {
  return {std::move(name), "", std::move(description),
          [table, part, shfl](GpuConfig& g, std::string_view v) { parse_op_list(v, g.*table, part, shfl); },
          [table, part, shfl](const GpuConfig& g) { return format_op_list(g.*table, part, shfl); }};
}

// The three options of one operand-collector set: -gpgpu_operand_collector_num_units_<set>,
// _num_in_ports_<set>, _num_out_ports_<set>.
std::vector<Option> collector_set(const std::string& set, CollectorSet GpuConfig::*field) {
  using Parse = uint32_t (*)(std::string_view);
  const auto part = [&](const std::string& prefix, uint32_t CollectorSet::*member, Parse parse,
                        std::string description) {
    return Option{"gpgpu_operand_collector_num_" + prefix + "_" + set, "", std::move(description),
                  [field, member, parse](GpuConfig& g, std::string_view v) { (g.*field).*member = parse(v); },
                  [field, member](const GpuConfig& g) { return std::to_string((g.*field).*member); }};
  };
  const Parse units = [](std::string_view v) {
    static const std::string expected = fmt::format("an unsigned integer from 1 to {}", CollectorSet::kMaxUnits);
    const uint64_t n = parse_unsigned(v, CollectorSet::kMaxUnits, expected);
    if (n == 0) throw InvalidValue(expected);
    return uint32_t(n);
  };
  const Parse ports = [](std::string_view v) { return parse_count(v, 1); };
  return {part("units", &CollectorSet::units, units,
               fmt::format("{} collector units (instructions collecting operands, at most {})", set,
                           CollectorSet::kMaxUnits)),
          part("in_ports", &CollectorSet::in_ports, ports, set + " instructions entering a collector unit per cycle"),
          part("out_ports", &CollectorSet::out_ports, ports,
               set + " collector units dispatching to their unit per cycle")};
}

Option opcode_table() {
  return {"scwarp_opcode_table", "",
          "which GPGPU-Sim opcode table assigns units and latency columns: gpgpusim4 (4.2.0) or gpgpusim3 "
          "(3.2.2, the papers' version); docs/sm-pipeline.md",
          [](GpuConfig& g, std::string_view v) {
            if (v == "gpgpusim4") g.opcode_table = OpcodeTable::GpgpuSim4;
            else if (v == "gpgpusim3") g.opcode_table = OpcodeTable::GpgpuSim3;
            else throw InvalidValue("gpgpusim4 or gpgpusim3");
          },
          [](const GpuConfig& g) {
            return std::string(g.opcode_table == OpcodeTable::GpgpuSim4 ? "gpgpusim4" : "gpgpusim3");
          }};
}

Option pipeline_widths() {
  return {"gpgpu_pipeline_widths", "",
          "ID_OC_SP,ID_OC_DP,ID_OC_INT,ID_OC_SFU,ID_OC_MEM,OC_EX_SP,OC_EX_DP,OC_EX_INT,OC_EX_SFU,OC_EX_MEM,EX_WB"
          "[,ID_OC_TENSOR_CORE,OC_EX_TENSOR_CORE]; the ID_OC (issue to collector) and OC_EX (collector to unit) "
          "registers of SP, SFU and MEM are modelled",
          [](GpuConfig& g, std::string_view v) { g.pipeline_widths = parse_pipeline_widths(v); },
          [](const GpuConfig& g) { return format_pipeline_widths(g.pipeline_widths); }};
}

Option cache(std::string name, CacheGeometry GpuConfig::*field, std::string description) {
  return {std::move(name), "", std::move(description),
          [field](GpuConfig& g, std::string_view v) { g.*field = parse_cache_geometry(v, GpuConfig{}.*field); },
          [field](const GpuConfig& g) { return format_cache_geometry(g.*field); }};
}

// An option a policy registered (policy_options.h); the policy names itself
// in its description.
Option policy_option(const PolicyOptionSpec& spec) {
  const std::string name = spec.name;
  return {name, "", spec.description,
          [spec](GpuConfig& g, std::string_view v) { set_policy_option(g, spec, v); },
          [name](const GpuConfig& g) { return policy_text(g, name); }};
}

// "N=VALUE,..." for %envreg<N>; "none" when every one reads 0.
Option envreg_values() {
  return {"scwarp_envreg", "",
          "what the special registers %envreg0..%envreg31 read, as N=VALUE,... (the others read 0); "
          "none = all 0 (CUDA's driver documents no contents for them)",
          [](GpuConfig& g, std::string_view v) {
            const char* expected = "none or N=VALUE,... with N in 0..31 named once and VALUE an unsigned 32-bit integer";
            g.envreg = {};
            if (v == "none") return;
            std::array<bool, 32> named{};
            for (std::string_view item : split(v, ',')) {
              size_t eq = item.find('=');
              if (eq == std::string_view::npos) throw InvalidValue(expected);
              uint64_t n = parse_unsigned(item.substr(0, eq), 31, expected);
              if (named[n]) throw InvalidValue(expected);
              named[n] = true;
              g.envreg[n] = uint32_t(parse_unsigned(item.substr(eq + 1), std::numeric_limits<uint32_t>::max(), expected));
            }
          },
          [](const GpuConfig& g) {
            std::string text;
            for (size_t n = 0; n < g.envreg.size(); ++n)
              if (g.envreg[n]) text += fmt::format("{}{}={}", text.empty() ? "" : ",", n, g.envreg[n]);
            return text.empty() ? std::string("none") : text;
          }};
}

Option with_alias(Option option, std::string alias) {
  option.alias = std::move(alias);
  return option;
}

// --- the options whose value packs several fields ---

Option core_pipeline() {
  return {"gpgpu_shader_core_pipeline", "",
          "<threads per SM>:<warp size>; threads a multiple of 32, warp size must be 32",
          [](GpuConfig& g, std::string_view v) {
            static constexpr std::string_view kExpected =
                "<threads per SM>:<warp size> with threads a positive multiple of 32 and warp size 32";
            const auto parts = split(v, ':');
            if (parts.size() != 2) throw InvalidValue(std::string(kExpected));
            const uint64_t threads = parse_unsigned(parts[0], std::numeric_limits<uint32_t>::max(), kExpected);
            if (threads == 0 || threads % 32 != 0 || parts[1] != "32") throw InvalidValue(std::string(kExpected));
            g.max_threads_per_sm = static_cast<uint32_t>(threads);
            g.warp_size = 32;
          },
          [](const GpuConfig& g) { return fmt::format("{}:{}", g.max_threads_per_sm, g.warp_size); }};
}

Option clock_domains() {
  return {"gpgpu_clock_domains", "",
          "<core>:<icnt>:<l2>:<dram> clocks in MHz; the model runs in core cycles and scales DRAM timing by dram/core",
          [](GpuConfig& g, std::string_view v) {
            const auto parts = split(v, ':');
            if (parts.size() != 4) throw InvalidValue("<core>:<icnt>:<l2>:<dram> MHz, four numbers > 0");
            try {
              g.core_mhz = parse_positive_double(parts[0]);
              g.icnt_mhz = parse_positive_double(parts[1]);
              g.l2_mhz = parse_positive_double(parts[2]);
              g.dram_mhz = parse_positive_double(parts[3]);
            } catch (const InvalidValue&) {
              throw InvalidValue("<core>:<icnt>:<l2>:<dram> MHz, four numbers > 0");
            }
          },
          [](const GpuConfig& g) {
            return fmt::format("{}:{}:{}:{}", format_double(g.core_mhz), format_double(g.icnt_mhz),
                               format_double(g.l2_mhz), format_double(g.dram_mhz));
          }};
}

Option dram_timing() {
  return {"gpgpu_dram_timing_opt", "",
          "DRAM timing in command cycles, \"nbk=..:CCD=..:RRD=..:RCD=..:RAS=..:RP=..:RC=..:CL=..:WL=..:CDLR=..:WR=..:"
          "nbkgrp=..:CCDL=..:RTPL=..\" (bank b is in bank group b % nbkgrp)",
          [](GpuConfig& g, std::string_view v) { g.dram = parse_dram_timing(v, GpuConfig{}.dram); },
          [](const GpuConfig& g) { return format_dram_timing(g.dram); }};
}

constexpr std::string_view kTwoLevelActive = "two_level_active";

// GPGPU-Sim's "two_level_active:<active warps>:<inner>:<outer>" selects the
// two_level_active policy with that many active warps; GPGPU-Sim implements
// only inner 0 (loose round robin) and outer 1 (swapping round robin), and
// so do we. Any other text is a policy name.
void read_scheduler(GpuConfig& g, std::string_view v) {
  if (v.empty()) throw InvalidValue("a policy name");
  if (!v.starts_with(kTwoLevelActive) || v.size() == kTwoLevelActive.size() || v[kTwoLevelActive.size()] != ':') {
    g.scheduler = std::string(v);
    return;
  }
  static constexpr std::string_view kExpected =
      "two_level_active:<active warps >= 1>:0:1 (inner 0 = loose round robin, outer 1 = swapping round robin, "
      "the only orders GPGPU-Sim implements)";
  const auto parts = split(v, ':');
  if (parts.size() != 4) throw InvalidValue(std::string(kExpected));
  const uint64_t active = parse_unsigned(parts[1], std::numeric_limits<uint32_t>::max(), kExpected);
  if (active == 0 || parts[2] != "0" || parts[3] != "1") throw InvalidValue(std::string(kExpected));
  g.scheduler = std::string(kTwoLevelActive);
  g.two_level_active_warps = static_cast<uint32_t>(active);
}

Option scheduler() {
  return {"gpgpu_scheduler", "",
          "issue policy name (scwarp list schedulers); GPGPU-Sim's two_level_active:<N>:0:1 selects two_level_active "
          "with N active warps per scheduler",
          read_scheduler, [](const GpuConfig& g) {
            return g.scheduler == kTwoLevelActive ? fmt::format("{}:{}:0:1", kTwoLevelActive, g.two_level_active_warps)
                                                  : g.scheduler;
          }};
}

Option sched_impl() {
  return {"scwarp_sched_impl", "",
          "who runs the issue policy and CFF fetch: cpp (C++ model), rtl (Verilated RTL), lockstep (both, compared)",
          [](GpuConfig& g, std::string_view v) {
            if (v != "cpp" && v != "rtl" && v != "lockstep") throw InvalidValue("cpp, rtl or lockstep");
            g.sched_impl = std::string(v);
          },
          [](const GpuConfig& g) { return g.sched_impl; }};
}

Option rtl_timing() {
  return {"scwarp_rtl_timing", "",
          "how the scheduler RTL is clocked under -scwarp_sched_impl rtl: transaction (the C++ model's timing) or "
          "cycle (one edge per SM cycle, start-of-cycle decisions, real sort latency)",
          [](GpuConfig& g, std::string_view v) {
            if (v != "transaction" && v != "cycle") throw InvalidValue("transaction or cycle");
            g.rtl_timing = std::string(v);
          },
          [](const GpuConfig& g) { return g.rtl_timing; }};
}

Option trace_rtl() {
  return {"scwarp_trace_rtl", "",
          "VCD file for the scheduler RTL of SM -scwarp_trace_rtl_sm (needs -scwarp_sched_impl rtl or lockstep); "
          "empty: no trace",
          [](GpuConfig& g, std::string_view v) { g.trace_rtl = std::string(v); },
          [](const GpuConfig& g) { return g.trace_rtl; }};
}

Option dram_scheduler() {
  return {"gpgpu_dram_scheduler", "", "DRAM request order: 0 FIFO, 1 FR-FCFS",
          [](GpuConfig& g, std::string_view v) {
            g.dram_scheduler = static_cast<uint32_t>(parse_unsigned(v, 1, "0 (FIFO) or 1 (FR-FCFS)"));
          },
          [](const GpuConfig& g) { return std::to_string(g.dram_scheduler); }};
}

std::vector<Option> build_table() {
  using G = GpuConfig;
  std::vector<Option> table = {
      // GPU shape
      count("gpgpu_n_clusters", &G::n_clusters, 1, "SM clusters; SMs = clusters x cores per cluster"),
      count("gpgpu_n_cores_per_cluster", &G::cores_per_cluster, 1, "SMs per cluster"),
      // SM limits
      core_pipeline(),
      count("gpgpu_shader_cta", &G::max_tbs_per_sm, 1, "thread blocks resident per SM at most"),
      count("gpgpu_shader_registers", &G::registers_per_sm, 1, "32-bit registers per SM"),
      count("gpgpu_shmem_size", &G::shared_bytes_per_sm, 0, "shared memory bytes per SM"),
      count("scwarp_large_warp_size", &G::large_warp_size, 32,
            "threads per warp as fetch and issue see it: 32 = ordinary warps; K x 32 = seed 002's large warps, "
            "broken into 32-thread sub-warps between decode and issue (docs/lwm.md)"),
      // front end
      cache("gpgpu_cache:il1", &G::l1i, "L1 instruction cache geometry (per SM)"),
      count("scwarp_ibuffer_entries", &G::ibuffer_entries, 1, "instruction buffer entries per warp"),
      count("scwarp_fetch_width", &G::fetch_width, 1, "warps fetched per cycle"),
      flag("scwarp_fetch_on_empty", &G::fetch_on_empty,
           "1: a warp may fetch only when its I-buffer is empty (seed 001 Sec. 2.2, GPGPU-Sim); 0: whenever an entry is free"),
      flag("scwarp_fetch_barrel", &G::fetch_barrel,
           "1: a warp is fetched again only when every instruction it issued has completed (seed 002's barrel "
           "processing baseline); 0: as -scwarp_fetch_on_empty allows"),
      count("scwarp_decode_latency", &G::decode_latency, 1, "cycles from fetch to the instruction buffer"),
      policy_name("scwarp_fetch_policy", &G::fetch_policy, "fetch policy name (which warp fetches next)"),
      // issue
      count("gpgpu_num_sched_per_core", &G::schedulers_per_sm, 1, "warp schedulers per SM; warp w goes to scheduler w % n"),
      scheduler(),
      flag("scwarp_mwf_named_barriers", &G::mwf_named_barriers,
           "mwf_*: 1: a TB's priority counts its warps waiting at any named barrier, so a release of one barrier "
           "leaves the others' waiters counted; 0: any release clears the TB's count (the RTL's)"),
      flag("scwarp_gto_greedy_last_issue", &G::gto_greedy_last_issue,
           "mwf_gto, saws: 1: the greedy warp is the one the scheduler issued last, in whatever TB (seed 001 Sec. 4.1, "
           "the warp issued in the last cycle); 0: each TB keeps the warp the scheduler issued last in it (the RTL's)"),
      sched_impl(),
      rtl_timing(),
      trace_rtl(),
      count("scwarp_trace_rtl_sm", &G::trace_rtl_sm, 0, "SM whose scheduler RTL -scwarp_trace_rtl traces"),
      // execution units
      count("gpgpu_num_sp_units", &G::sp_units, 1, "SP pipelines per SM"),
      count("gpgpu_num_sfu_units", &G::sfu_units, 1, "SFU pipelines per SM"),
      count("scwarp_num_ldst_units", &G::ldst_units, 1, "LD/ST units per SM"),
      op_list("ptx_opcode_latency_int", &G::int_timing, &OpTiming::latency, ShflEntry::Optional,
              "integer latency <ADD>,<MAX>,<MUL>,<MAD>,<DIV>[,<SHFL>]"),
      op_list("ptx_opcode_initiation_int", &G::int_timing, &OpTiming::initiation, ShflEntry::Optional,
              "integer initiation interval <ADD>,<MAX>,<MUL>,<MAD>,<DIV>[,<SHFL>]"),
      op_list("ptx_opcode_latency_fp", &G::fp_timing, &OpTiming::latency, ShflEntry::No,
              "single-precision latency <ADD>,<MAX>,<MUL>,<MAD>,<DIV>"),
      op_list("ptx_opcode_initiation_fp", &G::fp_timing, &OpTiming::initiation, ShflEntry::No,
              "single-precision initiation interval <ADD>,<MAX>,<MUL>,<MAD>,<DIV>"),
      op_list("ptx_opcode_latency_dp", &G::dp_timing, &OpTiming::latency, ShflEntry::No,
              "double-precision latency <ADD>,<MAX>,<MUL>,<MAD>,<DIV>"),
      op_list("ptx_opcode_initiation_dp", &G::dp_timing, &OpTiming::initiation, ShflEntry::No,
              "double-precision initiation interval <ADD>,<MAX>,<MUL>,<MAD>,<DIV>"),
      op_part("ptx_opcode_latency_sfu", &G::sfu_timing, &OpTiming::latency,
              "SFU latency of transcendentals (gpgpusim4 table)"),
      op_part("ptx_opcode_initiation_sfu", &G::sfu_timing, &OpTiming::initiation,
              "SFU initiation interval of transcendentals (gpgpusim4 table)"),
      op_part("scwarp_branch_latency", &G::branch_timing, &OpTiming::latency, "cycles until a branch resolves (SP pipe)"),
      op_part("scwarp_branch_initiation", &G::branch_timing, &OpTiming::initiation, "branch initiation interval (SP pipe)"),
      opcode_table(),
  };
  // operand collector and register file
  for (auto [set, field] : {std::pair{"sp", &G::oc_sp}, {"sfu", &G::oc_sfu}, {"mem", &G::oc_mem}})
    for (Option& option : collector_set(set, field)) table.push_back(std::move(option));
  std::vector<Option> rest = {
      count("gpgpu_num_reg_banks", &G::reg_banks, 1, "register file banks per SM; register r of warp w is in bank (r + w) % banks"),
      count("gpgpu_reg_file_port_throughput", &G::reg_file_port_throughput, 1,
            "operand collector steps per cycle (reads per bank per cycle)"),
      pipeline_widths(),
      // SM memory
      cache("gpgpu_cache:dl1", &G::l1d, "L1 data cache geometry (per SM)"),
      count("gpgpu_l1_latency", &G::l1_latency, 1,
            "cycles every L1D access spends in the L1 pipeline before its tag lookup (a hit completes then, a miss leaves then)"),
      count("gpgpu_shmem_num_banks", &G::shmem_banks, 1, "shared memory banks"),
      count("gpgpu_smem_latency", &G::smem_latency, 1, "shared memory latency after the last bank access"),
      cache("gpgpu_const_cache:l1", &G::const_cache, "constant cache geometry (per SM): ld.const and ld.param"),
      count("scwarp_const_latency", &G::const_latency, 1, "constant cache hit latency (one access per distinct line per cycle)"),
      cache("gpgpu_tex_cache:l1", &G::tex_cache, "texture cache geometry (per SM): tex and tld4"),
      count("scwarp_tex_latency", &G::tex_latency, 1, "texture cache hit latency (one access per distinct line per cycle)"),
      power_of_two("scwarp_coalesce_bytes", &G::coalesce_bytes, 32, "segment size a global access coalesces into"),
      // interconnect, L2, DRAM
      count("gpgpu_n_mem", &G::mem_channels, 1, "memory channels (controllers)"),
      count("gpgpu_n_sub_partition_per_mchannel", &G::sub_partitions_per_channel, 1, "L2 slices per memory channel"),
      count("scwarp_icnt_latency", &G::icnt_latency, 1, "interconnect cycles each way"),
      count("icnt_flit_size", &G::icnt_flit_bytes, 1, "interconnect bytes per flit, one flit per port per cycle"),
      cache("gpgpu_cache:dl2", &G::l2, "L2 cache geometry per slice (sub-partition)"),
      with_alias(count("gpgpu_l2_rop_latency", &G::l2_latency, 1, "L2 (ROP) latency; GPGPU-Sim 3.x calls it -rop_latency"),
                 "rop_latency"),
      count("dram_latency", &G::dram_latency, 1, "fixed cycles added to every DRAM access"),
      count("gpgpu_frfcfs_dram_sched_queue_size", &G::dram_queue, 1, "DRAM scheduler queue entries per channel; GPGPU-Sim's 0 = unlimited is refused"),
      count("gpgpu_dram_buswidth", &G::dram_bus_bytes, 1, "DRAM bus bytes per chip"),
      count("gpgpu_n_mem_per_ctrlr", &G::dram_chips_per_channel, 1, "DRAM chips per channel"),
      count("gpgpu_dram_burst_length", &G::dram_burst, 1, "DRAM burst length in data beats"),
      count("dram_data_command_freq_ratio", &G::dram_data_ratio, 1, "DRAM data beats per command cycle (4 for GDDR5)"),
      dram_timing(),
      clock_domains(),
      dram_scheduler(),
      flag("gpgpu_perf_sim_memcpy", &G::perf_sim_memcpy,
           "1: host-to-device copies fill the L2 with their lines (as GPGPU-Sim 4.x); 0: they bypass it"),
      // simulation
      flag("scwarp_skip_idle", &G::skip_idle, "1: skip cycles in which nothing can change (same results, faster)"),
      with_alias(count64("gpgpu_max_cycle", &G::max_cycles,
                         "fail a kernel launch past this many cycles, saying where its warps are (a kernel that "
                         "never ends); 0 = no limit; older name -scwarp_max_cycles"),
                 "scwarp_max_cycles"),
      count64("gpgpu_max_insn", &G::max_insn,
              "fail a kernel launch past this many thread instructions, saying where its warps are; 0 = no limit"),
      count("scwarp_vtw_index_latency", &G::vtw_index_latency, 1,
            "cycles from an SM's request to the GPU-wide logical TB counter to its grant (VTW's nexttbid; "
            "requests of one cycle are granted in SM order)"),
      count("scwarp_device_memory_mb", &G::device_memory_mb, 1,
            "device memory in MiB (GTX480: 1536): allocations beyond it are refused with the sizes"),
      count64("scwarp_device_heap_bytes", &G::device_heap_bytes,
              "bytes kernels' malloc may hold at once (CUDA's default cudaLimitMallocHeapSize, 8 MiB); "
              "past it malloc returns NULL"),
      envreg_values(),
      count64("scwarp_seed", &G::seed, "seed of policies that draw random numbers"),
  };
  for (Option& option : rest) table.push_back(std::move(option));
  for (const PolicyOptionSpec& spec : policy_option_specs()) table.push_back(policy_option(spec));
  return table;
}

}  // namespace

const std::vector<Option>& option_table() {
  static const std::vector<Option> table = build_table();
  return table;
}

const char* retired_option(std::string_view old_name) {
  // Our own names that became GPGPU-Sim's when the mechanism got its
  // values, and knobs of mechanisms that are now modelled.
  static constexpr std::pair<std::string_view, const char*> kRetired[] = {
      {"scwarp_l1d_hit_latency", "was renamed -gpgpu_l1_latency (GPGPU-Sim's name; see docs/configuration.md)"},
      {"scwarp_shmem_latency", "was renamed -gpgpu_smem_latency (GPGPU-Sim's name; see docs/configuration.md)"},
      {"scwarp_l1i_miss_latency",
       "was removed: L1I misses now go through the interconnect and the L2 (docs/sm-pipeline.md)"},
      {"scwarp_icnt_flit_bytes", "was renamed -icnt_flit_size (GPGPU-Sim's name; see docs/configuration.md)"},
      {"scwarp_sfu_latency", "was renamed -ptx_opcode_latency_sfu (GPGPU-Sim's name; see docs/configuration.md)"},
      {"scwarp_sfu_initiation", "was renamed -ptx_opcode_initiation_sfu (GPGPU-Sim's name; see docs/configuration.md)"},
  };
  for (const auto& [name, why] : kRetired)
    if (name == old_name) return why;
  return nullptr;
}

const Option* find_option(std::string_view name) {
  for (const Option& option : option_table())
    if (option.name == name || (!option.alias.empty() && option.alias == name)) return &option;
  return nullptr;
}

std::map<std::string, std::string> option_values(const GpuConfig& gpu) {
  std::map<std::string, std::string> values;
  for (const Option& option : option_table()) values.emplace(option.name, option.format(gpu));
  return values;
}

std::vector<OptionInfo> option_table_info() {
  const GpuConfig defaults;
  std::vector<OptionInfo> info;
  for (const Option& option : option_table())
    info.push_back({option.name, option.format(defaults), option.description});
  return info;
}

}  // namespace scwarp::config
