// The functional SIMT engine: executes one warp instruction on demand with
// correct values. The functional-only runner and the timing model both drive
// it; the timing model calls step() at issue and uses the returned record to
// decide when things happen (execute-at-issue, as GPGPU-Sim does).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "sc_model/common/lane_count.h"
#include "sc_model/func/memory.h"
#include "sc_model/ptx/ir.h"
#include "sc_model/ptx/register_slots.h"

namespace scwarp::func {

inline constexpr unsigned kWarpSize = 32;
// PTX's %envreg0 .. %envreg31.
inline constexpr unsigned kEnvRegisters = 32;

struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;
  uint64_t count() const { return uint64_t(x) * y * z; }
};

class DeviceServices;  // device_services.h

// Everything fixed for one kernel launch.
struct LaunchSpec {
  const ptx::Module* module = nullptr;
  const ptx::Function* kernel = nullptr;
  Dim3 grid, block;
  uint32_t dynamic_shared_bytes = 0;
  std::vector<uint8_t> params;  // the kernel's parameter buffer, laid out per Function::params
  uint64_t global_segment = 0;  // device address of the module's .global variables
  uint64_t const_segment = 0;   // device address of the module's .const variables
  uint32_t sm_count = 1;        // %nsmid
  // Occupancy inputs for the timing model's TB dispatcher (runtime fills them).
  uint32_t registers_per_thread = 0;  // ptxas's count; 0 = unknown (no register limit applied)
  uint32_t static_shared_bytes = 0;   // per block, without the dynamic part
  uint64_t grid_id = 0;         // %gridid
  // Seed 002's large warps: rows of 32 threads that share one PC and one
  // re-convergence stack (1 = ordinary warps). The block must be whole large
  // warps.
  uint32_t large_warp_rows = 1;
  // printf's output and the device heap (device_services.h): the Device's,
  // which outlives the launch; null where no runtime::Device runs the engine.
  DeviceServices* services = nullptr;
  // What %envreg0..31 read: the driver's environment, which CUDA documents
  // no contents for; 0 unless the config says otherwise (-scwarp_envreg).
  std::array<uint32_t, kEnvRegisters> envreg{};
};

// What one executed warp instruction did, for the timing model and for stats.
struct ExecRecord {
  const ptx::Instr* instr = nullptr;
  uint32_t function = 0;     // index into Module::functions
  uint32_t pc = 0;           // instruction index in that function
  uint32_t active_mask = 0;  // lanes active at issue (before the guard predicate)
  uint32_t exec_mask = 0;    // lanes that executed (guard true)
  // memory instructions: the state space accessed (generic resolved to the
  // real one; Generic only when the lanes fell into different spaces), the
  // bytes each lane accessed and, for each lane of exec_mask, its address
  // within that space (`addr`, last below).
  ptx::Space mem_space = ptx::Space::None;
  uint32_t mem_bytes = 0;
  // branches
  bool is_branch = false;
  bool diverged = false;
  uint32_t taken_mask = 0;
  // warp state changes caused by this instruction
  bool reached_barrier = false;   // the warp now waits at a barrier
  bool released_barrier = false;  // this instruction released its block's barrier
  bool warp_exited = false;       // no active lanes left: the warp is done
  bool took_tb_index = false;     // nexttbid: the warp entered its next wrapper-loop iteration
  // Not the engine's: the timing model's mark for one issued piece of the
  // instruction, handed back at its writeback (a large warp's sub-warp), and
  // the register-file row that piece reads (a sub-warp's lowest row: its
  // register bank; 0 for an ordinary warp).
  uint32_t tag = 0;
  uint32_t rf_row = 0;
  // Each lane of exec_mask's address within mem_space (shared: offset in the
  // block's shared memory; local: offset in the thread's local frames;
  // global/const: device address). Other lanes' entries are stale. Last, so
  // a copy for a unit that reads no address can leave out most of the bytes
  // (copy_without_addresses).
  std::array<uint64_t, kWarpSize> addr{};
};

// `to` = `from` except the lane addresses, which keep their old values.
inline void copy_without_addresses(ExecRecord& to, const ExecRecord& from) {
  static_assert(std::is_trivially_copyable_v<ExecRecord> && std::is_standard_layout_v<ExecRecord>);
  static_assert(offsetof(ExecRecord, addr) + sizeof(ExecRecord::addr) == sizeof(ExecRecord),
                "the addresses must be the record's last member");
  std::memcpy(static_cast<void*>(&to), &from, offsetof(ExecRecord, addr));
}

// Why a virtual warp (a kernel using nexttbid, VTW) may not issue its next
// instruction now, whatever the scheduler wants (seed 004 Sec. 4.2.1, 4.4):
//   Skew:   nexttbid would take it two iterations ahead of a sibling;
//   Shared: it is an iteration ahead of a sibling and the instruction touches
//           shared memory (generic addresses resolved) or a barrier;
//   Index:  nexttbid needs a logical TB index nobody has been granted yet:
//           the caller asks the GPU-wide counter and calls grant_tb_index().
enum class SiblingHold : uint8_t { None, Skew, Shared, Index };
const char* to_string(SiblingHold h);

// A virtual TB's iterations: the lowest among its live warps and how many
// live warps are one further (they are never more than one apart).
struct IterationSpread {
  uint32_t min = 0;
  uint32_t ahead = 0;
};

enum class WarpState : uint8_t { Ready, AtBarrier, Exited };

class Block;
struct CallFrame;     // warp_state.h
struct BarrierTable;  // barrier_table.h
struct ExecContext;   // exec_context.h

// One warp's architectural state: per-lane registers of each call frame, the
// re-convergence stack, per-lane local memory.
class Warp {
 public:
  Warp();
  ~Warp();
  uint32_t id_in_block() const { return id_; }
  WarpState state() const { return large() ? large_state() : state_; }
  // pc of the instruction step() will execute, its function index, and the
  // lanes it runs on (kNoPc, 0, 0 without a frame; pc kNoPc once exited).
  uint32_t next_pc() const {
    const Warp& w = large() ? speaker() : *this;
    return w.state_ == WarpState::Exited ? ptx::kNoPc : w.top_.pc;
  }
  uint32_t next_function() const {
    const Warp& w = large() ? speaker() : *this;
    return w.state_ == WarpState::Exited ? 0 : w.top_.function;
  }
  uint32_t active_mask() const { return top_.mask; }
  uint32_t live_mask() const { return live_mask_; }  // lanes not exited
  uint64_t instructions() const { return instructions_; }
  uint32_t barrier() const { return barrier_; }      // the barrier it waits at (state AtBarrier) or last waited at
  // A large warp (LaunchSpec::large_warp_rows > 1) is named by its first
  // row: state(), next_pc() and next_function() above are then the large
  // warp's, and these count over its rows. An ordinary warp is its own row.
  bool large() const { return !rows_.empty(); }
  uint32_t rows() const { return large() ? uint32_t(rows_.size()) : 1; }
  const Warp& row(uint32_t r) const { return large() ? *rows_[r] : *this; }
  uint32_t active_threads() const {
    return large() ? large_active_threads() : lane_count(active_mask());
  }
  uint32_t live_threads() const { return large() ? large_live_threads() : lane_count(live_mask_); }
  // Virtual warps: the wrapper-loop iteration (1 = first logical TB, 0 before).
  uint32_t iteration() const { return iteration_; }

 private:
  friend class Engine;
  friend class Block;
  friend struct ExecContext;
  friend struct LargeWarpStep;
  // The row whose stack speaks for a large warp: its first with live lanes.
  const Warp& speaker() const;
  WarpState large_state() const;
  uint32_t large_active_threads() const;
  uint32_t large_live_threads() const;
  // Copies the innermost frame's function and the top of its stack into
  // top_: the engine calls it after every step and at creation, the only
  // times frames and stacks change.
  void sync_top();
  uint32_t id_ = 0;
  WarpState state_ = WarpState::Ready;
  // What next_pc(), next_function() and active_mask() return, kept by
  // sync_top(): the SM asks for them for every warp at every fetch and
  // issue, and the chase through the frames to the stack missed the cache.
  struct Top {
    uint32_t pc = ptx::kNoPc, function = 0, mask = 0;
  } top_;
  // The innermost call frame (frames_.back(), null with none), kept by
  // sync_top(): an instruction starts from it without the chase through
  // frames_, whose array is one more cache miss away.
  CallFrame* frame_ = nullptr;
  uint32_t live_mask_ = 0;
  uint64_t instructions_ = 0;
  // Call frames, innermost last; each holds its own re-convergence stack.
  std::vector<std::unique_ptr<CallFrame>> frames_;
  uint32_t barrier_ = 0;    // barrier waited at (state AtBarrier)
  // Virtual warps (virtual_tb.cc): iteration, instructions when it began, the
  // warp slot of the logical TB it works on, and where nexttbid placed it in
  // the order warps entered this iteration (for nexttid).
  uint32_t iteration_ = 0;
  uint64_t iteration_start_ = 0;
  uint32_t logical_warp_ = 0;
  uint32_t entry_rank_ = 0;
  uint32_t slowest_slot_ = 0;
  // A large warp's first row holds all its rows (itself first); empty otherwise.
  std::vector<Warp*> rows_;
  // Per-lane local memory: every call frame's .local variables, stacked.
  // Last: its 32 vectors would otherwise put the fields above, which every
  // fetch and issue reads (rows_ for large()), on cache lines of their own.
  std::array<std::vector<uint8_t>, kWarpSize> local_;
  uint64_t local_top_ = 0;  // bytes of local memory in use per lane
};

struct VirtualTb;  // virtual_tb.h

// One thread block: its warps, shared memory and barrier state.
class Block {
 public:
  Block();
  ~Block();
  Dim3 ctaid() const { return ctaid_; }
  uint64_t linear_id() const { return linear_id_; }
  size_t warp_count() const { return warps_.size(); }
  Warp& warp(size_t i) { return *warps_[i]; }
  // The warps the scheduler sees: the rows, or with large warps every
  // large_warp_rows-th row (which names its large warp).
  size_t scheduled_warp_count() const { return warps_.size() / rows_per_warp_; }
  Warp& scheduled_warp(size_t i) { return *warps_[i * rows_per_warp_]; }
  bool done() const;  // every warp exited

 private:
  friend class Engine;
  friend struct ExecContext;
  Dim3 ctaid_;
  uint64_t linear_id_ = 0;
  uint32_t rows_per_warp_ = 1;
  uint32_t smid_ = 0;
  std::vector<std::unique_ptr<Warp>> warps_;
  std::vector<uint8_t> shared_;
  std::unique_ptr<BarrierTable> barriers_;
  std::unique_ptr<VirtualTb> virtual_;  // null unless the kernel uses nexttbid
};

class Engine {
 public:
  Engine(GlobalMemory& mem, LaunchSpec spec);
  ~Engine();

  const LaunchSpec& spec() const { return spec_; }
  // Creates a block's warps, registers, shared and local memory.
  std::unique_ptr<Block> make_block(uint64_t linear_block_id, uint32_t smid = 0);
  // Executes the next instruction of a Ready warp. Throws scwarp::Error naming
  // kernel, block, thread, PC and address on a fault.
  ExecRecord step(Block& block, Warp& warp);
  // step() into a record the caller reuses (the timing model, once per issue):
  // every field is set except addr[], where only the lanes of a memory
  // instruction's exec_mask are written.
  void step_into(Block& block, Warp& warp, ExecRecord& rec);
  // Executes the next instruction of a large warp (large_warp.cc): `rec`
  // says what the instruction did to the large warp (its masks are the
  // union of the rows'; addresses are per row) and rows[r] is row r's part,
  // resized to the large warp's rows (an exited row's is empty: masks 0).
  void step_large(Block& block, Warp& warp, ExecRecord& rec, std::vector<ExecRecord>& rows);
  // For a block none of whose warps can make progress: throws scwarp::Error
  // saying which barrier can never release and which warps wait where.
  [[noreturn]] void report_deadlock(const Block& block) const;
  [[noreturn]] void report_runaway(const Block& block, uint64_t limit) const;
  // Runs a whole block to completion (functional mode): warps round robin, a
  // barrier that can never release is reported as an error, and so is a
  // block that executes more than `max_thread_instructions` (a kernel that
  // never ends: the message says where its warps are). Returns the thread
  // instructions executed.
  static constexpr uint64_t kNoLimit = ~uint64_t(0);
  uint64_t run_block(Block& block, uint64_t max_thread_instructions = kNoLimit);
  // Where a warp is: "<function>+<pc> (<file>:<line> '<instruction>')", or
  // "exited" / "at barrier N" where that says more.
  std::string where(const Warp& warp) const;

  // ---- virtual TBs and warps (VTW; virtual_tb.cc). For a kernel without
  // nexttbid every hold is None and the spread {0, 0}.
  bool uses_virtual_tbs() const { return virtual_kernel_; }
  SiblingHold sibling_hold(const Block& block, const Warp& warp) const;
  IterationSpread iterations(const Block& block) const;
  // The logical TB count the warp's head nexttbid names (its operand).
  uint64_t tb_index_bound(const Block& block, const Warp& warp) const;
  // The next logical TB index of `block`, granted by the GPU-wide counter
  // (the bound itself when none is left), for the iteration after the
  // highest any of its warps is in. Only while some warp is held with Index.
  void grant_tb_index(Block& block, uint64_t index);

  // Filled in by %clock/%clock64 reads; the timing model sets the current cycle.
  // Until it does (functional mode), a warp's clock is its own instruction
  // count: monotonic and deterministic, so timing loops in kernels terminate.
  void set_cycle(uint64_t cycle) {
    cycle_ = cycle;
    cycle_set_ = true;
  }

 private:
  friend struct ExecContext;
  // Where each .param symbol lives in its owning function's per-lane parameter
  // block: [own parameters | return values | call-site parameters].
  void lay_out_parameters();
  std::unique_ptr<CallFrame> make_frame(Warp& warp, uint32_t function) const;
  std::unique_ptr<Warp> make_warp(uint32_t id, uint32_t live_mask) const;
  void check_lane_modes() const;
  void check_large_warps() const;
  void group_rows(Block& block) const;
  static const ptx::Instr& head_instruction(const Warp& warp, CallFrame*& frame);
  bool touches_shared_or_barrier(Block& block, Warp& warp) const;
  bool may_issue(Block& block, const Warp& warp);

  GlobalMemory& mem_;
  LaunchSpec spec_;
  uint32_t kernel_index_ = 0;  // into Module::functions
  uint64_t cycle_ = 0;
  bool cycle_set_ = false;
  std::vector<uint64_t> param_offset_;       // by symbol index
  std::vector<uint64_t> param_block_bytes_;  // by function index
  // How a function's frames hold its registers, worked out at its first
  // frame (the launch's kernel and the functions it calls, not the whole
  // module's): the registers a new frame zeroes, those a thread may read
  // before writing (ptx::registers_read_before_written; the others' first
  // values are never seen, and zeroing a frame's every declared register
  // cost 2% of a paper-size run), and each register's slot
  // (ptx::assign_register_slots: registers whose live ranges never meet
  // share one, which keeps a warp's frame small and warm in the host's caches).
  struct FrameLayout {
    bool made = false;
    std::vector<uint32_t> read_first;
    ptx::RegisterSlots slots;
  };
  const FrameLayout& frame_layout(uint32_t function) const;
  mutable std::vector<FrameLayout> layouts_;  // by function index
  bool virtual_kernel_ = false;              // the kernel executes nexttbid
  uint64_t own_tb_counter_ = 0;              // run_block's grants (functional mode)
};

}  // namespace scwarp::func
