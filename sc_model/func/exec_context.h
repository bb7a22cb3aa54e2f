// Everything one warp instruction's execution needs, plus the typed lane-loop
// helpers every opcode family is written with: an opcode picks its C++ type
// once (dispatch_*), then runs one tight loop over the executing lanes.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <type_traits>

#include "sc_model/func/engine.h"
#include "sc_model/func/warp_state.h"
#include "sc_model/ptx/device_calls.h"
#include "sc_model/ptx/ir.h"

namespace scwarp::func {

// One source operand across the lanes: registers are read in place, an
// immediate or other warp-uniform value is copied to every lane of a
// scratch array, so every operand is read alike and per-lane loops compile
// to plain (vectorisable) loops.
struct Lanes {
  const uint64_t* p;
  uint64_t operator[](unsigned lane) const { return p[lane]; }
};

// A large warp executes an instruction row by row; its control flow is
// decided for the whole large warp (large_warp.cc), from these.
struct LargeWarpLanes {
  bool any_exec = false;  // some row executes it
  bool all_exec = false;  // every row executes it on all its active lanes
};

struct ExecContext {
  // A constructor, not aggregate initialisation: the scratch arrays must stay
  // uninitialised (zeroing 1.5 KB per instruction would cost real time).
  ExecContext(Engine& e, Block& b, Warp& w, CallFrame& f, const ptx::Instr& i, ExecRecord& r,
              uint32_t pc_, uint32_t exec_)
      : engine(e), block(b), warp(w), frame(f), in(i), rec(r), pc(pc_), exec(exec_) {}

  Engine& engine;
  Block& block;
  Warp& warp;
  CallFrame& frame;
  const ptx::Instr& in;
  ExecRecord& rec;
  uint32_t pc;
  uint32_t exec;  // lanes that execute (active and guard true)
  // Set by control flow that positioned the stack itself (branch, call, ret,
  // exit, barrier); otherwise the warp simply moves to pc + 1.
  bool stack_updated = false;
  // Set while a large warp's row executes: control flow then decides on the
  // whole large warp and leaves popping the stacks to it.
  const LargeWarpLanes* large = nullptr;
  std::array<std::array<uint64_t, kWarpSize>, 5> scratch;  // materialised operands
  std::array<uint64_t, kWarpSize> sink;                    // writes to `_`

  // ---- operands
  uint64_t* reg(uint32_t r) { return frame.reg(r); }
  uint64_t* dst(unsigned i);
  Lanes src(unsigned i);
  Lanes operand_lanes(const ptx::Operand& o, std::array<uint64_t, kWarpSize>& buf);
  uint64_t symbol_address(uint32_t sym, ptx::Space* space = nullptr) const;
  uint64_t special_register(ptx::Sreg s, unsigned comp, unsigned lane) const;

  // ---- identity for diagnostics
  const ptx::Module& module() const { return *engine.spec().module; }
  Dim3 thread_index(unsigned lane) const;
  // "kernel K block (x,y,z) thread (x,y,z) function F pc N (file:line: text)"
  std::string where(unsigned lane) const;
  std::string block_name() const;
  [[noreturn]] void fault(unsigned lane, const std::string& what) const;
  [[noreturn]] void unsupported(const std::string& what) const;

  // ---- private state of the block/warp that opcode files need
  std::vector<uint8_t>& shared() { return block.shared_; }
  std::array<std::vector<uint8_t>, kWarpSize>& local() { return warp.local_; }
  uint64_t local_top() const { return warp.local_top_; }
  GlobalMemory& memory() { return engine.mem_; }
  uint64_t param_offset(uint32_t sym) const { return engine.param_offset_[sym]; }
  uint64_t cycle() const { return engine.cycle_; }
  uint32_t block_live_warps() const;
  StackEntry& top() { return frame.stack.back(); }
  CallFrame& kernel_frame() { return *warp.frames_.front(); }

  // ---- control flow and barriers (control_flow.cc, barriers.cc)
  void branch(uint32_t target, uint32_t taken);
  void call();
  void ret();
  void exit_lanes();
  void barrier(bool wait);
  bool try_release(uint32_t id);  // releases barrier id if it can; true if it did
  // After the warps a barrier waits for became fewer (an exit, a virtual warp
  // that left its iteration): releases what can release, noting it in rec.
  void release_waiting_barriers();
  // ---- virtual warps (virtual_tb.cc)
  void next_tb_id();
  void next_tid();
  void normalize_stack();
};

// ---- register slot encoding: a value of type T in a 64-bit slot. Signed
// integers are sign-extended so a narrower read of the same slot is correct.
template <typename T>
inline T get(uint64_t slot) {
  if constexpr (std::is_same_v<T, float>) {
    return std::bit_cast<float>(static_cast<uint32_t>(slot));
  } else if constexpr (std::is_same_v<T, double>) {
    return std::bit_cast<double>(slot);
  } else {
    return static_cast<T>(slot);
  }
}

template <typename T>
inline uint64_t put(T v) {
  if constexpr (std::is_same_v<T, float>) {
    return std::bit_cast<uint32_t>(v);
  } else if constexpr (std::is_same_v<T, double>) {
    return std::bit_cast<uint64_t>(v);
  } else if constexpr (std::is_same_v<T, bool>) {
    return v ? 1 : 0;
  } else if constexpr (std::is_signed_v<T>) {
    return static_cast<uint64_t>(static_cast<int64_t>(v));
  } else {
    return static_cast<uint64_t>(v);
  }
}

// Calls f(lane) for every lane in mask, in lane order. A full warp (the
// common case) takes a plain counted loop the compiler can unroll.
template <typename F>
inline void for_lanes(uint32_t mask, F&& f) {
  if (mask == 0xffffffffu) {
    for (unsigned l = 0; l < kWarpSize; ++l) f(l);
    return;
  }
  for (; mask; mask &= mask - 1) f(static_cast<unsigned>(std::countr_zero(mask)));
}

// What map1..map3 take: a lambda or function object, inlined into the lane
// loop. A function pointer (`wrap_add<T>`) compiled to a call per lane, which
// cost the 64-bit address adds of every kernel several times their work.
template <typename F>
concept LaneFunction = !std::is_pointer_v<F>;

// d = f(a, b, ...) for every executing lane, operands 1..N of type T.
template <typename T, typename R = T, LaneFunction F>
inline void map1(ExecContext& c, F f) {
  uint64_t* d = c.dst(0);
  Lanes a = c.src(1);
  for_lanes(c.exec, [&](unsigned l) { d[l] = put<R>(f(get<T>(a[l]))); });
}
template <typename T, typename R = T, LaneFunction F>
inline void map2(ExecContext& c, F f) {
  uint64_t* d = c.dst(0);
  Lanes a = c.src(1), b = c.src(2);
  for_lanes(c.exec, [&](unsigned l) { d[l] = put<R>(f(get<T>(a[l]), get<T>(b[l]))); });
}
template <typename T, typename R = T, LaneFunction F>
inline void map3(ExecContext& c, F f) {
  uint64_t* d = c.dst(0);
  Lanes a = c.src(1), b = c.src(2), e = c.src(3);
  for_lanes(c.exec,
            [&](unsigned l) { d[l] = put<R>(f(get<T>(a[l]), get<T>(b[l]), get<T>(e[l]))); });
}

// Calls f.template operator()<T>() with the C++ type of a PTX type.
template <typename F>
inline void dispatch_int(ExecContext& c, ptx::Type t, F&& f) {
  using ptx::Type;
  switch (t) {
    case Type::B8:
    case Type::U8: return f.template operator()<uint8_t>();
    case Type::B16:
    case Type::U16: return f.template operator()<uint16_t>();
    case Type::B32:
    case Type::U32: return f.template operator()<uint32_t>();
    case Type::B64:
    case Type::U64: return f.template operator()<uint64_t>();
    case Type::S8: return f.template operator()<int8_t>();
    case Type::S16: return f.template operator()<int16_t>();
    case Type::S32: return f.template operator()<int32_t>();
    case Type::S64: return f.template operator()<int64_t>();
    default: c.unsupported(std::string("type .") + ptx::type_name(t));
  }
}
template <typename F>
inline void dispatch_float(ExecContext& c, ptx::Type t, F&& f) {
  using ptx::Type;
  switch (t) {
    case Type::F32: return f.template operator()<float>();
    case Type::F64: return f.template operator()<double>();
    default: c.unsupported(std::string("type .") + ptx::type_name(t));
  }
}
template <typename F>
inline void dispatch_any(ExecContext& c, ptx::Type t, F&& f) {
  if (t == ptx::Type::F32 || t == ptx::Type::F64) return dispatch_float(c, t, f);
  dispatch_int(c, t, f);
}

// ---- one instruction (engine.cc): the lanes of `active` whose guard
// predicate holds; a record reset for the instruction at `pc` of `frame`;
// the instruction's effect on one warp or row.
uint32_t guard_mask(CallFrame& frame, const ptx::Instr& in, uint32_t active);
void begin_record(ExecRecord& rec, CallFrame& frame, uint32_t pc, uint32_t active);
void execute(ExecContext& c);

// ---- opcode families, one file each
void exec_integer(ExecContext& c);     // integer_ops.cc
void exec_bits(ExecContext& c);        // bit_ops.cc
void exec_float(ExecContext& c);       // float_ops.cc
void exec_half(ExecContext& c);        // half_ops.cc
void exec_compare(ExecContext& c);     // compare_ops.cc
void exec_convert(ExecContext& c);     // convert_ops.cc
void exec_move(ExecContext& c);        // move_ops.cc
void exec_memory(ExecContext& c);      // memory_ops.cc
void exec_atomic(ExecContext& c);      // atomic_ops.cc
void exec_warp_level(ExecContext& c);  // warp_ops.cc
void exec_virtual(ExecContext& c);     // virtual_tb.cc: nexttbid, nexttid
void exec_texture(ExecContext& c);     // texture_ops.cc: tex, tld4, txq, suld, sust, suq
// A call of a device-runtime function the engine provides (device_call_ops.cc).
void exec_device_call(ExecContext& c, ptx::DeviceCall call);

}  // namespace scwarp::func
