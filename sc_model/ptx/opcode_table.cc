#include "sc_model/ptx/opcode_table.h"

#include "sc_model/ptx/texture_opcodes.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace scwarp::ptx {
namespace {

// brx.idx is absent on purpose: it parses as Unsupported.
const std::unordered_map<std::string_view, Opcode>& base_opcodes() {
  static const std::unordered_map<std::string_view, Opcode> table = {
      {"ld", Opcode::Ld}, {"ldu", Opcode::Ldu}, {"st", Opcode::St}, {"mov", Opcode::Mov},
      {"cvt", Opcode::Cvt}, {"cvta", Opcode::Cvta}, {"prefetch", Opcode::Prefetch},
      {"prefetchu", Opcode::Prefetch}, {"isspacep", Opcode::Isspacep},
      {"add", Opcode::Add}, {"sub", Opcode::Sub}, {"mul", Opcode::Mul}, {"mad", Opcode::Mad},
      {"mul24", Opcode::Mul24}, {"mad24", Opcode::Mad24}, {"fma", Opcode::Fma},
      {"div", Opcode::Div}, {"rem", Opcode::Rem}, {"abs", Opcode::Abs}, {"neg", Opcode::Neg},
      {"min", Opcode::Min}, {"max", Opcode::Max}, {"copysign", Opcode::Copysign},
      {"sad", Opcode::Sad}, {"addc", Opcode::Addc}, {"subc", Opcode::Subc},
      {"madc", Opcode::Madc}, {"testp", Opcode::Testp},
      {"and", Opcode::And}, {"or", Opcode::Or}, {"xor", Opcode::Xor}, {"not", Opcode::Not},
      {"cnot", Opcode::Cnot}, {"shl", Opcode::Shl}, {"shr", Opcode::Shr}, {"bfe", Opcode::Bfe},
      {"bfi", Opcode::Bfi}, {"bfind", Opcode::Bfind}, {"popc", Opcode::Popc},
      {"clz", Opcode::Clz}, {"brev", Opcode::Brev}, {"prmt", Opcode::Prmt},
      {"bmsk", Opcode::Bmsk}, {"vabsdiff4", Opcode::Vabsdiff4}, {"shf", Opcode::Shf},
      {"dp4a", Opcode::Dp4a}, {"dp2a", Opcode::Dp2a},
      {"setp", Opcode::Setp}, {"set", Opcode::Set}, {"selp", Opcode::Selp},
      {"slct", Opcode::Slct},
      {"rcp", Opcode::Rcp}, {"sqrt", Opcode::Sqrt}, {"rsqrt", Opcode::Rsqrt},
      {"ex2", Opcode::Ex2}, {"lg2", Opcode::Lg2}, {"sin", Opcode::Sin}, {"cos", Opcode::Cos},
      {"tanh", Opcode::Tanh},
      {"bra", Opcode::Bra}, {"call", Opcode::Call}, {"ret", Opcode::Ret},
      {"exit", Opcode::Exit}, {"trap", Opcode::Trap}, {"nanosleep", Opcode::Nanosleep},
      {"brkpt", Opcode::Brkpt}, {"pmevent", Opcode::Pmevent},
      {"membar", Opcode::Membar}, {"fence", Opcode::Fence},
      {"atom", Opcode::Atom}, {"red", Opcode::Red}, {"shfl", Opcode::Shfl},
      {"vote", Opcode::Vote}, {"match", Opcode::Match}, {"activemask", Opcode::Activemask},
      {"redux", Opcode::Redux}, {"nexttbid", Opcode::NextTbId}, {"nexttid", Opcode::NextTid},
  };
  return table;
}

// What one dotted suffix means. Some words mean different things for
// different opcodes (".lo" is a comparison for setp, a half for mul), so the
// kind lists every reading and apply_suffix picks by opcode.
enum class SuffixKind : uint8_t {
  Type, Space, Vec, Cmp, Round, Scope, Order, Shfl, Prmt, Ignored,
  LoHi,        // Cmp for setp/set, MulMode otherwise
  Wide,
  Logic,       // and/or/xor: AtomOp for atom/red/redux, BoolOp for setp/set/bar.red
  Arith,       // add/min/max: AtomOp (atom, red, redux, vabsdiff4)
  AtomOnly,    // exch/cas/inc/dec
  Popc,        // bar.red.popc
  VoteAll, VoteAny, VoteBallot,
  Testp,
  Lane,        // nexttid's .same/.slowest/.lowest
  Ftz, Sat, Approx, Full, Uni, Cc, To, Nc, ShiftL, ShiftR, Clamp, Wrap, Shiftamt, Gl,
};

struct Suffix {
  SuffixKind kind;
  uint8_t value = 0;  // the enum value for Type/Space/Cmp/... kinds
};

template <typename E>
Suffix make(SuffixKind k, E e) {
  return Suffix{k, static_cast<uint8_t>(e)};
}

const std::unordered_map<std::string_view, Suffix>& suffixes() {
  using K = SuffixKind;
  static const std::unordered_map<std::string_view, Suffix> table = {
      {"pred", make(K::Type, Type::Pred)}, {"b8", make(K::Type, Type::B8)},
      {"b16", make(K::Type, Type::B16)}, {"b32", make(K::Type, Type::B32)},
      {"b64", make(K::Type, Type::B64)}, {"b128", make(K::Type, Type::B128)},
      {"u8", make(K::Type, Type::U8)}, {"u16", make(K::Type, Type::U16)},
      {"u32", make(K::Type, Type::U32)}, {"u64", make(K::Type, Type::U64)},
      {"s8", make(K::Type, Type::S8)}, {"s16", make(K::Type, Type::S16)},
      {"s32", make(K::Type, Type::S32)}, {"s64", make(K::Type, Type::S64)},
      {"f16", make(K::Type, Type::F16)}, {"f16x2", make(K::Type, Type::F16x2)},
      {"bf16", make(K::Type, Type::BF16)}, {"bf16x2", make(K::Type, Type::BF16x2)},
      {"f32", make(K::Type, Type::F32)}, {"f64", make(K::Type, Type::F64)},
      {"global", make(K::Space, Space::Global)}, {"shared", make(K::Space, Space::Shared)},
      {"shared::cta", make(K::Space, Space::Shared)}, {"local", make(K::Space, Space::Local)},
      {"param", make(K::Space, Space::Param)}, {"param::entry", make(K::Space, Space::Param)},
      {"param::func", make(K::Space, Space::Param)}, {"const", make(K::Space, Space::Const)},
      {"v2", Suffix{K::Vec, 2}}, {"v4", Suffix{K::Vec, 4}},
      {"eq", make(K::Cmp, Cmp::Eq)}, {"ne", make(K::Cmp, Cmp::Ne)},
      {"lt", make(K::Cmp, Cmp::Lt)}, {"le", make(K::Cmp, Cmp::Le)},
      {"gt", make(K::Cmp, Cmp::Gt)}, {"ge", make(K::Cmp, Cmp::Ge)},
      {"ls", make(K::Cmp, Cmp::Ls)}, {"hs", make(K::Cmp, Cmp::Hs)},
      {"equ", make(K::Cmp, Cmp::Equ)}, {"neu", make(K::Cmp, Cmp::Neu)},
      {"ltu", make(K::Cmp, Cmp::Ltu)}, {"leu", make(K::Cmp, Cmp::Leu)},
      {"gtu", make(K::Cmp, Cmp::Gtu)}, {"geu", make(K::Cmp, Cmp::Geu)},
      {"num", make(K::Cmp, Cmp::Num)}, {"nan", make(K::Cmp, Cmp::Nan)},
      {"lo", Suffix{K::LoHi, 0}}, {"hi", Suffix{K::LoHi, 1}}, {"wide", Suffix{K::Wide}},
      {"rn", make(K::Round, Round::Rn)}, {"rz", make(K::Round, Round::Rz)},
      {"rm", make(K::Round, Round::Rm)}, {"rp", make(K::Round, Round::Rp)},
      {"rna", make(K::Round, Round::Rna)}, {"rni", make(K::Round, Round::Rni)},
      {"rzi", make(K::Round, Round::Rzi)}, {"rmi", make(K::Round, Round::Rmi)},
      {"rpi", make(K::Round, Round::Rpi)},
      {"cta", make(K::Scope, Scope::Cta)}, {"cluster", make(K::Scope, Scope::Cluster)},
      {"gpu", make(K::Scope, Scope::Gpu)}, {"sys", make(K::Scope, Scope::Sys)},
      {"gl", Suffix{K::Gl}},
      {"weak", make(K::Order, MemOrder::Weak)}, {"relaxed", make(K::Order, MemOrder::Relaxed)},
      {"acquire", make(K::Order, MemOrder::Acquire)},
      {"release", make(K::Order, MemOrder::Release)},
      {"acq_rel", make(K::Order, MemOrder::AcqRel)},
      {"volatile", make(K::Order, MemOrder::Volatile)}, {"sc", make(K::Order, MemOrder::Sc)},
      {"up", make(K::Shfl, ShflMode::Up)}, {"down", make(K::Shfl, ShflMode::Down)},
      {"bfly", make(K::Shfl, ShflMode::Bfly)}, {"idx", make(K::Shfl, ShflMode::Idx)},
      {"f4e", make(K::Prmt, PrmtMode::F4e)}, {"b4e", make(K::Prmt, PrmtMode::B4e)},
      {"rc8", make(K::Prmt, PrmtMode::Rc8)}, {"ecl", make(K::Prmt, PrmtMode::Ecl)},
      {"ecr", make(K::Prmt, PrmtMode::Ecr)}, {"rc16", make(K::Prmt, PrmtMode::Rc16)},
      {"and", make(K::Logic, BoolOp::And)}, {"or", make(K::Logic, BoolOp::Or)},
      {"xor", make(K::Logic, BoolOp::Xor)},
      {"add", make(K::Arith, AtomOp::Add)}, {"min", make(K::Arith, AtomOp::Min)},
      {"max", make(K::Arith, AtomOp::Max)},
      {"exch", make(K::AtomOnly, AtomOp::Exch)}, {"cas", make(K::AtomOnly, AtomOp::Cas)},
      {"inc", make(K::AtomOnly, AtomOp::Inc)}, {"dec", make(K::AtomOnly, AtomOp::Dec)},
      {"popc", Suffix{K::Popc}},
      {"all", Suffix{K::VoteAll}}, {"any", Suffix{K::VoteAny}}, {"uni", Suffix{K::Uni}},
      {"ballot", Suffix{K::VoteBallot}},
      {"ftz", Suffix{K::Ftz}}, {"sat", Suffix{K::Sat}}, {"approx", Suffix{K::Approx}},
      {"full", Suffix{K::Full}}, {"cc", Suffix{K::Cc}}, {"to", Suffix{K::To}},
      {"nc", Suffix{K::Nc}}, {"l", Suffix{K::ShiftL}}, {"r", Suffix{K::ShiftR}},
      {"clamp", Suffix{K::Clamp}}, {"wrap", Suffix{K::Wrap}},
      {"shiftamt", Suffix{K::Shiftamt}},
      {"finite", make(K::Testp, TestpOp::Finite)}, {"infinite", make(K::Testp, TestpOp::Infinite)},
      {"number", make(K::Testp, TestpOp::Number)},
      {"notanumber", make(K::Testp, TestpOp::NotANumber)},
      {"normal", make(K::Testp, TestpOp::Normal)},
      {"subnormal", make(K::Testp, TestpOp::Subnormal)},
      {"same", make(K::Lane, LaneMode::Same)}, {"slowest", make(K::Lane, LaneMode::Slowest)},
      {"lowest", make(K::Lane, LaneMode::Lowest)},
      // Qualifiers with no functional effect in scwarp: synchronisation
      // markers (the engine always synchronises), cache operators and hints.
      {"sync", Suffix{K::Ignored}}, {"aligned", Suffix{K::Ignored}},
      {"ca", Suffix{K::Ignored}}, {"cg", Suffix{K::Ignored}}, {"cs", Suffix{K::Ignored}},
      {"lu", Suffix{K::Ignored}}, {"cv", Suffix{K::Ignored}}, {"wb", Suffix{K::Ignored}},
      {"wt", Suffix{K::Ignored}},
  };
  return table;
}

bool is_one_of(Opcode op, std::initializer_list<Opcode> ops) {
  for (Opcode o : ops)
    if (o == op) return true;
  return false;
}

// Cache eviction/allocation hints (.L1::no_allocate, .L2::128B, ...) change
// nothing functionally; a cache_hint adds an operand scwarp does not model.
bool is_cache_hint(std::string_view s) {
  if (s == "L2::cache_hint") return false;
  return s == "L1" || s == "L2" ||  // prefetch levels
         s.starts_with("L1::") || s.starts_with("L2::") || s.starts_with("level::");
}

bool has_memory_space(Opcode op) {
  return is_one_of(op, {Opcode::Ld, Opcode::Ldu, Opcode::St, Opcode::Atom, Opcode::Red,
                        Opcode::Cvta, Opcode::Isspacep, Opcode::Prefetch});
}

// Instructions that take memory-order (.relaxed, .acquire, ...) and scope
// (.cta, .gpu, .sys) qualifiers.
bool is_ordered_access(Opcode op) {
  return is_one_of(op, {Opcode::Ld, Opcode::St, Opcode::Atom, Opcode::Red, Opcode::Fence,
                        Opcode::Membar});
}

struct Decoder {
  Instr& in;
  std::vector<Type> types;

  // Returns false if the suffix does not apply to this opcode.
  bool apply(const Suffix& s) {
    using K = SuffixKind;
    Opcode op = in.op;
    bool logic_is_atom = is_one_of(op, {Opcode::Atom, Opcode::Red, Opcode::Redux});
    switch (s.kind) {
      case K::Type: types.push_back(static_cast<Type>(s.value)); return true;
      case K::Space: in.space = static_cast<Space>(s.value); return has_memory_space(op);
      case K::Vec:
        in.vec = s.value;
        return is_one_of(op, {Opcode::Ld, Opcode::Ldu, Opcode::St, Opcode::Atom, Opcode::Red});
      case K::Cmp: in.cmp = static_cast<Cmp>(s.value); return is_one_of(op, {Opcode::Setp, Opcode::Set});
      case K::Round: in.rnd = static_cast<Round>(s.value); return true;
      case K::Scope: in.scope = static_cast<Scope>(s.value); return is_ordered_access(op);
      case K::Gl: in.scope = Scope::Gpu; return op == Opcode::Membar;
      case K::Order: in.order = static_cast<MemOrder>(s.value); return is_ordered_access(op);
      case K::Shfl: in.shfl = static_cast<ShflMode>(s.value); return op == Opcode::Shfl;
      case K::Prmt: in.prmt = static_cast<PrmtMode>(s.value); return op == Opcode::Prmt;
      case K::Ignored: return true;
      case K::LoHi:
        if (is_one_of(op, {Opcode::Setp, Opcode::Set})) {
          in.cmp = s.value ? Cmp::Hi : Cmp::Lo;
        } else {
          in.mul = s.value ? MulMode::Hi : MulMode::Lo;
        }
        return true;
      case K::Wide: in.mul = MulMode::Wide; return is_one_of(op, {Opcode::Mul, Opcode::Mad});
      case K::Logic:
        if (logic_is_atom) {
          static const AtomOp as_atom[] = {AtomOp::None, AtomOp::And, AtomOp::Or, AtomOp::Xor};
          in.atom = as_atom[s.value];
          return true;
        }
        in.boolop = static_cast<BoolOp>(s.value);
        return is_one_of(op, {Opcode::Setp, Opcode::Set, Opcode::BarRed});
      case K::Arith:
        in.atom = static_cast<AtomOp>(s.value);
        return logic_is_atom || op == Opcode::Vabsdiff4;
      case K::AtomOnly:
        in.atom = static_cast<AtomOp>(s.value);
        return is_one_of(op, {Opcode::Atom, Opcode::Red});
      case K::Popc: in.boolop = BoolOp::Popc; return op == Opcode::BarRed;
      case K::VoteAll: in.vote = VoteMode::All; return is_one_of(op, {Opcode::Vote, Opcode::Match});
      case K::VoteAny: in.vote = VoteMode::Any; return is_one_of(op, {Opcode::Vote, Opcode::Match});
      case K::VoteBallot: in.vote = VoteMode::Ballot; return op == Opcode::Vote;
      case K::Uni:
        if (op == Opcode::Vote) {
          in.vote = VoteMode::Uni;
        } else {
          in.uni = true;
        }
        return true;
      case K::Testp: in.testp = static_cast<TestpOp>(s.value); return op == Opcode::Testp;
      case K::Lane: in.lane_mode = static_cast<LaneMode>(s.value); return op == Opcode::NextTid;
      case K::Ftz: in.ftz = true; return true;
      case K::Sat: in.sat = true; return true;
      case K::Approx: in.approx = true; return true;
      case K::Full: in.full = true; return true;
      case K::Cc:
        in.cc = true;
        return is_one_of(op, {Opcode::Add, Opcode::Sub, Opcode::Addc, Opcode::Subc, Opcode::Mad,
                              Opcode::Madc});
      case K::To: in.to_space = true; return op == Opcode::Cvta;
      case K::Nc: in.nc = true; return is_one_of(op, {Opcode::Ld});
      case K::ShiftL: in.shift_left = true; return op == Opcode::Shf;
      case K::ShiftR: in.shift_left = false; return op == Opcode::Shf;
      case K::Clamp: in.clamp = true; return op == Opcode::Shf || op == Opcode::Bmsk;
      case K::Wrap: in.wrap = true; return op == Opcode::Shf || op == Opcode::Bmsk;
      case K::Shiftamt: in.shiftamt = true; return op == Opcode::Bfind;
    }
    return false;
  }

  bool apply_types() {
    if (types.size() > 2 && in.op != Opcode::Vabsdiff4) return false;
    if (in.op == Opcode::Setp) {
      if (types.size() != 1) return false;
      in.type = Type::Pred;
      in.type2 = types[0];
      return true;
    }
    if (!types.empty()) in.type = types[0];
    if (types.size() > 1) in.type2 = types[1];
    return true;
  }
};

// "bar.sync", "barrier.sync.aligned", "barrier.cta.arrive", "bar.warp.sync":
// the barrier family names its opcode with its first suffixes.
size_t decode_barrier(const std::vector<std::string_view>& parts, Instr& in) {
  size_t i = 1;
  if (i < parts.size() && parts[i] == "cta") ++i;
  if (i >= parts.size()) return 0;
  if (parts[i] == "sync") {
    in.op = Opcode::BarSync;
  } else if (parts[i] == "arrive") {
    in.op = Opcode::BarArrive;
  } else if (parts[i] == "red") {
    in.op = Opcode::BarRed;
  } else if (parts[i] == "warp" && i + 1 < parts.size() && parts[i + 1] == "sync") {
    in.op = Opcode::BarWarpSync;
    ++i;
  } else {
    return 0;
  }
  return i + 1;
}

std::vector<std::string_view> split_dots(std::string_view text) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    size_t dot = text.find('.', start);
    parts.push_back(text.substr(start, dot - start));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return parts;
}

bool decode_parts(std::string_view text, Instr& in) {
  std::vector<std::string_view> parts = split_dots(text);
  if (is_texture_family(parts[0])) return decode_texture_opcode(parts, in);
  size_t first_suffix = 1;
  if (parts[0] == "bar" || parts[0] == "barrier") {
    first_suffix = decode_barrier(parts, in);
    if (first_suffix == 0) return false;
  } else {
    auto it = base_opcodes().find(parts[0]);
    if (it == base_opcodes().end()) return false;
    in.op = it->second;
  }
  Decoder d{in, {}};
  for (size_t i = first_suffix; i < parts.size(); ++i) {
    if (is_cache_hint(parts[i])) continue;
    auto it = suffixes().find(parts[i]);
    if (it == suffixes().end() || !d.apply(it->second)) return false;
  }
  if (!d.apply_types()) return false;
  // nexttid names its mode; both extension instructions work on .u32.
  if (in.op == Opcode::NextTid && in.lane_mode == LaneMode::None) return false;
  if ((in.op == Opcode::NextTbId || in.op == Opcode::NextTid) && in.type != Type::U32) return false;
  // Vector atomics (sm_90 atom.v2.f32 ...) are not implemented.
  if ((in.op == Opcode::Atom || in.op == Opcode::Red) && in.vec > 1) return false;
  if (has_memory_space(in.op) && in.space == Space::None) in.space = Space::Generic;
  return true;
}

bool any_type_is(const Instr& in, Type t) { return in.type == t || in.type2 == t; }

bool is_float_arith(Opcode op) {
  return is_one_of(op, {Opcode::Add, Opcode::Sub, Opcode::Mul, Opcode::Mad, Opcode::Fma,
                        Opcode::Div, Opcode::Abs, Opcode::Neg, Opcode::Min, Opcode::Max,
                        Opcode::Copysign, Opcode::Setp, Opcode::Set, Opcode::Cvt,
                        Opcode::Testp});
}

}  // namespace

void decode_opcode(std::string_view text, Instr& in) {
  in.text = std::string(text);
  if (!decode_parts(text, in)) in.op = Opcode::Unsupported;
}

InstrClass classify(const Instr& in) {
  switch (in.op) {
    case Opcode::Ld: case Opcode::Ldu: case Opcode::St: case Opcode::Atom: case Opcode::Red:
    case Opcode::Prefetch: case Opcode::Tex: case Opcode::Tld4: case Opcode::Suld: case Opcode::Sust:
      return InstrClass::Mem;
    case Opcode::Bra: case Opcode::Brx: case Opcode::Call: case Opcode::Ret: case Opcode::Exit:
    case Opcode::Trap: case Opcode::Brkpt:
      return InstrClass::Ctrl;
    case Opcode::BarSync: case Opcode::BarArrive: case Opcode::BarRed:
      return InstrClass::Barrier;
    case Opcode::Membar: case Opcode::Fence: case Opcode::Nanosleep: case Opcode::BarWarpSync:
    case Opcode::Pmevent:
      return InstrClass::Sync;
    case Opcode::Rcp: case Opcode::Sqrt: case Opcode::Rsqrt: case Opcode::Ex2: case Opcode::Lg2:
    case Opcode::Sin: case Opcode::Cos: case Opcode::Tanh:
      return in.type == Type::F64 ? InstrClass::Fp64 : InstrClass::Sfu;
    default:
      break;
  }
  if (any_type_is(in, Type::F64) && (is_float_arith(in.op))) return InstrClass::Fp64;
  if (in.op == Opcode::Div && in.type == Type::F32 && (in.approx || in.full)) return InstrClass::Sfu;
  bool float_typed = is_float(in.type) || is_float(in.type2);
  if (float_typed && is_float_arith(in.op)) return InstrClass::FpAlu;
  return InstrClass::IntAlu;
}

bool type_from_name(std::string_view name, Type& out) {
  auto it = suffixes().find(name);
  if (it == suffixes().end() || it->second.kind != SuffixKind::Type) return false;
  out = static_cast<Type>(it->second.value);
  return true;
}

unsigned destination_count(Opcode op) {
  switch (op) {
    case Opcode::St: case Opcode::Sust: case Opcode::Red: case Opcode::Prefetch: case Opcode::Bra: case Opcode::Brx:
    case Opcode::Call: case Opcode::Ret: case Opcode::Exit: case Opcode::Trap:
    case Opcode::Nanosleep: case Opcode::Brkpt: case Opcode::Pmevent: case Opcode::BarSync:
    case Opcode::BarArrive: case Opcode::BarWarpSync: case Opcode::Membar: case Opcode::Fence:
    case Opcode::Unsupported:
      return 0;
    default:
      return 1;
  }
}

}  // namespace scwarp::ptx
