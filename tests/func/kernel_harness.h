// Test helpers: run PTX kernels on a fresh Device, and evaluate single PTX
// instructions on chosen operand bits (the table-driven semantics tests).
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "sc_model/runtime/device.h"

namespace scwarp::test {

std::string data_path(const std::string& name);   // tests/func/data/<name>
std::string read_text(const std::string& path);

// Registers available to one-instruction cases: inputs a, b, c in every class
// (%a32 %b32 %c32 u32, %a64.. b64, %a16.. b16, %af.. f32, %ad.. f64, %ap..
// pred = input != 0), outputs %d32 %d64 %d16 %df %dd %dp %dq (pred), scratch
// %t32 %t64, and %in: the address of the three inputs (a at [%in]).
enum class Out { R16, R32, R64, F32, F64, Pred, Pred2 };

// Runs `instr` (e.g. "add.sat.s32 %d32, %a32, %b32") in one thread with the
// inputs' raw bits and returns the output register's bits (zero-extended).
uint64_t eval(const std::string& instr, Out out, uint64_t a = 0, uint64_t b = 0, uint64_t c = 0);

uint64_t f32_bits(float f);
uint64_t f64_bits(double d);
float as_f32(uint64_t bits);
double as_f64(uint64_t bits);

// One instruction's semantics as a table row: `instr` run on inputs a, b, c
// must leave `expect` in output `out`. The ops test files instantiate
// InstrSemantics with their tables.
struct Case {
  const char* instr;
  Out out;
  uint64_t a, b, c, expect;
};
void PrintTo(const Case& c, std::ostream* os);
class InstrSemantics : public ::testing::TestWithParam<Case> {};

}  // namespace scwarp::test
