#include "tests/func/kernel_harness.h"

#include <bit>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace scwarp::test {

std::string data_path(const std::string& name) {
  return std::string(SCWARP_SOURCE_DIR) + "/tests/func/data/" + name;
}

std::string read_text(const std::string& path) {
  std::ifstream f(path);
  if (!f) throw std::runtime_error("cannot read " + path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

uint64_t f32_bits(float f) { return std::bit_cast<uint32_t>(f); }
uint64_t f64_bits(double d) { return std::bit_cast<uint64_t>(d); }
float as_f32(uint64_t bits) { return std::bit_cast<float>(uint32_t(bits)); }
double as_f64(uint64_t bits) { return std::bit_cast<double>(bits); }

static const char* store_output(Out out) {
  switch (out) {
    case Out::R16: return "cvt.u64.u16 %res, %d16;";
    case Out::R32: return "cvt.u64.u32 %res, %d32;";
    case Out::R64: return "mov.b64 %res, %d64;";
    case Out::F32: return "mov.b32 %t32, %df; cvt.u64.u32 %res, %t32;";
    case Out::F64: return "mov.b64 %res, %dd;";
    case Out::Pred: return "selp.u64 %res, 1, 0, %dp;";
    case Out::Pred2: return "selp.u64 %res, 1, 0, %dq;";
  }
  return "";
}

static std::string load_input(const char* name, int index) {
  std::string n(name), i = std::to_string(index * 8);
  return "ld.global.u64 %" + n + "64, [%in+" + i + "];\n"
         "cvt.u32.u64 %" + n + "32, %" + n + "64;\n"
         "cvt.u16.u64 %" + n + "16, %" + n + "64;\n"
         "mov.b32 %" + n + "f, %" + n + "32;\n"
         "mov.b64 %" + n + "d, %" + n + "64;\n"
         "setp.ne.u64 %" + n + "p, %" + n + "64, 0;\n";
}

uint64_t eval(const std::string& instr, Out out, uint64_t a, uint64_t b, uint64_t c) {
  std::string ptx = R"(.version 7.5
.target sm_80
.address_size 64
.visible .entry op(.param .u64 out_ptr, .param .u64 in_ptr) {
  .reg .b64 %out, %in, %res, %a64, %b64, %c64, %d64, %t64;
  .reg .b32 %a32, %b32, %c32, %d32, %t32;
  .reg .b16 %a16, %b16, %c16, %d16;
  .reg .f32 %af, %bf, %cf, %df;
  .reg .f64 %ad, %bd, %cd, %dd;
  .reg .pred %ap, %bp, %cp, %dp, %dq;
  ld.param.u64 %out, [out_ptr];
  ld.param.u64 %in, [in_ptr];
)" + load_input("a", 0) + load_input("b", 1) + load_input("c", 2) +
                    "mov.b64 %d64, 0; mov.b32 %d32, 0; mov.b16 %d16, 0; mov.f32 %df, 0f00000000;\n"
                    "mov.f64 %dd, 0d0000000000000000; setp.ne.u32 %dp, 0, 0; setp.ne.u32 %dq, 0, 0;\n" +
                    instr + ";\n" + store_output(out) + "\n  st.global.u64 [%out], %res;\n  ret;\n}\n";
  runtime::Device dev;
  const runtime::LoadedModule& m = dev.load_module(ptx, "op.ptx");
  uint64_t in = dev.upload(std::vector<uint64_t>{a, b, c});
  uint64_t res = dev.malloc(8);
  dev.launch(m, "op", {1, 1, 1}, {1, 1, 1}, 0, runtime::KernelArgs().add(res).add(in));
  return dev.download<uint64_t>(res, 1)[0];
}

}  // namespace scwarp::test
