#include "sc_model/runtime/device.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <iostream>

#include "sc_model/common/error.h"
#include "sc_model/ptx/vtw_transform.h"
#include "sc_model/runtime/launch_checks.h"

namespace scwarp::runtime {

KernelArgs& KernelArgs::add_bytes(std::vector<uint8_t> bytes) {
  args_.push_back(Arg{std::move(bytes)});
  return *this;
}

Device::Device() : Device(make_functional_executor()) {}
Device::Device(std::unique_ptr<Executor> executor)
    : executor_(std::move(executor)),
      services_(executor_ ? executor_->device_heap_bytes() : 0),
      print_stream_(&std::cout) {
  if (!executor_) throw Error("device: no executor");
  mem_.set_capacity(executor_->device_memory_bytes());
}
Device::~Device() = default;

uint64_t Device::malloc(uint64_t bytes) { return mem_.allocate(bytes); }
void Device::free(uint64_t ptr) { mem_.release(ptr); }

func::TextureResource Device::malloc_array(func::ChannelFormat format, uint32_t width, uint32_t height,
                                           uint32_t depth, bool layered, bool cubemap) {
  func::TextureResource r;
  r.kind = func::ResourceKind::Array;
  r.format = format;
  r.width = width, r.height = height, r.depth = depth;
  r.layered = layered, r.cubemap = cubemap;
  r.pitch = uint64_t(width) * format.texel_bytes();
  std::string problem = func::shape_problem(r);
  if (!problem.empty()) throw Error("array: " + problem);
  r.address = mem_.allocate(r.bytes());
  return r;
}

uint64_t Device::create_texture_object(const func::TextureResource& resource, const func::TextureSampling& sampling) {
  check_resource_memory(resource);
  return services_.textures().create_texture(resource, sampling);
}

uint64_t Device::create_surface_object(const func::TextureResource& resource) {
  check_resource_memory(resource);
  return services_.textures().create_surface(resource);
}

void Device::destroy_texture_object(uint64_t handle) { services_.textures().destroy(handle); }

void Device::check_resource_memory(const func::TextureResource& resource) const {
  if (resource.width && !mem_.translate(resource.address, resource.bytes()))
    throw Error(fmt::format("texture resource of {} bytes at 0x{:x} is not inside one device allocation",
                            resource.bytes(), resource.address));
}
void Device::copy_to_device(uint64_t dst, const void* src, uint64_t bytes) {
  mem_.write(dst, src, bytes);
  executor_->copied_to_device(dst, bytes);
}
void Device::copy_to_host(void* dst, uint64_t src, uint64_t bytes) const {
  mem_.read(src, dst, bytes);
}

// The device address a module-scope initialiser refers to.
static uint64_t initializer_target(const LoadedModule& lm, uint32_t sym, const std::string& user) {
  const ptx::Symbol& s = lm.ir.symbols.at(sym);
  if (s.is_function) return func::function_address(s.function);
  if (s.space == ptx::Space::Global) return lm.global_segment + s.offset;
  if (s.space == ptx::Space::Const) return lm.const_segment + s.offset;
  throw Error(
      fmt::format("{}: initialiser of '{}' takes the address of '{}' in .{}, which has "
                  "no generic address at load time",
                  lm.ir.file, user, s.name, ptx::space_name(s.space)));
}

static void initialise_variables(func::GlobalMemory& mem, const LoadedModule& lm) {
  for (const ptx::Symbol& s : lm.ir.symbols) {
    if ((s.space != ptx::Space::Global && s.space != ptx::Space::Const) || s.is_function) continue;
    uint64_t base =
        (s.space == ptx::Space::Global ? lm.global_segment : lm.const_segment) + s.offset;
    std::vector<uint8_t> bytes = s.init;
    bytes.resize(std::min<uint64_t>(bytes.size(), s.size));
    for (const auto& [offset, target] : s.init_addrs) {
      if (offset + 8 > bytes.size())
        throw Error(fmt::format("{}: address initialiser of '{}' at byte {} is outside it",
                                lm.ir.file, s.name, offset));
      uint64_t value;
      std::memcpy(&value, bytes.data() + offset, 8);
      value += initializer_target(lm, target, s.name);
      std::memcpy(bytes.data() + offset, &value, 8);
    }
    mem.write(base, bytes.data(), bytes.size());
  }
}

const LoadedModule& Device::install_module(ptx::Module ir,
                                           std::map<std::string, KernelResources> resources) {
  auto lm = std::make_unique<LoadedModule>();
  lm->ir = transform_ ? transform_.apply(ir) : std::move(ir);
  lm->resources = std::move(resources);
  lm->global_segment = mem_.allocate(lm->ir.global_bytes);
  lm->const_segment = mem_.allocate(lm->ir.const_bytes);
  initialise_variables(mem_, *lm);
  modules_.push_back(std::move(lm));
  return *modules_.back();
}

const LoadedModule& Device::load_module(const std::string& ptx_text, const std::string& name,
                                        std::map<std::string, KernelResources> resources) {
  return install_module(ptx::parse_module(ptx_text, name), std::move(resources));
}

const LoadedModule& Device::load_module_file(const std::string& path) {
  return install_module(ptx::parse_module_file(path), {});
}

// Registers and static shared memory per block as ptxas counted them; without
// a report, registers stay unknown (0) and shared is the PTX layout's total.
static void set_resources(func::LaunchSpec& spec, const LoadedModule& module,
                          const std::string& kernel) {
  auto it = module.resources.find(kernel);
  if (it == module.resources.end()) {
    spec.static_shared_bytes = uint32_t(spec.kernel->static_shared_bytes);
    return;
  }
  spec.registers_per_thread = it->second.registers;
  spec.static_shared_bytes = it->second.shared_bytes;
}

Dim3 Device::virtual_launch(const LoadedModule& module, const ptx::Function& fn, Dim3 logical, Dim3 block,
                            uint32_t dynamic_shared_bytes, KernelArgs& args, LaunchResult& note) const {
  for (uint32_t d : {logical.x, logical.y, logical.z}) args.add(d);
  KernelResources resources;
  auto it = module.resources.find(fn.name);
  const bool counted = it != module.resources.end();
  if (counted) resources = it->second;
  else resources.shared_bytes = uint32_t(fn.static_shared_bytes);
  const SmLimits sm = executor_->sm_limits();
  const uint32_t per_sm = resident_blocks_per_sm(resources, uint32_t(block.count()), dynamic_shared_bytes, sm);
  if (per_sm == 0)
    throw Error(fmt::format("kernel {}: one block of {} threads does not fit an SM; no virtual TB can run",
                            fn.name, block.count()));
  const uint64_t resident = uint64_t(per_sm) * sm.sms;
  const uint64_t virtual_tbs = std::min<uint64_t>(resident, logical.count());
  note.logical_blocks = logical.count();
  note.placement = fmt::format(
      "{} virtual TBs for {} logical TBs: {} per SM x {} SMs, counted with {}", virtual_tbs, logical.count(),
      per_sm, sm.sms,
      counted ? fmt::format("ptxas's {} registers per thread", resources.registers)
              : std::string("no register limit (no ptxas count for this kernel)"));
  return Dim3{uint32_t(virtual_tbs), 1, 1};
}

// What the kernel printed goes out even when the launch fails: the lines
// before a failed assert are how a user finds out why.
LaunchResult Device::execute_printing(const func::LaunchSpec& spec) {
  auto flush = [&] { *print_stream_ << services_.take_output() << std::flush; };
  try {
    LaunchResult r = executor_->execute(mem_, spec);
    flush();
    return r;
  } catch (...) {
    flush();
    throw;
  }
}

LaunchResult Device::launch(const LoadedModule& module, const std::string& kernel, Dim3 grid,
                            Dim3 block, uint32_t dynamic_shared_bytes, const KernelArgs& given_args) {
  const ptx::Function& fn = find_kernel(module.ir, kernel);
  ptx::check_kernel(module.ir, fn);
  check_launch_shape(fn, grid, block, dynamic_shared_bytes);
  KernelArgs args = given_args;
  LaunchResult virtual_note;
  if (ptx::is_vtw_kernel(module.ir, fn))
    grid = virtual_launch(module, fn, grid, block, dynamic_shared_bytes, args, virtual_note);
  func::LaunchSpec spec;
  spec.module = &module.ir;
  spec.kernel = &fn;
  spec.grid = grid;
  spec.block = block;
  spec.dynamic_shared_bytes = dynamic_shared_bytes;
  spec.params = build_parameter_buffer(module.ir, fn, args);
  spec.global_segment = module.global_segment;
  spec.const_segment = module.const_segment;
  spec.grid_id = ++launches_;
  set_resources(spec, module, kernel);
  spec.services = &services_;
  spec.envreg = envregs_;
  LaunchResult r = execute_printing(spec);
  r.logical_blocks = virtual_note.logical_blocks;
  r.placement = virtual_note.placement;
  totals_.thread_instructions += r.thread_instructions;
  totals_.warp_instructions += r.warp_instructions;
  totals_.blocks += r.blocks;
  totals_.cycles += r.cycles;
  totals_.logical_blocks += r.logical_blocks;
  if (!r.placement.empty() && totals_.placement.find(r.placement) == std::string::npos)
    totals_.placement += (totals_.placement.empty() ? "" : "; ") + r.placement;
  return r;
}

}  // namespace scwarp::runtime
