// The texture and surface instructions' opcode text and operand shapes
// (tex, tld4, txq, suld, sust, suq), kept apart from opcode_table.cc because
// their suffixes (.2d, .r, .b, .clamp, .width) mean other things elsewhere.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "sc_model/ptx/ir.h"

namespace scwarp::ptx {

bool is_texture_opcode(Opcode op);  // tex, tld4, txq, suld, sust, suq
// The opcodes whose operand list holds a bracketed [handle, {coordinates}].
bool has_texture_bracket(Opcode op);
bool is_texture_family(std::string_view base);  // "tex", "tld4", "txq", "suld", "sust", "suq"

// Decodes the dotted parts of a texture-family opcode; false for a form
// scwarp does not implement (multisample geometries, f16 results, formatted
// surface stores, surface reductions), which the parser keeps as Unsupported.
bool decode_texture_opcode(const std::vector<std::string_view>& parts, Instr& in);

// The opcode text as PTX spells it ("tex.level.2d.v4.f32.f32").
std::string texture_opcode_text(const Instr& in);

// Coordinates a geometry takes: 1d 1, 2d 2, a1d 2 (layer, x), the others 4.
unsigned coordinate_count(TexGeom g);
// Whether its coordinates lead with a layer (a1d, a2d, acube), and how many
// spatial ones follow: x; x, y; x, y, z (3d, and a cube's direction).
bool is_layered(TexGeom g);
unsigned spatial_coordinates(TexGeom g);
// tex's operands after the coordinates that .level (an LOD) or .grad (two
// gradients) adds.
unsigned lod_operand_count(TexLod lod);

// What is wrong with a parsed texture-family instruction's operands, or "".
std::string texture_operand_problem(const Instr& in);

}  // namespace scwarp::ptx
