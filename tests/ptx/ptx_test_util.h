// Helpers shared by the PTX front-end tests: wrapping instruction snippets in
// a kernel and checking diagnostics.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "sc_model/common/error.h"
#include "sc_model/ptx/ir.h"

namespace scwarp::ptx::test {

// The body of wrap_kernel() starts on this line.
inline constexpr int kBodyLine = 12;

// A module with one kernel `k` (one .u64 parameter `p0`) and registers
// %p0-7 (pred), %h0-7 (b16), %r0-15 (b32), %rd0-15 (b64), %f0-15 (f32),
// %fd0-15 (f64) declared, around `body`.
inline std::string wrap_kernel(const std::string& body) {
  return ".version 8.0\n"
         ".target sm_75\n"
         ".address_size 64\n"
         ".visible .entry k(.param .u64 p0)\n"
         "{\n"
         ".reg .pred %p<8>;\n"
         ".reg .b16 %h<8>;\n"
         ".reg .b32 %r<16>;\n"
         ".reg .b64 %rd<16>;\n"
         ".reg .f32 %f<16>;\n"
         ".reg .f64 %fd<16>;\n" +
         body + "\n}\n";
}

inline Module parse_text(const std::string& text) { return parse_module(text, "t.ptx"); }

// The first instruction of a kernel whose body is `instr_line`.
inline Instr parse_one(const std::string& instr_line) {
  Module m = parse_text(wrap_kernel(instr_line));
  const Function* k = m.find_function("k");
  if (!k || k->code.empty()) throw Error("no instruction parsed");
  return k->code[0];
}

// The error message parse_module throws for `text`, or "" if it parses.
inline std::string parse_error(const std::string& text) {
  try {
    parse_text(text);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

inline uint32_t reg_index(const Function& fn, const std::string& name) {
  for (uint32_t i = 0; i < fn.regs.size(); ++i)
    if (fn.regs[i].name == name) return i;
  return kNoReg;
}

}  // namespace scwarp::ptx::test
