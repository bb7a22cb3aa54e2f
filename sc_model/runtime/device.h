// Host API, shaped like the CUDA driver API: load a PTX module, manage device
// memory, launch a kernel by name with typed arguments. Where a launch runs is
// an Executor: functional (this layer) or the timing model (gpu/).
#pragma once

#include <cstdint>
#include <cstring>
#include <map>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "sc_model/func/device_services.h"
#include "sc_model/func/engine.h"
#include "sc_model/func/memory.h"
#include "sc_model/runtime/occupancy.h"
#include "sc_model/ptx/ir.h"
#include "sc_model/ptx/transform_spec.h"

namespace scwarp::runtime {

using func::Dim3;

// Kernel arguments in order, each with its byte size; checked against the
// kernel's .param list at launch (count and sizes).
class KernelArgs {
 public:
  template <typename T>
  KernelArgs& add(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    Arg a;
    a.bytes.resize(sizeof(T));
    std::memcpy(a.bytes.data(), &value, sizeof(T));
    args_.push_back(std::move(a));
    return *this;
  }
  KernelArgs& add_bytes(std::vector<uint8_t> bytes);
  size_t size() const { return args_.size(); }
  const std::vector<uint8_t>& bytes(size_t i) const { return args_[i].bytes; }

 private:
  struct Arg {
    std::vector<uint8_t> bytes;
  };
  std::vector<Arg> args_;
};

struct LoadedModule {
  ptx::Module ir;
  uint64_t global_segment = 0;
  uint64_t const_segment = 0;
  // ptxas's report per kernel name, where the loader had one (workloads do).
  std::map<std::string, KernelResources> resources;
};

struct LaunchResult {
  uint64_t thread_instructions = 0;
  uint64_t warp_instructions = 0;
  uint64_t blocks = 0;
  uint64_t cycles = 0;          // 0 in functional mode
  // A kernel transformed for VTW: the logical TBs asked for, and how the
  // virtual TBs launched for them were counted (empty otherwise).
  uint64_t logical_blocks = 0;
  std::string placement;
};

// Runs one prepared launch to completion. The functional executor is the
// default; the timing model provides its own.
class Executor {
 public:
  virtual ~Executor() = default;
  virtual LaunchResult execute(func::GlobalMemory& mem, const func::LaunchSpec& spec) = 0;
  // Told of every host-to-device copy, in order, after its bytes are in
  // memory (the timing model may warm its L2 with it, -gpgpu_perf_sim_memcpy).
  virtual void copied_to_device(uint64_t dst, uint64_t bytes) { (void)dst, (void)bytes; }
  // The device memory the Device may allocate (the timing model: its config's).
  virtual uint64_t device_memory_bytes() const { return func::kDefaultDeviceMemoryBytes; }
  // The device heap kernels' malloc draws from (the timing model: its config's).
  virtual uint64_t device_heap_bytes() const { return func::kDefaultDeviceHeapBytes; }
  // The SMs blocks are placed on (a VTW kernel launches as many TBs as fit at once).
  virtual SmLimits sm_limits() const { return kGtx480; }
};
// A kernel launch may execute at most `max_thread_instructions` on the
// functional engine; past it, the run fails saying where every warp of the
// running block is (an endless loop must not hang the program). The default
// is far above any of our workloads (the largest runs under 2e8).
inline constexpr uint64_t kDefaultMaxThreadInstructions = 10'000'000'000ull;
// `sm`: the GPU a VTW kernel's virtual TBs are counted for (Device::launch).
// `large_warp_rows`: LaunchSpec::large_warp_rows of every launch.
std::unique_ptr<Executor> make_functional_executor(uint64_t max_thread_instructions = kDefaultMaxThreadInstructions,
                                                   const SmLimits& sm = kGtx480, uint32_t large_warp_rows = 1);

class Device {
 public:
  Device();
  explicit Device(std::unique_ptr<Executor> executor);
  ~Device();

  uint64_t malloc(uint64_t bytes);
  void free(uint64_t ptr);
  void copy_to_device(uint64_t dst, const void* src, uint64_t bytes);
  void copy_to_host(void* dst, uint64_t src, uint64_t bytes) const;

  template <typename T>
  uint64_t upload(const std::vector<T>& v) {
    uint64_t p = malloc(v.size() * sizeof(T));
    copy_to_device(p, v.data(), v.size() * sizeof(T));
    return p;
  }
  template <typename T>
  std::vector<T> download(uint64_t p, size_t count) const {
    std::vector<T> v(count);
    copy_to_host(v.data(), p, count * sizeof(T));
    return v;
  }

  // Texture and surface objects (func/texture.h), as CUDA's runtime makes
  // them: a CUDA array is device memory holding packed texels
  // (cudaMalloc3DArray; fill it with copy_to_device at its address, rows of
  // width x texel bytes, then slices); a texture object reads a Linear,
  // Pitch2D or Array resource with the given sampling; a surface object
  // reads and writes an Array. The handle is the kernel's 64-bit parameter
  // (args.add(handle)). Bad descriptions throw scwarp::Error naming the field.
  func::TextureResource malloc_array(func::ChannelFormat format, uint32_t width, uint32_t height = 0,
                                     uint32_t depth = 0, bool layered = false, bool cubemap = false);
  uint64_t create_texture_object(const func::TextureResource& resource, const func::TextureSampling& sampling);
  uint64_t create_surface_object(const func::TextureResource& resource);
  void destroy_texture_object(uint64_t handle);  // either kind; the memory stays allocated

  // Parses and loads a module: allocates and initialises its .global/.const
  // variables. The returned reference stays valid for the Device's lifetime.
  const LoadedModule& load_module(const std::string& ptx_text, const std::string& name,
                                  std::map<std::string, KernelResources> resources = {});
  const LoadedModule& load_module_file(const std::string& path);
  // Every module loaded from now on is transformed first (`--transform`).
  void set_module_transform(ptx::ModuleTransform transform) { transform_ = std::move(transform); }
  const std::string& module_transform() const { return transform_.name; }

  // Checks the kernel (unsupported instructions, argument count and sizes,
  // block size limits) and runs it. Throws scwarp::Error on any problem.
  // A kernel transformed for VTW (ptx/vtw_transform.h) takes the original
  // kernel's arguments and grid: the launch adds the logical grid parameters
  // and runs NumVirtualTBs = min(TBs resident at once, logical TBs) TBs.
  LaunchResult launch(const LoadedModule& module, const std::string& kernel, Dim3 grid,
                      Dim3 block, uint32_t dynamic_shared_bytes, const KernelArgs& args);

  // What %envreg0..31 read in launches from now on (all 0 unless set).
  void set_envregs(const std::array<uint32_t, func::kEnvRegisters>& values) { envregs_ = values; }

  // Where the text kernels print goes (std::cout unless told), written after
  // each launch, also one that fails, in block, warp, lane and program order.
  void set_print_stream(std::ostream& out) { print_stream_ = &out; }

  // Totals over every launch so far.
  const LaunchResult& totals() const { return totals_; }
  func::GlobalMemory& memory() { return mem_; }

 private:
  // Allocates and initialises the module's .global/.const variables.
  const LoadedModule& install_module(ptx::Module ir,
                                     std::map<std::string, KernelResources> resources);

  // A VTW kernel's launch: its grid parameters appended, its virtual grid.
  Dim3 virtual_launch(const LoadedModule& module, const ptx::Function& fn, Dim3 logical, Dim3 block,
                      uint32_t dynamic_shared_bytes, KernelArgs& args, LaunchResult& note) const;

  LaunchResult execute_printing(const func::LaunchSpec& spec);
  // A texture resource's texels must lie in one allocation (bytes() of them).
  void check_resource_memory(const func::TextureResource& resource) const;

  func::GlobalMemory mem_;
  std::unique_ptr<Executor> executor_;
  func::DeviceServices services_;
  std::ostream* print_stream_;
  std::vector<std::unique_ptr<LoadedModule>> modules_;
  LaunchResult totals_;
  ptx::ModuleTransform transform_;
  uint64_t launches_ = 0;   // %gridid of the next launch minus one
  std::array<uint32_t, func::kEnvRegisters> envregs_{};
};

}  // namespace scwarp::runtime
