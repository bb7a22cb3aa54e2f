// check_consistency (declared in gpu_config.h): the rules that involve more
// than one option. Each option's own range is checked when it is read.
#include <fmt/format.h>

#include "sc_model/common/error.h"
#include "sc_model/config/cache_geometry_text.h"
#include "sc_model/config/gpu_config.h"

namespace scwarp::config {

namespace {

// A scheduler without warps would never issue; warps go to scheduler w % n.
void check_schedulers_have_warps(const GpuConfig& g, const std::string& where) {
  if (g.schedulers_per_sm <= g.scheduled_warps_per_sm()) return;
  const std::string large =
      g.large_warp_rows() > 1 ? fmt::format(", -scwarp_large_warp_size {}", g.large_warp_size) : "";
  throw Error(fmt::format("{}: -gpgpu_num_sched_per_core {} exceeds the {} warps an SM holds "
                          "(-gpgpu_shader_core_pipeline {}:{}{})",
                          where, g.schedulers_per_sm, g.scheduled_warps_per_sm(), g.max_threads_per_sm, g.warp_size,
                          large));
}

// A large warp is whole rows of 32 threads, and an SM holds whole large warps.
void check_large_warps(const GpuConfig& g, const std::string& where) {
  if (g.large_warp_size % g.warp_size == 0 && g.max_threads_per_sm % g.large_warp_size == 0) return;
  throw Error(fmt::format("{}: -scwarp_large_warp_size {} must be a multiple of the warp size {} that divides the "
                          "{} threads of an SM (-gpgpu_shader_core_pipeline)",
                          where, g.large_warp_size, g.warp_size, g.max_threads_per_sm));
}

// A coalesced segment is looked up as one L1D access, so it must fit a line.
void check_segment_fits_l1d(const GpuConfig& g, const std::string& where) {
  if (g.coalesce_bytes <= g.l1d.line_bytes) return;
  throw Error(fmt::format("{}: -scwarp_coalesce_bytes {} is larger than the L1D line "
                          "(-gpgpu_cache:dl1 {}); a segment must fit one line",
                          where, g.coalesce_bytes, format_cache_geometry(g.l1d)));
}

// An L1 miss is one request to one L2 line.
void check_l1_line_fits_l2(const GpuConfig& g, const CacheGeometry& l1, std::string_view l1_option,
                           const std::string& where) {
  if (l1.line_bytes <= g.l2.line_bytes) return;
  throw Error(fmt::format("{}: the {}-byte line of -{} is larger than the {}-byte L2 line (-gpgpu_cache:dl2); "
                          "an L1 miss must be served by one L2 line",
                          where, l1.line_bytes, l1_option, g.l2.line_bytes));
}

// Bank b is in group b % nbkgrp: every group must hold the same number of banks.
void check_bank_groups(const GpuConfig& g, const std::string& where) {
  if (g.dram.banks % g.dram.bank_groups == 0) return;
  throw Error(fmt::format("{}: -gpgpu_dram_timing_opt: nbk={} banks do not split into nbkgrp={} equal bank groups",
                          where, g.dram.banks, g.dram.bank_groups));
}

}  // namespace

void check_consistency(const GpuConfig& gpu, const std::string& where) {
  check_large_warps(gpu, where);
  check_schedulers_have_warps(gpu, where);
  check_segment_fits_l1d(gpu, where);
  check_l1_line_fits_l2(gpu, gpu.l1d, "gpgpu_cache:dl1", where);
  check_l1_line_fits_l2(gpu, gpu.l1i, "gpgpu_cache:il1", where);
  check_l1_line_fits_l2(gpu, gpu.const_cache, "gpgpu_const_cache:l1", where);
  check_l1_line_fits_l2(gpu, gpu.tex_cache, "gpgpu_tex_cache:l1", where);
  check_bank_groups(gpu, where);
}

}  // namespace scwarp::config
