// The text syntax of `scwarp launch`'s options (docs/cli.md): --grid/--block
// dimensions, --buffer NAME=SPEC, --arg TYPE:VALUE|ptr:NAME and --out NAME=FILE.
// Malformed text throws UsageError naming the option and the text.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sc_model/func/engine.h"

namespace scwarp::cli {

// The largest buffer `launch` creates: far beyond any test kernel, small
// enough that a typo cannot exhaust host memory.
inline constexpr uint64_t kMaxBufferBytes = uint64_t(4) << 30;

// "X[,Y[,Z]]" of positive integers; `option` names the option in errors.
func::Dim3 parse_dim3(const std::string& option, const std::string& text);

struct BufferSpec {
  enum class Source { File, Zero, Seed };
  std::string name;
  Source source = Source::Zero;
  std::string path;    // File: raw little-endian bytes
  uint64_t bytes = 0;  // Zero, Seed
  uint64_t seed = 0;   // Seed
};
// "NAME=file:PATH", "NAME=zero:BYTES" or "NAME=seed:BYTES:SEED".
BufferSpec parse_buffer_spec(const std::string& text);

// One kernel argument: its bytes, or the buffer whose device address it is.
struct ArgSpec {
  std::vector<uint8_t> bytes;  // TYPE:VALUE, little-endian in the type's size; bytes:HEX as written
  std::string buffer;          // ptr:NAME (bytes empty)
};
// "u8|u16|u32|u64|s8|s16|s32|s64|f32|f64:VALUE", "bytes:HEX" or "ptr:NAME".
ArgSpec parse_arg_spec(const std::string& text);

struct OutSpec {
  std::string buffer;
  std::string path;
};
// "NAME=FILE".
OutSpec parse_out_spec(const std::string& text);

}  // namespace scwarp::cli
