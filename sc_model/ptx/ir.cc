// Name helpers of the IR enums and Module lookups.
#include "sc_model/ptx/ir.h"

namespace scwarp::ptx {

unsigned type_bits(Type t) {
  switch (t) {
    case Type::None: return 0;
    case Type::Pred: return 1;
    case Type::B8: case Type::U8: case Type::S8: return 8;
    case Type::B16: case Type::U16: case Type::S16: case Type::F16: case Type::BF16: return 16;
    case Type::B32: case Type::U32: case Type::S32: case Type::F32:
    case Type::F16x2: case Type::BF16x2: return 32;
    case Type::B64: case Type::U64: case Type::S64: case Type::F64: return 64;
    case Type::B128: return 128;
  }
  return 0;
}

bool is_float(Type t) { return t >= Type::F16 && t <= Type::F64; }

bool is_signed_int(Type t) { return t >= Type::S8 && t <= Type::S64; }

const char* type_name(Type t) {
  static const char* const names[] = {
      "none", "pred", "b8",  "b16", "b32",   "b64",  "b128",   "u8",  "u16", "u32", "u64",
      "s8",   "s16",  "s32", "s64", "f16", "f16x2", "bf16", "bf16x2", "f32", "f64"};
  return names[static_cast<unsigned>(t)];
}

const char* space_name(Space s) {
  static const char* const names[] = {"none",  "reg",   "sreg",   "const",  "global",
                                      "local", "param", "shared", "generic", "tex"};
  return names[static_cast<unsigned>(s)];
}

const char* geom_name(TexGeom g) {
  static const char* const names[] = {"", "1d", "2d", "3d", "a1d", "a2d", "cube", "acube", "2dms", "a2dms"};
  return names[static_cast<unsigned>(g)];
}

const char* query_name(TexQuery q) {
  static const char* const names[] = {
      "", "width", "height", "depth", "channel_data_type", "channel_order", "normalized_coords",
      "filter_mode", "addr_mode_0", "addr_mode_1", "addr_mode_2", "array_size",
      "num_mipmap_levels", "num_samples", "memory_layout"};
  static_assert(sizeof(names) / sizeof(names[0]) == static_cast<size_t>(TexQuery::MemoryLayout) + 1);
  return names[static_cast<unsigned>(q)];
}

const char* opcode_name(Opcode op) {
  static const char* const names[] = {
      "ld", "ldu", "st", "mov", "cvt", "cvta", "prefetch", "isspacep",
      "add", "sub", "mul", "mad", "mul24", "mad24", "fma", "div", "rem", "abs", "neg", "min",
      "max", "copysign", "sad", "addc", "subc", "madc", "testp",
      "and", "or", "xor", "not", "cnot", "shl", "shr", "bfe", "bfi", "bfind", "popc", "clz",
      "brev", "prmt", "bmsk", "vabsdiff4", "shf", "dp4a", "dp2a",
      "setp", "set", "selp", "slct",
      "rcp", "sqrt", "rsqrt", "ex2", "lg2", "sin", "cos", "tanh",
      "bra", "brx", "call", "ret", "exit", "trap", "nanosleep", "brkpt", "pmevent",
      "bar.sync", "bar.arrive", "bar.red", "bar.warp.sync", "membar", "fence",
      "atom", "red", "shfl", "vote", "match", "activemask", "redux",
      "tex", "tld4", "txq", "suld", "sust", "suq",
      "nexttbid", "nexttid", "unsupported"};
  static_assert(sizeof(names) / sizeof(names[0]) == static_cast<size_t>(Opcode::Unsupported) + 1);
  return names[static_cast<unsigned>(op)];
}

const char* class_name(InstrClass c) {
  static const char* const names[] = {"int_alu", "fp_alu", "fp64",    "sfu",
                                      "mem",     "ctrl",   "barrier", "sync"};
  return names[static_cast<unsigned>(c)];
}

const Function* Module::find_function(const std::string& name) const {
  auto it = function_index.find(name);
  return it == function_index.end() ? nullptr : &functions[it->second];
}

}  // namespace scwarp::ptx
