#include "sc_model/ptx/texture_opcodes.h"

#include <fmt/format.h>

#include "sc_model/ptx/opcode_table.h"

namespace scwarp::ptx {
namespace {

constexpr std::string_view kGatherNames[] = {"r", "g", "b", "a"};
constexpr std::string_view kClampNames[] = {"", "trap", "clamp", "zero"};
// Cache operators suld/sust may carry; no functional effect.
constexpr std::string_view kCacheOperators[] = {"ca", "cg", "cs", "cv", "lu", "wb", "wt"};

template <typename E, size_t N>
bool find_name(std::string_view word, const std::string_view (&names)[N], E& out) {
  for (size_t i = 0; i < N; ++i)
    if (!names[i].empty() && names[i] == word) {
      out = static_cast<E>(i);
      return true;
    }
  return false;
}

// The value of enum E in 1..last whose name() is `word`.
template <typename E>
bool find_by_name(std::string_view word, E last, const char* (*name)(E), E& out) {
  for (unsigned v = 1; v <= unsigned(last); ++v)
    if (word == name(E(v))) {
      out = E(v);
      return true;
    }
  return false;
}

bool find_geom(std::string_view word, TexGeom& out) { return find_by_name(word, TexGeom::A2dms, geom_name, out); }
bool find_query(std::string_view word, TexQuery& out) { return find_by_name(word, TexQuery::MemoryLayout, query_name, out); }

bool is_cache_operator(std::string_view word) {
  for (std::string_view c : kCacheOperators)
    if (c == word) return true;
  return false;
}

Opcode family_opcode(std::string_view base) {
  if (base == "tex") return Opcode::Tex;
  if (base == "tld4") return Opcode::Tld4;
  if (base == "txq") return Opcode::Txq;
  if (base == "suld") return Opcode::Suld;
  if (base == "sust") return Opcode::Sust;
  if (base == "suq") return Opcode::Suq;
  return Opcode::Unsupported;
}

bool is_surface_access(Opcode op) { return op == Opcode::Suld || op == Opcode::Sust; }
bool is_query(Opcode op) { return op == Opcode::Txq || op == Opcode::Suq; }

// One suffix of a texture-family opcode; false if it does not apply.
bool apply_suffix(std::string_view word, Instr& in, std::vector<Type>& types, bool& raw) {
  Type t;
  if (type_from_name(word, t)) {
    types.push_back(t);
    return true;
  }
  if (word == "v2" || word == "v4") {
    in.vec = word == "v2" ? 2 : 4;
    return !is_query(in.op);
  }
  if (in.op == Opcode::Tex && (word == "base" || word == "level" || word == "grad")) {
    in.lod = word == "base" ? TexLod::Base : word == "level" ? TexLod::Level : TexLod::Grad;
    return true;
  }
  if (in.op == Opcode::Txq && word == "level") {
    in.lod = TexLod::Level;
    return true;
  }
  if (is_query(in.op)) return find_query(word, in.query);
  if (in.op == Opcode::Tld4 && find_name(word, kGatherNames, in.gather)) return true;
  if (is_surface_access(in.op)) {
    if (word == "b") {
      raw = true;
      return true;
    }
    if (find_name(word, kClampNames, in.surf_clamp)) return true;
    if (is_cache_operator(word)) return true;
  }
  return find_geom(word, in.geom);
}

bool valid_fetch_types(const std::vector<Type>& types) {
  if (types.size() != 2) return false;
  bool dtype = types[0] == Type::U32 || types[0] == Type::S32 || types[0] == Type::F32;
  return dtype && (types[1] == Type::S32 || types[1] == Type::F32);
}

bool valid_surface_type(const std::vector<Type>& types) {
  return types.size() == 1 &&
         (types[0] == Type::B8 || types[0] == Type::B16 || types[0] == Type::B32 || types[0] == Type::B64);
}

bool is_multisample(TexGeom g) { return g == TexGeom::D2ms || g == TexGeom::A2dms; }

// Whether the decoded parts make an instruction scwarp implements.
bool complete(Instr& in, const std::vector<Type>& types, bool raw) {
  switch (in.op) {
    case Opcode::Tex:
      if (in.vec != 4 || !valid_fetch_types(types) || in.geom == TexGeom::None || is_multisample(in.geom)) return false;
      break;
    case Opcode::Tld4:
      if (in.vec != 4 || !valid_fetch_types(types) || types[1] != Type::F32) return false;
      if (in.geom != TexGeom::D2 && in.geom != TexGeom::A2d && in.geom != TexGeom::Cube && in.geom != TexGeom::Acube)
        return false;
      break;
    case Opcode::Txq:
    case Opcode::Suq:
      if (in.query == TexQuery::None || types.size() != 1 || types[0] != Type::B32) return false;
      break;
    case Opcode::Suld:
    case Opcode::Sust:
      if (!raw || !valid_surface_type(types) || in.geom == TexGeom::None || in.geom == TexGeom::Cube ||
          in.geom == TexGeom::Acube || is_multisample(in.geom))
        return false;
      if (in.surf_clamp == SurfClamp::None) in.surf_clamp = SurfClamp::Trap;  // PTX's default
      break;
    default: return false;
  }
  in.type = types[0];
  if (types.size() > 1) in.type2 = types[1];
  // The space policies see before execution: texels, or global memory for
  // surfaces (which GPGPU-Sim also sends through the L1 data cache).
  if (in.op == Opcode::Tex || in.op == Opcode::Tld4) in.space = Space::Tex;
  if (is_surface_access(in.op)) in.space = Space::Global;
  return true;
}

}  // namespace

bool is_texture_opcode(Opcode op) {
  return op == Opcode::Tex || op == Opcode::Tld4 || op == Opcode::Txq || op == Opcode::Suld ||
         op == Opcode::Sust || op == Opcode::Suq;
}

bool has_texture_bracket(Opcode op) {
  return op == Opcode::Tex || op == Opcode::Tld4 || is_surface_access(op);
}

bool is_texture_family(std::string_view base) { return family_opcode(base) != Opcode::Unsupported; }

bool decode_texture_opcode(const std::vector<std::string_view>& parts, Instr& in) {
  in.op = family_opcode(parts[0]);
  if (in.op == Opcode::Unsupported) return false;
  // tld4 names the component it gathers first (.r/.g/.b/.a), before .b
  // could be read as anything else.
  std::vector<Type> types;
  bool raw = false, gather_named = false;
  for (size_t i = 1; i < parts.size(); ++i) {
    if (in.op == Opcode::Tld4 && !gather_named) {
      uint8_t g = 0;
      if (find_name(parts[i], kGatherNames, g)) {
        in.gather = g, gather_named = true;
        continue;
      }
    }
    if (!apply_suffix(parts[i], in, types, raw)) return false;
  }
  if (in.op == Opcode::Tld4 && !gather_named) return false;
  return complete(in, types, raw);
}

std::string texture_opcode_text(const Instr& in) {
  std::string s = opcode_name(in.op);
  auto add = [&s](std::string_view part) {
    if (!part.empty()) s += fmt::format(".{}", part);
  };
  static constexpr std::string_view kLodNames[] = {"", "base", "level", "grad"};
  if (in.op == Opcode::Tld4) add(kGatherNames[in.gather]);
  if (is_surface_access(in.op)) add("b");
  if (in.op == Opcode::Tex || in.op == Opcode::Txq) add(kLodNames[unsigned(in.lod)]);
  if (is_query(in.op)) add(query_name(in.query));
  add(geom_name(in.geom));
  if (in.vec > 1) add(in.vec == 2 ? "v2" : "v4");
  add(type_name(in.type));
  if (in.type2 != Type::None) add(type_name(in.type2));
  if (is_surface_access(in.op)) add(kClampNames[unsigned(in.surf_clamp)]);
  return s;
}

bool is_layered(TexGeom g) { return g == TexGeom::A1d || g == TexGeom::A2d || g == TexGeom::Acube; }

unsigned spatial_coordinates(TexGeom g) {
  switch (g) {
    case TexGeom::D3: case TexGeom::Cube: case TexGeom::Acube: return 3;
    case TexGeom::D2: case TexGeom::A2d: case TexGeom::D2ms: case TexGeom::A2dms: return 2;
    default: return 1;
  }
}

unsigned lod_operand_count(TexLod lod) { return lod == TexLod::Level ? 1 : lod == TexLod::Grad ? 2 : 0; }

unsigned coordinate_count(TexGeom g) {
  switch (g) {
    case TexGeom::D1: return 1;
    case TexGeom::D2: case TexGeom::A1d: return 2;
    default: return 4;
  }
}

std::string texture_operand_problem(const Instr& in) {
  if (is_query(in.op)) return "";  // d, [handle]: the generic shape check covers it
  const bool store = in.op == Opcode::Sust;
  const Operand& coords = in.ops[store ? 1 : 2];
  const Operand& data = in.ops[store ? 2 : 0];
  unsigned have = coords.kind == Operand::Kind::Vec ? coords.vec_count : 1;
  if (coords.kind != Operand::Kind::Vec && coords.kind != Operand::Kind::Reg)
    return fmt::format("'{}' needs its coordinates as a register vector {{...}}", in.text);
  if (have < coordinate_count(in.geom))
    return fmt::format("'{}' needs {} coordinate(s), got {}", in.text, coordinate_count(in.geom), have);
  if (data.kind != Operand::Kind::Vec && data.kind != Operand::Kind::Reg)
    return fmt::format("'{}' {} registers", in.text, store ? "stores" : "loads into");
  unsigned values = data.kind == Operand::Kind::Vec ? data.vec_count : 1;
  if (values != in.vec || (in.vec > 1 && data.kind != Operand::Kind::Vec))
    return fmt::format("'{}' {} a vector of {} register(s)", in.text, store ? "stores" : "loads", in.vec);
  if (in.op == Opcode::Tex) {
    if (in.ops.size() < 3 + lod_operand_count(in.lod))
      return fmt::format("'{}' needs its {} operand(s)", in.text, in.lod == TexLod::Grad ? "gradient" : "level");
  }
  return "";
}

}  // namespace scwarp::ptx
