#include "sc_model/ptx/operand_shape.h"

#include <fmt/format.h>

#include "sc_model/ptx/opcode_table.h"
#include "sc_model/ptx/texture_opcodes.h"

namespace scwarp::ptx {
namespace {

Type wider(Type t) {
  switch (t) {
    case Type::U16: return Type::U32;
    case Type::S16: return Type::S32;
    case Type::U32: return Type::U64;
    case Type::S32: return Type::S64;
    default: return t;
  }
}

struct Shape {
  unsigned min_ops, max_ops;
  int memory_operand;  // index of the [address] operand, -1 if none
};

Shape shape_of(const Instr& in) {
  switch (in.op) {
    case Opcode::Ld: case Opcode::Ldu: return {2, 2, 1};
    case Opcode::St: return {2, 2, 0};
    case Opcode::Atom: return in.atom == AtomOp::Cas ? Shape{4, 4, 1} : Shape{3, 3, 1};
    case Opcode::Red: return {2, 2, 0};
    case Opcode::Prefetch: return {1, 1, 0};
    case Opcode::NextTbId: case Opcode::NextTid:
    case Opcode::Mov: case Opcode::Cvt: case Opcode::Cvta: case Opcode::Isspacep:
    case Opcode::Abs: case Opcode::Neg: case Opcode::Not: case Opcode::Cnot:
    case Opcode::Popc: case Opcode::Clz: case Opcode::Brev: case Opcode::Bfind:
    case Opcode::Testp: case Opcode::Rcp: case Opcode::Sqrt: case Opcode::Rsqrt:
    case Opcode::Ex2: case Opcode::Lg2: case Opcode::Sin: case Opcode::Cos: case Opcode::Tanh:
      return {2, 2, -1};
    case Opcode::Add: case Opcode::Sub: case Opcode::Mul: case Opcode::Div: case Opcode::Rem:
    case Opcode::Min: case Opcode::Max: case Opcode::Copysign: case Opcode::Mul24:
    case Opcode::Addc: case Opcode::Subc: case Opcode::And: case Opcode::Or: case Opcode::Xor:
    case Opcode::Shl: case Opcode::Shr: case Opcode::Bmsk:
      return {3, 3, -1};
    case Opcode::Mad: case Opcode::Mad24: case Opcode::Fma: case Opcode::Sad: case Opcode::Madc:
    case Opcode::Bfe: case Opcode::Selp: case Opcode::Slct: case Opcode::Dp4a: case Opcode::Dp2a:
    case Opcode::Prmt: case Opcode::Vabsdiff4: case Opcode::Shf:
      return {4, 4, -1};
    case Opcode::Bfi: return {5, 5, -1};
    case Opcode::Setp: case Opcode::Set:
      return in.boolop == BoolOp::None ? Shape{3, 3, -1} : Shape{4, 4, -1};
    case Opcode::Bra: case Opcode::Nanosleep: case Opcode::Pmevent: case Opcode::BarWarpSync:
    case Opcode::Activemask:
      return {1, 1, -1};
    case Opcode::Ret: case Opcode::Exit: case Opcode::Trap: case Opcode::Brkpt:
    case Opcode::Membar: case Opcode::Fence:
      return {0, 0, -1};
    case Opcode::BarSync: return {1, 2, -1};
    case Opcode::BarArrive: return {2, 2, -1};
    case Opcode::BarRed: return {3, 4, -1};
    case Opcode::Shfl: return {4, 5, -1};   // without / with .sync's member mask
    case Opcode::Vote: return {2, 3, -1};
    case Opcode::Match: case Opcode::Redux: return {3, 3, -1};
    // d, handle, coordinates, then .level's LOD or .grad's two gradients,
    // then the texel offset and depth-compare operands PTX allows.
    case Opcode::Tex: return {3, 7, -1};
    case Opcode::Tld4: return {3, 5, -1};
    case Opcode::Suld: case Opcode::Sust: return {3, 3, -1};
    case Opcode::Txq: return {2, 3, 1};
    case Opcode::Suq: return {2, 2, 1};
    case Opcode::Call: case Opcode::Brx: case Opcode::Unsupported: break;
  }
  return {0, 0xffff, -1};
}

bool is_value(Operand::Kind k) {
  return k == Operand::Kind::Reg || k == Operand::Kind::Imm || k == Operand::Kind::Sreg ||
         k == Operand::Kind::Symbol || k == Operand::Kind::Vec;
}

bool is_destination(Operand::Kind k) {
  return k == Operand::Kind::Reg || k == Operand::Kind::Vec || k == Operand::Kind::Sink;
}

// ld/st .v2/.v4 move exactly that many registers; scalar ones move one.
std::string vector_problem(const Instr& in, const Operand& data) {
  bool is_vec = data.kind == Operand::Kind::Vec;
  if (in.vec > 1 && (!is_vec || data.vec_count != in.vec))
    return fmt::format("'{}' needs a vector of {} registers", in.text, in.vec);
  if (in.vec == 1 && is_vec) return fmt::format("'{}' takes a scalar operand, not a vector", in.text);
  return "";
}

}  // namespace

// The type an immediate at operand `index` is encoded in: most operands use
// the instruction type, but conversions, comparisons, shift amounts, bit
// positions, predicates and member masks have their own.
Type immediate_type(const Instr& in, unsigned index) {
  switch (in.op) {
    case Opcode::Cvt: case Opcode::Setp: case Opcode::Set:
      return index >= 1 ? in.type2 : in.type;
    case Opcode::Selp: return index == 3 ? Type::Pred : in.type;
    case Opcode::Slct: return index == 3 ? in.type2 : in.type;
    case Opcode::Shl: case Opcode::Shr: return index == 2 ? Type::U32 : in.type;
    case Opcode::Shf: return index == 3 ? Type::U32 : in.type;
    case Opcode::Bfe: return index >= 2 ? Type::U32 : in.type;
    case Opcode::Bfi: return index >= 3 ? Type::U32 : in.type;
    case Opcode::Mad: case Opcode::Madc:
      return index == 3 && in.mul == MulMode::Wide ? wider(in.type) : in.type;
    case Opcode::Vote: case Opcode::Match: case Opcode::Redux:
      return index >= 2 ? Type::B32 : in.type;
    case Opcode::Shfl: case Opcode::Prmt: case Opcode::BarWarpSync: case Opcode::Activemask:
      return Type::B32;
    case Opcode::BarSync: case Opcode::BarArrive: case Opcode::BarRed: return Type::U32;
    // A texture or surface handle is a 64-bit value.
    case Opcode::Tex: case Opcode::Tld4: case Opcode::Suld: case Opcode::Sust:
      return index == (in.op == Opcode::Sust ? 0u : 1u) ? Type::U64 : in.type;
    default: return in.type;
  }
}

std::string operand_shape_problem(const Instr& in) {
  Shape s = shape_of(in);
  size_t n = in.ops.size();
  if (n < s.min_ops || n > s.max_ops) {
    std::string expected = s.min_ops == s.max_ops ? fmt::format("{}", s.min_ops)
                                                  : fmt::format("{} or {}", s.min_ops, s.max_ops);
    return fmt::format("'{}' takes {} operand(s), got {}", in.text, expected, n);
  }
  unsigned dsts = destination_count(in.op);
  for (size_t i = 0; i < n; ++i) {
    Operand::Kind k = in.ops[i].kind;
    if (static_cast<int>(i) == s.memory_operand) {
      if (k != Operand::Kind::Addr)
        return fmt::format("operand {} of '{}' must be an [address]", i + 1, in.text);
    } else if (i < dsts) {
      if (!is_destination(k)) return fmt::format("operand {} of '{}' must be a register", i + 1, in.text);
    } else if (in.op == Opcode::Bra) {
      if (k != Operand::Kind::Label) return fmt::format("'{}' needs a label", in.text);
    } else if (!is_value(k)) {
      return fmt::format("operand {} of '{}' must be a register or value", i + 1, in.text);
    }
  }
  if (in.op == Opcode::Ld || in.op == Opcode::Ldu) return vector_problem(in, in.ops[0]);
  if (in.op == Opcode::St) return vector_problem(in, in.ops[1]);
  if (has_texture_bracket(in.op) || in.op == Opcode::Txq || in.op == Opcode::Suq) return texture_operand_problem(in);
  return "";
}

}  // namespace scwarp::ptx
