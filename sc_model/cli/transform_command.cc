#include "sc_model/cli/transform_command.h"

#include <fmt/format.h>

#include <fstream>
#include <memory>
#include <string>

#include "sc_model/cli/exit_status.h"
#include "sc_model/common/error.h"
#include "sc_model/ptx/printer.h"
#include "sc_model/ptx/vtw_transform.h"

namespace scwarp::cli {

namespace {

struct TransformOptions {
  std::string ptx_path, out_path, vtw_mode;
  bool vtw = false;
};

int transform(const TransformOptions& opts) {
  if (!opts.vtw) throw Error("scwarp transform: name a transformation (--vtw[=MODE])");
  const ptx::VtwMode mode = ptx::parse_vtw_mode(opts.vtw_mode);
  const ptx::Module out = ptx::vtw_transform(ptx::parse_module_file(opts.ptx_path), mode);
  std::ofstream file(opts.out_path);
  if (!file) throw Error(fmt::format("--out: cannot write {}", opts.out_path));
  file << "// " << opts.ptx_path << " transformed by `scwarp transform --vtw=" << ptx::vtw_mode_name(mode)
       << "`: launch it with the original grid; see docs/vtw.md\n"
       << ptx::print_module(out);
  if (!file.flush()) throw Error(fmt::format("--out: writing {} failed", opts.out_path));
  return kExitOk;
}

}  // namespace

void add_transform_command(CLI::App& app, int& exit_status) {
  auto opts = std::make_shared<TransformOptions>();
  CLI::App* cmd = app.add_subcommand("transform", "Write a PTX module transformed for VTW (docs/vtw.md)");
  cmd->add_option("--ptx", opts->ptx_path, "PTX file to transform")->required();
  cmd->add_option("--out", opts->out_path, "Where to write the transformed PTX")->required();
  cmd->add_option("--vtw", opts->vtw_mode,
                  fmt::format("Virtual thread blocks and warps; MODE: {}", ptx::vtw_modes_help()))
      ->expected(0, 1)
      ->default_str("same");
  cmd->callback([opts, cmd, &exit_status] {
    opts->vtw = cmd->count("--vtw") > 0;
    exit_status = transform(*opts);
  });
}

}  // namespace scwarp::cli
