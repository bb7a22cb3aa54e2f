// The checked, decoded form of a PTX module: what the parser produces and what
// the functional engine executes. Everything is resolved once here (register
// names to indices, labels to instruction indices, symbols to table entries,
// immediates to raw bits) so execution never looks at text again.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace scwarp::ptx {

inline constexpr uint32_t kNoReg = 0xffffffffu;
inline constexpr uint32_t kNoPc = 0xffffffffu;
inline constexpr uint32_t kNoBlock = 0xffffffffu;

// Where a declaration inside a function body stood: its { } block (index into
// Function::blocks, 0 = the body itself) and the index of the instruction that
// followed it. Execution never needs this (names are resolved by then); the
// printer does, to declare block-scoped names again where they were: nvcc's call
// sequences redeclare `param0` and `temp_param_reg` in every { } block.
struct DeclSite {
  uint32_t block = 0;
  uint32_t at = 0;
};

// A { } block of a function body: its enclosing block and the instructions
// [begin, end) written inside it.
struct Block {
  uint32_t parent = kNoBlock;
  uint32_t begin = 0, end = 0;
};

// Scalar types. Packed/half types parse but only what the engine implements runs.
enum class Type : uint8_t {
  None, Pred,
  B8, B16, B32, B64, B128,
  U8, U16, U32, U64,
  S8, S16, S32, S64,
  F16, F16x2, BF16, BF16x2, F32, F64,
};
unsigned type_bits(Type t);        // Pred -> 1, None -> 0
bool is_float(Type t);             // F16..F64
bool is_signed_int(Type t);        // S8..S64
const char* type_name(Type t);     // "u32", ...

// Tex: a texture fetch's texels: the space of tex / tld4 (whose ExecRecord
// addresses are device addresses of texels, read through the SM's texture
// cache). Never written in an ld/st suffix.
enum class Space : uint8_t { None, Reg, Sreg, Const, Global, Local, Param, Shared, Generic, Tex };
const char* space_name(Space s);

enum class Opcode : uint16_t {
  // data movement
  Ld, Ldu, St, Mov, Cvt, Cvta, Prefetch, Isspacep,
  // integer / float arithmetic
  Add, Sub, Mul, Mad, Mul24, Mad24, Fma, Div, Rem, Abs, Neg, Min, Max, Copysign, Sad,
  Addc, Subc, Madc, Testp,
  // logic and bits
  And, Or, Xor, Not, Cnot, Shl, Shr, Bfe, Bfi, Bfind, Popc, Clz, Brev, Prmt, Bmsk, Vabsdiff4,
  Shf, Dp4a, Dp2a,
  // comparison and selection
  Setp, Set, Selp, Slct,
  // special function unit
  Rcp, Sqrt, Rsqrt, Ex2, Lg2, Sin, Cos, Tanh,
  // control
  Bra, Brx, Call, Ret, Exit, Trap, Nanosleep, Brkpt, Pmevent,
  // synchronisation
  BarSync, BarArrive, BarRed, BarWarpSync, Membar, Fence,
  // atomics and warp-level
  Atom, Red, Shfl, Vote, Match, Activemask, Redux,
  // textures and surfaces through texture / surface objects (func/texture.h)
  Tex, Tld4, Txq, Suld, Sust, Suq,
  // scwarp's own extension for virtual thread blocks and warps (VTW, seed 004
  // Sec. 4.2; syntax in docs/ptx-support.md): the next logical TB index and
  // the next thread index of a virtual warp
  NextTbId, NextTid,
  // recognised by the parser but not implemented: reported at kernel preparation
  Unsupported,
};
const char* opcode_name(Opcode op);

// What hardware an instruction occupies. The timing model maps classes to units.
enum class InstrClass : uint8_t {
  IntAlu,    // integer/logic on SP
  FpAlu,     // f32 add/mul/fma on SP
  Fp64,      // double precision (SP pipe, slower)
  Sfu,       // transcendental, rcp/sqrt, div.approx
  Mem,       // ld/st/atom/red: LD/ST unit
  Ctrl,      // bra/call/ret/exit
  Barrier,   // bar.* (block-level)
  Sync,      // membar/fence/bar.warp.sync/nanosleep: no data
};
const char* class_name(InstrClass c);

enum class Cmp : uint8_t {
  None, Eq, Ne, Lt, Le, Gt, Ge, Lo, Ls, Hi, Hs,
  Equ, Neu, Ltu, Leu, Gtu, Geu, Num, Nan,
};
enum class BoolOp : uint8_t { None, And, Or, Xor, Popc /* bar.red.popc */ };
enum class Round : uint8_t { None, Rn, Rz, Rm, Rp, Rna, Rni, Rzi, Rmi, Rpi };
enum class MulMode : uint8_t { None, Lo, Hi, Wide };
enum class AtomOp : uint8_t { None, Add, Min, Max, Exch, Cas, And, Or, Xor, Inc, Dec };
enum class ShflMode : uint8_t { None, Up, Down, Bfly, Idx };
enum class VoteMode : uint8_t { None, All, Any, Uni, Ballot };
enum class MemOrder : uint8_t { None, Weak, Relaxed, Acquire, Release, AcqRel, Volatile, Sc };
enum class Scope : uint8_t { None, Cta, Cluster, Gpu, Sys };
// prmt's optional byte-selection mode (prmt.b32.f4e etc.); None = default mode.
enum class PrmtMode : uint8_t { None, F4e, B4e, Rc8, Ecl, Ecr, Rc16 };
// nexttid's thread-index assignment (seed 004 Sec. 4.2.2): keep the thread
// index, take the slot of the slowest warp of the previous iteration, or
// hand out slots lowest first in the order warps finish.
enum class LaneMode : uint8_t { None, Same, Slowest, Lowest };
// testp's property (testp.finite.f32 etc.).
enum class TestpOp : uint8_t { None, Finite, Infinite, Number, NotANumber, Normal, Subnormal };

// Textures and surfaces (tex, tld4, txq, suld, sust, suq). Geometry: the
// coordinate vector's shape; a1d/a2d/acube lead with an integer layer.
enum class TexGeom : uint8_t { None, D1, D2, D3, A1d, A2d, Cube, Acube, D2ms, A2dms };
// tex's mip level source: none given, .base, .level (an LOD operand), .grad
// (two gradient vectors). scwarp's resources have one level: all read level 0.
enum class TexLod : uint8_t { None, Base, Level, Grad };
// txq / suq attributes.
enum class TexQuery : uint8_t {
  None, Width, Height, Depth, ChannelDataType, ChannelOrder, NormalizedCoords, FilterMode,
  AddrMode0, AddrMode1, AddrMode2, ArraySize, NumMipmapLevels, NumSamples, MemoryLayout,
};
// suld / sust: what a coordinate out of range does (.trap, .clamp, .zero).
enum class SurfClamp : uint8_t { None, Trap, Clamp, Zero };
const char* geom_name(TexGeom g);      // "2d", "a2d", ...
const char* query_name(TexQuery q);    // "width", "addr_mode_0", ...

enum class Sreg : uint8_t {
  Tid, Ntid, Ctaid, Nctaid, Laneid, Warpid, Nwarpid, Smid, Nsmid, Gridid,
  LanemaskEq, LanemaskLe, LanemaskLt, LanemaskGe, LanemaskGt,
  Clock, Clock64, Globaltimer, DynamicSmemSize, TotalSmemSize,
  Envreg,  // %envreg<comp>, 0..31: driver-defined, 0 here
};

struct Operand {
  enum class Kind : uint8_t {
    None,
    Reg,     // reg; `neg` for a negated predicate source (!%p)
    Imm,     // imm holds the raw bits in the instruction's operand type
    Sreg,    // sreg + comp (0=x,1=y,2=z)
    Addr,    // [base + imm]: base is reg (kNoReg if none) or sym (kNoSym); imm is a signed offset
    Symbol,  // the address of sym plus imm (mov %r, var / var+4; or a function name for indirect calls)
    Label,   // branch target: target = instruction index in the same function
    Vec,     // {%r1, %r2, ...}: vec[0..vec_count) register indices (kNoReg for `_`)
    Sink,    // `_`
  };
  Kind kind = Kind::None;
  bool neg = false;
  Sreg sreg = Sreg::Tid;
  uint8_t comp = 0;
  uint8_t vec_count = 0;
  uint32_t reg = kNoReg;
  uint32_t sym = 0xffffffffu;
  uint32_t target = kNoPc;
  uint64_t imm = 0;
  std::array<uint32_t, 4> vec{kNoReg, kNoReg, kNoReg, kNoReg};
};
inline constexpr uint32_t kNoSym = 0xffffffffu;

struct Instr {
  Opcode op = Opcode::Unsupported;
  InstrClass cls = InstrClass::IntAlu;
  // Type suffixes in the order written: `type` is the first one, `type2` the
  // second. So cvt.f32.s32: type=F32 (destination), type2=S32 (source);
  // set.lt.u32.f32: type=U32 (destination), type2=F32 (comparison);
  // slct.f32.s32 / dp4a.u32.s32: type2 = the type of the last source.
  // setp is special: type=Pred, type2 = comparison type (setp.lt.s32 -> S32).
  Type type = Type::None;
  Type type2 = Type::None;
  Space space = Space::None; // ld/st/atom/red/cvta/isspacep state space (Generic if none given)
  uint8_t vec = 1;           // .v2/.v4
  Cmp cmp = Cmp::None;
  BoolOp boolop = BoolOp::None;
  Round rnd = Round::None;
  MulMode mul = MulMode::None;
  AtomOp atom = AtomOp::None;  // atom/red operation; also redux.sync's op and vabsdiff4's .add/.min/.max
  ShflMode shfl = ShflMode::None;
  VoteMode vote = VoteMode::None;  // vote mode; match.sync uses All/Any too
  MemOrder order = MemOrder::None;
  Scope scope = Scope::None;
  bool ftz = false, sat = false, approx = false, full = false;
  bool uni = false;          // bra.uni / call.uni
  bool cc = false;           // .cc: writes the carry flag
  bool to_space = false;     // cvta.to.<space> (otherwise <space> -> generic)
  bool nc = false;           // ld.global.nc
  bool shift_left = false, clamp = false, wrap = false; // shf.l/.clamp/.wrap, bfe-style flags
  bool shiftamt = false;     // bfind.shiftamt
  PrmtMode prmt = PrmtMode::None;
  TestpOp testp = TestpOp::None;
  LaneMode lane_mode = LaneMode::None;  // nexttid
  // Textures and surfaces. Their bracketed operand [handle, {coordinates}]
  // is kept as two operands: tex/tld4/suld: d, handle, coords[, ...];
  // sust: handle, coords, data; txq/suq: d, [handle] (an Addr).
  TexGeom geom = TexGeom::None;
  TexLod lod = TexLod::None;
  uint8_t gather = 0;        // tld4's component: 0..3 = .r .g .b .a
  TexQuery query = TexQuery::None;
  SurfClamp surf_clamp = SurfClamp::None;
  uint32_t guard = kNoReg;   // @%p / @!%p
  bool guard_neg = false;
  // Operands in PTX order: destination(s) first, then sources. For call: the
  // dedicated fields below are used instead. The parser has checked the count
  // and kinds for the opcode (sc_model/ptx/operand_shape.cc): e.g. ld's
  // ops[1] is an Addr, an ld/st .vN data operand is a Vec of N registers.
  std::vector<Operand> ops;
  // Second destination of the `d|p` form, which is NOT in `ops`: setp's
  // complement predicate, shfl.sync's in-range predicate, match.all's predicate.
  uint32_t dst_pred = kNoReg;
  // call: return param symbols, callee (function index, or register for an
  // indirect call), argument param symbols, prototype function index for .callprototype.
  std::vector<uint32_t> call_rets, call_args;
  uint32_t callee = kNoSym;       // index into Module::functions
  uint32_t callee_reg = kNoReg;   // indirect call through a register
  uint32_t prototype = kNoSym;    // indirect call: its .callprototype (index into Module::functions)
  // Registers this instruction reads and writes (guard included in reads),
  // for the timing model's scoreboard. Indices into Function::regs.
  std::vector<uint32_t> reads, writes;
  // Re-convergence point for a (possibly divergent) branch: the immediate
  // post-dominator's instruction index, kNoPc if it is the function exit.
  uint32_t reconv = kNoPc;
  uint32_t line = 0, col = 0;
  std::string text;               // opcode with its suffixes, e.g. "ld.global.v2.f32"
};

struct RegInfo {
  std::string name;   // "%r12"
  Type type = Type::None;
  DeclSite site;
};

// Module-wide table of named storage: variables in every state space, kernel
// and function parameters, and functions themselves (for indirect calls).
struct Symbol {
  std::string name;
  Space space = Space::None;  // Global/Const/Shared/Local/Param; None for a function symbol
  Type type = Type::None;     // element type
  uint64_t size = 0;          // bytes (0 for extern .shared: dynamic)
  uint32_t align = 1;
  bool is_extern = false;     // extern .shared: dynamic shared memory base
  bool is_function = false;
  uint32_t function = kNoSym; // for function symbols
  uint32_t owner = kNoSym;    // function declaring it (Shared/Local/Param), kNoSym for module scope
  // Offset in its space's segment: Global/Const: in the module's segment of
  // that space; Shared: in the kernel's static shared block; Local: in the
  // owning function's per-thread frame; Param: in the owning function's
  // parameter area (kernel params: the launch parameter buffer; .func return
  // values: a separate return area starting at 0; call-site params declared in
  // { } blocks: 0, each is its own storage of `size` bytes).
  // Extern .shared symbols have offset 0: their address is the launched
  // kernel's Function::dynamic_shared_offset.
  uint64_t offset = 0;
  std::vector<uint8_t> init;  // initialiser bytes (Global/Const), empty = zero
  // Initialiser entries that hold the generic address of another symbol:
  // (byte offset in init, symbol index). nvcc emits these for tables of pointers.
  // The 8 bytes of `init` at that offset hold the constant addend
  // (`generic(tab)+8` -> 8): the loader adds the symbol's address to them.
  // The symbol may be a function (is_function) for tables of function pointers.
  std::vector<std::pair<uint64_t, uint32_t>> init_addrs;
  DeclSite site;              // declarations in a body (owner's .local/.shared/.param)
};

struct Function {
  std::string name;
  bool is_entry = false;
  bool is_decl_only = false;        // .extern .func / prototype without body
  bool is_prototype = false;        // .callprototype
  std::vector<uint32_t> params;     // Symbol indices, in order (offsets in the param area)
  std::vector<uint32_t> rets;       // return-value param symbols (.func only)
  uint64_t param_bytes = 0;
  uint64_t local_bytes = 0;         // per-thread frame (.local variables)
  // Kernels: static .shared bytes. Layout choice: every module-scope .shared
  // variable is placed first (same offsets for every kernel), then the kernel's
  // own .shared declarations; so this is the total of both. (.shared inside a
  // non-entry .func is rejected by the parser.)
  uint64_t static_shared_bytes = 0;
  // Kernels: where dynamic (extern) shared memory starts in the block's shared
  // memory: static_shared_bytes rounded up to the largest extern alignment (>= 16).
  uint64_t dynamic_shared_offset = 0;
  std::vector<RegInfo> regs;
  std::vector<Instr> code;
  std::unordered_map<std::string, uint32_t> labels;  // label -> instruction index
  std::vector<Block> blocks;        // [0] = the body; nested { } blocks in opening order
  // .callprototype: the function whose body declares it, and where.
  uint32_t declared_in = kNoSym;
  DeclSite site;
  // Launch bounds directives (0 = not given).
  uint32_t maxntid[3] = {0, 0, 0}, reqntid[3] = {0, 0, 0};
  uint32_t minnctapersm = 0, maxnreg = 0;
  uint32_t line = 0, col = 0;
};

struct Module {
  std::string file;                 // name used in diagnostics
  std::string version, target;      // ".version 9.0", ".target sm_75"
  uint32_t address_size = 64;
  std::vector<Function> functions;
  std::vector<Symbol> symbols;
  uint64_t global_bytes = 0, const_bytes = 0;  // module segment sizes
  std::unordered_map<std::string, uint32_t> function_index;  // named functions (not prototypes)

  const Function* find_function(const std::string& name) const;
};

// Parses PTX text. Throws scwarp::Error "file:line:col: message" for malformed
// input. Unimplemented instructions do not throw here: they become
// Opcode::Unsupported and are reported by check_kernel().
Module parse_module(const std::string& text, const std::string& file_name);
Module parse_module_file(const std::string& path);

// Everything a kernel needs before launch: throws scwarp::Error naming the first
// unsupported instruction ("file:line:col: unsupported instruction 'X'") found in
// the kernel or any function it can call. Other kernels are unaffected.
void check_kernel(const Module& m, const Function& kernel);

}  // namespace scwarp::ptx
