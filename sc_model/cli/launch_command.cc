// `scwarp launch`: every option's text is checked before any work, then the
// buffers, textures and surfaces are created on a Device (the timing model,
// or with --functional the functional engine), the kernel runs, and --out
// buffers are written back to files.
#include "sc_model/cli/launch_command.h"

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "sc_model/cli/exit_status.h"
#include "sc_model/cli/json_file.h"
#include "sc_model/cli/launch_specs.h"
#include "sc_model/cli/run_config.h"
#include "sc_model/cli/trace_options.h"
#include "sc_model/cli/unsigned_text.h"
#include "sc_model/cli/usage_error.h"
#include "sc_model/gpu/timing_executor.h"
#include "sc_model/ptx/transform_spec.h"
#include "sc_model/runtime/device.h"
#include "sc_model/stats/run_report.h"

namespace scwarp::cli {
namespace {

struct LaunchOptions {
  std::string ptx_path;
  std::string kernel;
  std::string grid;
  std::string block;
  uint32_t shared_bytes = 0;
  std::vector<std::string> buffers;
  std::vector<std::string> textures;
  std::vector<std::string> surfaces;
  std::vector<std::string> args;
  std::vector<std::string> outs;
  std::string json_path;
  bool functional = false;
  std::string transform;
  ConfigChoice config;
  TraceChoice trace;
  std::string configs_dir = SCWARP_SOURCE_DIR "/configs";
};

// All option text, parsed and cross-checked (names refer to declared buffers).
struct LaunchPlan {
  func::Dim3 grid, block;
  std::vector<BufferSpec> buffers;
  std::vector<TextureSpec> objects;  // the --texture, then the --surface objects
  std::vector<ArgSpec> args;
  std::vector<OutSpec> outs;
};

// Device memory by name: each buffer, and each texture or surface over a
// CUDA array (its own copy of the buffer's bytes, which --out may write).
struct DeviceBuffer {
  uint64_t address = 0;
  uint64_t bytes = 0;
};
using BufferMap = std::map<std::string, DeviceBuffer>;
using HandleMap = std::map<std::string, uint64_t>;

// The names a reference may use: buffers, textures, surfaces, CUDA arrays.
enum class Declared { Buffer, Texture, Surface, Array };

std::vector<std::string> declared_names(const LaunchPlan& plan, Declared kind) {
  std::vector<std::string> names;
  if (kind == Declared::Buffer)
    for (const auto& b : plan.buffers) names.push_back(b.name);
  for (const auto& o : plan.objects) {
    const bool array = o.resource.kind == func::ResourceKind::Array;
    if ((kind == Declared::Texture && !o.surface) || (kind == Declared::Surface && o.surface) ||
        (kind == Declared::Array && array))
      names.push_back(o.name);
  }
  return names;
}

void require_declared(const char* option, const std::string& text, const std::string& name, const char* declarer,
                      const std::vector<std::string>& names) {
  if (std::find(names.begin(), names.end(), name) != names.end()) return;
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
  throw UsageError(fmt::format("{} '{}': no {} named '{}' ({})", option, text, declarer, name,
                               list.empty() ? "none declared" : "declared: " + list));
}

// Buffers, textures and surfaces share one namespace: --out names either.
void require_new_name(const LaunchPlan& plan, const char* option, const std::string& text, const char* what,
                      const std::string& name) {
  for (Declared kind : {Declared::Buffer, Declared::Texture, Declared::Surface}) {
    const auto names = declared_names(plan, kind);
    if (std::find(names.begin(), names.end(), name) != names.end())
      throw UsageError(fmt::format("{} '{}': {} '{}' is declared twice", option, text, what, name));
  }
}

void plan_objects(LaunchPlan& plan, const std::vector<std::string>& texts, bool surface) {
  const char* option = surface ? "--surface" : "--texture";
  for (const auto& text : texts) {
    TextureSpec spec = surface ? parse_surface_spec(text) : parse_texture_spec(text);
    require_new_name(plan, option, text, surface ? "surface" : "texture", spec.name);
    require_declared(option, text, spec.buffer, "--buffer", declared_names(plan, Declared::Buffer));
    plan.objects.push_back(std::move(spec));
  }
}

// ptr:, tex: and surf: must name a buffer, texture or surface declared by its option.
void plan_arg(LaunchPlan& plan, const std::string& text) {
  ArgSpec arg = parse_arg_spec(text);
  if (arg.source != ArgSpec::Source::Value) {
    const bool buffer = arg.source == ArgSpec::Source::Buffer, texture = arg.source == ArgSpec::Source::Texture;
    const Declared kind = buffer ? Declared::Buffer : texture ? Declared::Texture : Declared::Surface;
    require_declared("--arg", text, arg.name, buffer ? "--buffer" : texture ? "--texture" : "--surface",
                     declared_names(plan, kind));
  }
  plan.args.push_back(std::move(arg));
}

LaunchPlan plan_launch(const LaunchOptions& opts) {
  LaunchPlan plan;
  plan.grid = parse_dim3("--grid", opts.grid);
  plan.block = parse_dim3("--block", opts.block);
  for (const auto& text : opts.buffers) {
    BufferSpec spec = parse_buffer_spec(text);
    require_new_name(plan, "--buffer", text, "buffer", spec.name);
    plan.buffers.push_back(std::move(spec));
  }
  plan_objects(plan, opts.textures, false);
  plan_objects(plan, opts.surfaces, true);
  for (const auto& text : opts.args) plan_arg(plan, text);
  std::vector<std::string> writable = declared_names(plan, Declared::Buffer);
  for (const auto& name : declared_names(plan, Declared::Array)) writable.push_back(name);
  for (const auto& text : opts.outs) {
    plan.outs.push_back(parse_out_spec(text));
    require_declared("--out", text, plan.outs.back().buffer, "--buffer or array texture/surface", writable);
  }
  return plan;
}

// Input files must be regular files: a folder or a device (/dev/urandom)
// would fail obscurely or never end.
void require_regular_file(const std::string& option_text, const std::string& path) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status))
    throw Error(fmt::format("{}: cannot read '{}': {}", option_text, path,
                            ec ? ec.message() : "no such file or directory"));
  if (!std::filesystem::is_regular_file(status))
    throw Error(fmt::format("{}: cannot read '{}': not a regular file", option_text, path));
}

std::vector<uint8_t> read_file_bytes(const std::string& buffer, const std::string& path) {
  const std::string option_text = fmt::format("--buffer '{}=file:{}'", buffer, path);
  require_regular_file(option_text, path);
  const uint64_t size = std::filesystem::file_size(path);
  if (size == 0 || size > kMaxBufferBytes)
    throw Error(fmt::format("{}: the file holds {} bytes (expected 1 to {})", option_text, size,
                            kMaxBufferBytes));
  std::vector<uint8_t> bytes(size);
  std::ifstream in(path, std::ios::binary);
  in.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(size));
  if (!in)
    throw Error(fmt::format("{}: cannot read '{}': {}", option_text, path, std::strerror(errno)));
  return bytes;
}

// std::mt19937_64 is fully specified by the C++ standard, so the same seed
// gives the same bytes on every machine.
std::vector<uint8_t> seeded_bytes(uint64_t count, uint64_t seed) {
  std::mt19937_64 generator(seed);
  std::vector<uint8_t> bytes(count);
  for (uint64_t i = 0; i < count; i += 8) {
    const uint64_t word = generator();
    std::memcpy(bytes.data() + i, &word, std::min<uint64_t>(8, count - i));
  }
  return bytes;
}

std::vector<uint8_t> initial_contents(const BufferSpec& spec) {
  switch (spec.source) {
    case BufferSpec::Source::File: return read_file_bytes(spec.name, spec.path);
    case BufferSpec::Source::Seed: return seeded_bytes(spec.bytes, spec.seed);
    case BufferSpec::Source::Zero: break;
  }
  return std::vector<uint8_t>(spec.bytes, 0);
}

BufferMap create_buffers(runtime::Device& device, const std::vector<BufferSpec>& specs) {
  BufferMap buffers;
  for (const auto& spec : specs) {
    // Generated contents are allocated on the device first, so a size beyond
    // the device memory is refused before the host builds it.
    const bool generated = spec.source != BufferSpec::Source::File;
    uint64_t address = generated ? device.malloc(spec.bytes) : 0;
    const std::vector<uint8_t> contents = initial_contents(spec);
    if (!generated) address = device.malloc(contents.size());
    device.copy_to_device(address, contents.data(), contents.size());
    buffers[spec.name] = DeviceBuffer{address, contents.size()};
  }
  return buffers;
}

// The resource of one texture or surface over its buffer: a Linear one spans
// the buffer's whole texels; an Array one is a new CUDA array holding a copy
// of the buffer's first bytes. The buffer must hold every texel.
func::TextureResource place_resource(runtime::Device& device, const TextureSpec& spec, const DeviceBuffer& source) {
  const char* option = spec.surface ? "--surface" : "--texture";
  func::TextureResource r = spec.resource;
  const uint32_t texel = r.format.texel_bytes();
  if (r.kind == func::ResourceKind::Linear) {
    if (source.bytes % texel != 0 || source.bytes / texel > std::numeric_limits<uint32_t>::max())
      throw Error(fmt::format("{} '{}': buffer '{}' holds {} bytes, not a whole number (below 2^32) of {}-byte {} texels",
                              option, spec.name, spec.buffer, source.bytes, texel,
                              func::channel_format_name(r.format)));
    r.width = uint32_t(source.bytes / texel);
    r.pitch = source.bytes;
  }
  if (r.kind == func::ResourceKind::Array)
    r = device.malloc_array(r.format, r.width, r.height, r.depth, r.layered, r.cubemap);
  else
    r.address = source.address;
  if (r.bytes() > source.bytes)
    throw Error(fmt::format("{} '{}': buffer '{}' holds {} bytes, the {} needs {}", option, spec.name, spec.buffer,
                            source.bytes, spec.surface ? "surface" : "texture", r.bytes()));
  if (r.kind == func::ResourceKind::Array) {
    std::vector<uint8_t> texels(r.bytes());
    device.copy_to_host(texels.data(), source.address, texels.size());
    device.copy_to_device(r.address, texels.data(), texels.size());
  }
  return r;
}

// Creates every texture and surface; adds each CUDA array to `buffers` under
// its object's name, so --out can write what a kernel stored there.
HandleMap create_objects(runtime::Device& device, const std::vector<TextureSpec>& specs, BufferMap& buffers) {
  HandleMap handles;
  for (const auto& spec : specs) {
    const func::TextureResource r = place_resource(device, spec, buffers.at(spec.buffer));
    handles[spec.name] =
        spec.surface ? device.create_surface_object(r) : device.create_texture_object(r, spec.sampling);
    if (r.kind == func::ResourceKind::Array) buffers[spec.name] = DeviceBuffer{r.address, r.bytes()};
  }
  return handles;
}

runtime::KernelArgs kernel_args(const std::vector<ArgSpec>& specs, const BufferMap& buffers,
                                const HandleMap& handles) {
  runtime::KernelArgs args;
  for (const auto& spec : specs) {
    switch (spec.source) {
      case ArgSpec::Source::Value: args.add_bytes(spec.bytes); break;
      case ArgSpec::Source::Buffer: args.add(buffers.at(spec.name).address); break;
      case ArgSpec::Source::Texture:
      case ArgSpec::Source::Surface: args.add(handles.at(spec.name)); break;
    }
  }
  return args;
}

void write_outputs(const runtime::Device& device, const std::vector<OutSpec>& outs,
                   const BufferMap& buffers) {
  for (const auto& out : outs) {
    const DeviceBuffer& buffer = buffers.at(out.buffer);
    std::vector<uint8_t> bytes(buffer.bytes);
    device.copy_to_host(bytes.data(), buffer.address, buffer.bytes);
    std::ofstream file(out.path, std::ios::binary);
    if (file) file.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    file.close();
    if (!file)
      throw Error(fmt::format("--out '{}={}': cannot write '{}': {}", out.buffer, out.path, out.path,
                              std::strerror(errno)));
    fmt::print("wrote {} ({} bytes) to {}\n", out.buffer, buffer.bytes, out.path);
  }
}

void print_summary(const LaunchOptions& opts, const LaunchPlan& plan,
                   const runtime::LaunchResult& result, double seconds) {
  fmt::print("mode                 {}\n", opts.functional ? "functional" : "timing");
  const auto dims = [](func::Dim3 d) { return fmt::format("{},{},{}", d.x, d.y, d.z); };
  fmt::print("kernel               {}\n", opts.kernel);
  fmt::print("grid                 {}\n", dims(plan.grid));
  fmt::print("block                {}\n", dims(plan.block));
  if (!opts.transform.empty()) fmt::print("transform            {}\n", opts.transform);
  if (!result.placement.empty()) fmt::print("virtual TBs          {}\n", result.placement);
  fmt::print("blocks               {}\n", result.blocks);
  fmt::print("warp instructions    {}\n", result.warp_instructions);
  fmt::print("thread instructions  {}\n", result.thread_instructions);
  if (!opts.functional) {
    fmt::print("cycles               {}\n", result.cycles);
    fmt::print("ipc                  {:.2f} thread instr/cycle\n",
               result.cycles ? double(result.thread_instructions) / double(result.cycles) : 0.0);
    // PTX alone does not say how many registers ptxas would give a thread.
    fmt::print("registers/thread     unknown: blocks were placed without a register limit\n");
  }
  fmt::print("host seconds         {:.3f}\n", seconds);
}

// The report --json writes: the launch's counts and, on the timing model,
// every counter of the run (what `scwarp run --json` reports for a workload).
nlohmann::json launch_json(const LaunchOptions& opts, const runtime::LaunchResult& result,
                           const gpu::TimingExecutor* timing) {
  nlohmann::json report = timing ? stats::to_json(timing->report()) : nlohmann::json::object();
  report["mode"] = opts.functional ? "functional" : "timing";
  report["kernel"] = opts.kernel;
  report["grid"] = opts.grid;
  report["block"] = opts.block;
  report["blocks"] = result.blocks;
  report["warp_instructions"] = result.warp_instructions;
  report["thread_instructions"] = result.thread_instructions;
  return report;
}

int launch(const LaunchOptions& opts) {
  const LaunchPlan plan = plan_launch(opts);
  require_regular_file(fmt::format("--ptx '{}'", opts.ptx_path), opts.ptx_path);
  std::unique_ptr<gpu::TimingExecutor> timing_owned;
  std::unique_ptr<stats::TraceWriter> trace;  // outlives the executor, which reports to it
  const config::LoadedConfig cfg = load_run_config(opts.config, opts.configs_dir);  // %envreg in both modes
  if (!opts.functional) {
    trace = open_trace(opts.trace, cfg.gpu);
    timing_owned = std::make_unique<gpu::TimingExecutor>(cfg.gpu, trace.get());
  }
  const gpu::TimingExecutor* timing = timing_owned.get();
  runtime::Device device(timing_owned ? std::unique_ptr<runtime::Executor>(std::move(timing_owned))
                                      : runtime::make_functional_executor(functional_instruction_limit(opts.config)));
  device.set_module_transform(ptx::parse_transform(opts.transform));
  device.set_envregs(cfg.gpu.envreg);
  const runtime::LoadedModule& module = device.load_module_file(opts.ptx_path);
  BufferMap buffers = create_buffers(device, plan.buffers);
  const HandleMap handles = create_objects(device, plan.objects, buffers);
  const runtime::KernelArgs args = kernel_args(plan.args, buffers, handles);
  const auto start = std::chrono::steady_clock::now();
  const runtime::LaunchResult result =
      device.launch(module, opts.kernel, plan.grid, plan.block, opts.shared_bytes, args);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  print_summary(opts, plan, result, seconds);
  finish_trace(trace.get(), opts.trace);
  write_outputs(device, plan.outs, buffers);
  if (!opts.json_path.empty()) write_json_file(opts.json_path, launch_json(opts, result, timing));
  return kExitOk;
}

}  // namespace

void add_launch_command(CLI::App& app, int& exit_status) {
  auto opts = std::make_shared<LaunchOptions>();
  CLI::App* cmd = app.add_subcommand(
      "launch", "Run one kernel of a PTX file on the timing model (or the functional engine) "
                "with buffers and arguments given here");
  cmd->add_option("--ptx", opts->ptx_path, "PTX file")->required();
  cmd->add_option("--kernel", opts->kernel, "Name of the .entry to launch")->required();
  cmd->add_option("--grid", opts->grid, "Grid dimensions X[,Y[,Z]]")->required();
  cmd->add_option("--block", opts->block, "Block dimensions X[,Y[,Z]]")->required();
  cmd->add_option("--shared", opts->shared_bytes, "Dynamic shared memory bytes per block")
      ->check(unsigned_text())
      ->capture_default_str();
  cmd->add_option("--buffer", opts->buffers,
                  "Device buffer NAME=file:PATH | NAME=zero:BYTES | NAME=seed:BYTES:SEED; repeatable");
  cmd->add_option("--texture", opts->textures,
                  "Texture object over a buffer: NAME=BUFFER:FORMAT:SHAPE[:OPTION...], SHAPE linear | 2d:WxH | "
                  "array:W[xH[xD]], OPTIONs pitch=BYTES layered cube filter=point|linear "
                  "address=MODE[,MODE[,MODE]] normalized read=element|normalized border=R,G,B,A; repeatable");
  cmd->add_option("--surface", opts->surfaces,
                  "Surface object over a CUDA array copied from a buffer: "
                  "NAME=BUFFER:FORMAT:array:W[xH[xD]][:layered][:cube]; repeatable");
  cmd->add_option("--arg", opts->args,
                  "Kernel argument in parameter order: TYPE:VALUE (u8 u16 u32 u64 s8 s16 s32 s64 "
                  "f32 f64), ptr:BUFFER, tex:TEXTURE or surf:SURFACE; repeatable");
  cmd->add_option("--out", opts->outs,
                  "After the launch write buffer (or array texture/surface) NAME to FILE: NAME=FILE; repeatable");
  cmd->add_option("--transform", opts->transform,
                  std::string("Transform the module before it runs: ") + ptx::transforms_help());
  cmd->add_option("--json", opts->json_path,
                  "Write the launch's report as JSON (on the timing model: every counter, as run --json)");
  CLI::Option* config = cmd->add_option("--config", opts->config.config,
                                        "GPU config file or name in configs/ (default: built-in gtx480)");
  CLI::Option* sched = cmd->add_option("--sched", opts->config.scheduler, "Issue scheduler policy");
  CLI::Option* fetch = cmd->add_option("--fetch", opts->config.fetch_policy, "Fetch policy");
  CLI::Option* set = cmd->add_option("--set", opts->config.sets, "Override a config option, NAME=VALUE");
  cmd->add_option("--configs-dir", opts->configs_dir, "Folder holding the <name>.config files")
      ->capture_default_str();
  CLI::Option* functional =
      cmd->add_flag("--functional", opts->functional, "Run on the functional engine only (no cycles)")
          ->excludes(config)
          ->excludes(sched)
          ->excludes(fetch)
          ->excludes(set);
  add_limit_options(cmd, opts->config, functional);
  add_trace_options(cmd, opts->trace, functional);
  cmd->callback([opts, &exit_status] { exit_status = launch(*opts); });
}

}  // namespace scwarp::cli
