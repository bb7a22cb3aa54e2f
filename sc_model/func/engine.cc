#include "sc_model/func/engine.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstring>

#include "sc_model/common/error.h"
#include "sc_model/func/barrier_table.h"
#include "sc_model/func/exec_context.h"
#include "sc_model/func/virtual_tb.h"
#include "sc_model/func/warp_state.h"
#include "sc_model/ptx/read_before_write.h"

namespace scwarp::func {

using ptx::Opcode;

// Instructions a warp runs before run_block turns to the next warp: long
// enough for locality, short enough that warps spinning on a flag another
// warp sets still make progress.
constexpr unsigned kRoundRobinQuantum = 1024;

Warp::Warp() = default;
Warp::~Warp() = default;

// A large warp's are those of its speaker row (whose frames are its own).
void Warp::sync_top() {
  if (frames_.empty()) {
    top_ = Top{};
    frame_ = nullptr;
    return;
  }
  frame_ = frames_.back().get();
  const CallFrame& f = *frame_;
  // A row of a large warp may hold an emptied stack until its rows pop together.
  top_ = f.stack.empty() ? Top{ptx::kNoPc, f.function, 0} : Top{f.stack.back().pc, f.function, f.stack.back().mask};
}

Block::Block() = default;
Block::~Block() = default;

bool Block::done() const {
  return std::all_of(warps_.begin(), warps_.end(),
                     [](const auto& w) { return w->state() == WarpState::Exited; });
}

Engine::Engine(GlobalMemory& mem, LaunchSpec spec) : mem_(mem), spec_(std::move(spec)) {
  if (!spec_.module || !spec_.kernel) throw Error("engine: launch without module or kernel");
  auto it = spec_.module->function_index.find(spec_.kernel->name);
  if (it == spec_.module->function_index.end())
    throw Error("engine: kernel " + spec_.kernel->name + " is not in its module");
  kernel_index_ = it->second;
  if (spec_.kernel->local_bytes > kMaxLocalBytesPerThread)
    throw Error(fmt::format("kernel {} needs {} bytes of local memory per thread; the limit is {}",
                            spec_.kernel->name, spec_.kernel->local_bytes,
                            kMaxLocalBytesPerThread));
  lay_out_parameters();
  layouts_.resize(spec_.module->functions.size());
  virtual_kernel_ = kernel_uses_virtual_tbs(*spec_.kernel);
  check_lane_modes();
  check_large_warps();
}

// nexttid's slot-moving modes move whole warps between logical warp slots, so
// the block must be whole warps (seed 004 Sec. 4.2.2 assumes it).
void Engine::check_lane_modes() const {
  if (spec_.block.count() % kWarpSize == 0) return;
  for (const ptx::Instr& in : spec_.kernel->code)
    if (in.op == Opcode::NextTid && in.lane_mode != ptx::LaneMode::Same)
      throw Error(fmt::format("{}:{}: kernel {}: '{}' moves whole warps between thread-index slots, which needs "
                              "a block of whole warps; this launch has {} threads per block (use nexttid.same)",
                              spec_.module->file, in.line, spec_.kernel->name, in.text, spec_.block.count()));
}

Engine::~Engine() = default;

static uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

void Engine::lay_out_parameters() {
  const ptx::Module& m = *spec_.module;
  param_offset_.assign(m.symbols.size(), 0);
  param_block_bytes_.assign(m.functions.size(), 0);
  std::vector<bool> formal(m.symbols.size(), false);
  for (size_t f = 0; f < m.functions.size(); ++f) {
    const ptx::Function& fn = m.functions[f];
    uint64_t end = fn.param_bytes;
    for (uint32_t s : fn.params) {
      formal[s] = true;
      param_offset_[s] = m.symbols[s].offset;
      end = std::max(end, m.symbols[s].offset + m.symbols[s].size);
    }
    uint64_t ret_base = align_up(end, 16);
    for (uint32_t s : fn.rets) {
      formal[s] = true;
      param_offset_[s] = ret_base + m.symbols[s].offset;
      end = std::max(end, param_offset_[s] + m.symbols[s].size);
    }
    param_block_bytes_[f] = end;
  }
  // Call-site parameters ({ .param .b32 param0; ... }) each get their own
  // storage after the formal ones of the function declaring them.
  for (size_t s = 0; s < m.symbols.size(); ++s) {
    const ptx::Symbol& sym = m.symbols[s];
    if (sym.space != ptx::Space::Param || formal[s] || sym.owner >= m.functions.size()) continue;
    uint64_t& end = param_block_bytes_[sym.owner];
    param_offset_[s] = align_up(end, std::max<uint64_t>(sym.align, 8));
    end = param_offset_[s] + sym.size;
  }
  for (uint64_t& bytes : param_block_bytes_) bytes = align_up(bytes, 8);
}

const Engine::FrameLayout& Engine::frame_layout(uint32_t function) const {
  FrameLayout& layout = layouts_[function];
  if (layout.made) return layout;
  const ptx::Function& fn = spec_.module->functions[function];
  layout.read_first = ptx::registers_read_before_written(fn);
  layout.slots = ptx::assign_register_slots(fn);
  layout.made = true;
  return layout;
}

std::unique_ptr<CallFrame> Engine::make_frame(Warp& warp, uint32_t function) const {
  const ptx::Function& fn = spec_.module->functions[function];
  const FrameLayout& layout = frame_layout(function);
  auto frame = std::make_unique<CallFrame>();
  frame->function = function;
  frame->fn = &fn;
  frame->slots = layout.slots.slot.data();
  frame->regs = std::make_unique_for_overwrite<uint64_t[]>(size_t(layout.slots.count) * kWarpSize);
  for (uint32_t r : layout.read_first) std::fill_n(frame->reg(r), kWarpSize, uint64_t(0));
  frame->param_stride = param_block_bytes_[function];
  frame->params.assign(frame->param_stride * kWarpSize, 0);
  frame->local_base = align_up(warp.local_top_, 16);
  warp.local_top_ = frame->local_base + fn.local_bytes;
  for (auto& lane_memory : warp.local_)
    if (lane_memory.size() < warp.local_top_) lane_memory.resize(warp.local_top_);
  return frame;
}

std::unique_ptr<Block> Engine::make_block(uint64_t linear_block_id, uint32_t smid) {
  auto block = std::make_unique<Block>();
  const Dim3& g = spec_.grid;
  block->ctaid_ = Dim3{uint32_t(linear_block_id % g.x), uint32_t(linear_block_id / g.x % g.y),
                       uint32_t(linear_block_id / (uint64_t(g.x) * g.y))};
  block->linear_id_ = linear_block_id;
  block->smid_ = smid;
  uint64_t shared = spec_.kernel->static_shared_bytes;
  if (spec_.dynamic_shared_bytes)
    shared = std::max(shared, spec_.kernel->dynamic_shared_offset + spec_.dynamic_shared_bytes);
  block->shared_.assign(shared, 0);
  block->barriers_ = std::make_unique<BarrierTable>();
  if (virtual_kernel_) block->virtual_ = std::make_unique<VirtualTb>();

  uint64_t threads = spec_.block.count();
  for (uint64_t first = 0; first < threads; first += kWarpSize) {
    uint64_t lanes = std::min<uint64_t>(kWarpSize, threads - first);
    uint32_t live = lanes == kWarpSize ? 0xffffffffu : (1u << lanes) - 1;
    block->warps_.push_back(make_warp(uint32_t(first / kWarpSize), live));
  }
  group_rows(*block);
  return block;
}

// A warp at the kernel's first instruction, every lane holding a copy of the
// launch parameters.
std::unique_ptr<Warp> Engine::make_warp(uint32_t id, uint32_t live_mask) const {
  auto warp = std::make_unique<Warp>();
  warp->id_ = id;
  warp->logical_warp_ = id;
  warp->live_mask_ = live_mask;
  auto frame = make_frame(*warp, kernel_index_);
  size_t n = std::min<size_t>(spec_.params.size(), frame->param_stride);
  // A kernel without parameters has no parameter area: memcpy may not be
  // given its null pointer even for 0 bytes (UBSan).
  if (n > 0)
    for (unsigned l = 0; l < kWarpSize; ++l) std::memcpy(frame->lane_params(l), spec_.params.data(), n);
  frame->stack.push_back(StackEntry{0, live_mask, ptx::kNoPc});
  warp->frames_.push_back(std::move(frame));
  warp->sync_top();
  return warp;
}

uint32_t guard_mask(CallFrame& frame, const ptx::Instr& in, uint32_t active) {
  if (in.guard == ptx::kNoReg) return active;
  const uint64_t* p = frame.reg(in.guard);
  uint32_t want = in.guard_neg ? 0 : 1;
  uint32_t mask = 0;
  for_lanes(active, [&](unsigned l) { mask |= uint32_t((p[l] & 1) == want) << l; });
  return mask;
}

void execute(ExecContext& c) {
  switch (c.in.op) {
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Mul:
    case Opcode::Mad:
    case Opcode::Div:
    case Opcode::Rem:
    case Opcode::Abs:
    case Opcode::Neg:
    case Opcode::Min:
    case Opcode::Max:
    case Opcode::Fma:
    case Opcode::Copysign:
      if (ptx::is_float(c.in.type)) return exec_float(c);
      return exec_integer(c);
    case Opcode::Mul24:
    case Opcode::Mad24:
    case Opcode::Sad:
    case Opcode::Addc:
    case Opcode::Subc:
    case Opcode::Madc: return exec_integer(c);
    case Opcode::Rcp:
    case Opcode::Sqrt:
    case Opcode::Rsqrt:
    case Opcode::Ex2:
    case Opcode::Lg2:
    case Opcode::Sin:
    case Opcode::Cos:
    case Opcode::Tanh: return exec_float(c);
    case Opcode::And:
    case Opcode::Or:
    case Opcode::Xor:
    case Opcode::Not:
    case Opcode::Cnot:
    case Opcode::Shl:
    case Opcode::Shr:
    case Opcode::Bfe:
    case Opcode::Bfi:
    case Opcode::Bfind:
    case Opcode::Popc:
    case Opcode::Clz:
    case Opcode::Brev:
    case Opcode::Prmt:
    case Opcode::Bmsk:
    case Opcode::Vabsdiff4:
    case Opcode::Shf:
    case Opcode::Dp4a:
    case Opcode::Dp2a: return exec_bits(c);
    case Opcode::Setp:
    case Opcode::Set:
    case Opcode::Selp:
    case Opcode::Slct:
    case Opcode::Testp: return exec_compare(c);
    case Opcode::Cvt: return exec_convert(c);
    case Opcode::Mov:
    case Opcode::Cvta:
    case Opcode::Isspacep: return exec_move(c);
    case Opcode::Ld:
    case Opcode::Ldu:
    case Opcode::St: return exec_memory(c);
    case Opcode::Atom:
    case Opcode::Red: return exec_atomic(c);
    case Opcode::Shfl:
    case Opcode::Vote:
    case Opcode::Match:
    case Opcode::Activemask:
    case Opcode::Redux: return exec_warp_level(c);
    case Opcode::NextTbId:
    case Opcode::NextTid: return exec_virtual(c);
    case Opcode::Tex:
    case Opcode::Tld4:
    case Opcode::Txq:
    case Opcode::Suld:
    case Opcode::Sust:
    case Opcode::Suq: return exec_texture(c);
    case Opcode::Bra: return c.branch(c.in.ops.at(0).target, c.exec);
    case Opcode::Call: return c.call();
    case Opcode::Ret: return c.ret();
    case Opcode::Exit: return c.exit_lanes();
    case Opcode::Trap:
      if (c.exec) c.fault(unsigned(std::countr_zero(c.exec)), "trap executed");
      return;
    case Opcode::BarSync:
    case Opcode::BarRed: return c.barrier(true);
    case Opcode::BarArrive: return c.barrier(false);
    // No data effect in a functional model that runs one warp at a time and
    // makes every store visible at once.
    case Opcode::BarWarpSync:
    case Opcode::Membar:
    case Opcode::Fence:
    case Opcode::Nanosleep:
    case Opcode::Prefetch:
    case Opcode::Pmevent:
    case Opcode::Brkpt: return;
    case Opcode::Brx:
    case Opcode::Unsupported: c.unsupported(std::string("instruction '") + c.in.text + "'");
  }
}

void begin_record(ExecRecord& rec, CallFrame& frame, uint32_t pc, uint32_t active) {
  const ptx::Instr& in = frame.fn->code[pc];
  rec.instr = &in;
  rec.function = frame.function;
  rec.pc = pc;
  rec.active_mask = active;
  rec.exec_mask = guard_mask(frame, in, active);
  rec.mem_space = ptx::Space::None;
  rec.mem_bytes = 0;
  rec.is_branch = rec.diverged = false;
  rec.taken_mask = 0;
  rec.reached_barrier = rec.released_barrier = rec.warp_exited = false;
}

ExecRecord Engine::step(Block& block, Warp& warp) {
  ExecRecord rec;
  step_into(block, warp, rec);
  return rec;
}

void Engine::step_into(Block& block, Warp& warp, ExecRecord& rec) {
  if (warp.state_ != WarpState::Ready)
    throw Error(fmt::format("engine: step on warp {} that is not ready", warp.id_));
  // The stack's top as sync_top() left it after the warp's last step.
  CallFrame& frame = *warp.frame_;
  const uint32_t pc = warp.top_.pc;
  if (pc >= frame.fn->code.size())
    throw Error(fmt::format("kernel {}: warp {} ran past the end of function {} (no ret/exit)",
                            spec_.kernel->name, warp.id_, frame.fn->name));
  const ptx::Instr& in = frame.fn->code[pc];
  begin_record(rec, frame, pc, warp.top_.mask);
  ExecContext c{*this, block, warp, frame, in, rec, pc, rec.exec_mask};
  execute(c);
  if (!c.stack_updated) {
    c.top().pc = pc + 1;
    c.normalize_stack();
  }
  warp.sync_top();
  ++warp.instructions_;
}

uint64_t Engine::run_block(Block& block, uint64_t max_thread_instructions) {
  uint64_t thread_instructions = 0;
  ExecRecord rec;
  std::vector<ExecRecord> rows;
  while (!block.done()) {
    bool progressed = false;
    for (size_t w = 0; w < block.scheduled_warp_count(); ++w) {
      Warp& warp = block.scheduled_warp(w);
      for (unsigned i = 0; i < kRoundRobinQuantum && may_issue(block, warp); ++i) {
        if (warp.large()) {
          step_large(block, warp, rec, rows);
          for (const ExecRecord& row : rows) thread_instructions += lane_count(row.exec_mask);
        } else {
          step_into(block, warp, rec);
          thread_instructions += lane_count(rec.exec_mask);  // guard-true lanes, as GPGPU-Sim
        }
        progressed = true;
      }
    }
    if (!progressed && !block.done()) report_deadlock(block);
    if (thread_instructions > max_thread_instructions) report_runaway(block, max_thread_instructions);
  }
  return thread_instructions;
}

// run_block's turn for a warp: Ready and not held for its siblings. A warp
// waiting for a logical TB index gets it at once from this engine's own
// counter (the functional runner has no GPU to ask).
bool Engine::may_issue(Block& block, const Warp& warp) {
  if (warp.state() != WarpState::Ready) return false;
  const SiblingHold hold = sibling_hold(block, warp);
  if (hold == SiblingHold::Index) {
    const uint64_t bound = tb_index_bound(block, warp);
    grant_tb_index(block, std::min(own_tb_counter_, bound));
    own_tb_counter_ = std::min(own_tb_counter_ + 1, bound);
    return true;
  }
  return hold == SiblingHold::None;
}

std::string Engine::where(const Warp& warp) const {
  if (warp.state() == WarpState::Exited) return "exited";
  const ptx::Function& f = spec_.module->functions.at(warp.next_function());
  const ptx::Instr& instr = f.code.at(warp.next_pc());
  const std::string at = fmt::format("{}+{} ({}:{} '{}')", f.name, warp.next_pc(), spec_.module->file, instr.line,
                                     instr.text);
  return warp.state() == WarpState::AtBarrier ? fmt::format("at barrier {}: {}", warp.barrier_, at) : at;
}

void Engine::report_runaway(const Block& block, uint64_t limit) const {
  std::string warps;
  for (const auto& w : block.warps_)
    warps += fmt::format("{}warp {} {}", warps.empty() ? "" : "; ", w->id_in_block(), where(*w));
  throw Error(fmt::format("kernel {} block ({},{},{}) did not finish within {} thread instructions (a kernel that "
                          "never ends? raise the limit with --max-instructions): {}",
                          spec_.kernel->name, block.ctaid().x, block.ctaid().y, block.ctaid().z, limit, warps));
}

}  // namespace scwarp::func
