// check_kernel: is everything a kernel can execute supported and defined?
#include <fmt/format.h>

#include "sc_model/common/error.h"
#include "sc_model/ptx/device_calls.h"
#include "sc_model/ptx/ir.h"

namespace scwarp::ptx {
namespace {

// Functions whose address is taken (mov %rd, f; a pointer table initialiser):
// the possible targets of an indirect call.
std::vector<uint32_t> address_taken_functions(const Module& m) {
  std::vector<bool> taken(m.functions.size(), false);
  auto mark = [&](uint32_t sym) {
    if (sym < m.symbols.size() && m.symbols[sym].is_function) taken[m.symbols[sym].function] = true;
  };
  for (const Symbol& s : m.symbols)
    for (const auto& [offset, target] : s.init_addrs) mark(target);
  for (const Function& fn : m.functions)
    for (const Instr& in : fn.code)
      for (const Operand& o : in.ops)
        if (o.kind == Operand::Kind::Symbol) mark(o.sym);
  std::vector<uint32_t> list;
  for (uint32_t f = 0; f < taken.size(); ++f)
    if (taken[f]) list.push_back(f);
  return list;
}

std::string where(const Module& m, const Instr& in) {
  return fmt::format("{}:{}:{}", m.file, in.line, in.col);
}

// An unsupported instruction, named by the feature it belongs to where it has one.
[[noreturn]] void refuse_instruction(const Module& m, const Instr& in) {
  std::string feature = unsupported_instruction_feature(in);
  if (feature.empty()) throw Error(fmt::format("{}: unsupported instruction '{}'", where(m, in), in.text));
  throw Error(fmt::format("{}: {} '{}' is not supported: the GTX480 has no tensor cores and scwarp does not "
                          "model them",
                          where(m, in), feature, in.text));
}

// A call to a function without a body: fine for the device-runtime functions
// the engine provides (with nvcc's signature), refused by feature for the
// ones scwarp leaves out on purpose, an error for anything else.
void check_bodiless_callee(const Module& m, const Instr& in, const Function& callee) {
  if (device_call(callee.name) != DeviceCall::None) {
    std::string problem = device_call_signature_problem(m, callee);
    if (!problem.empty()) throw Error(fmt::format("{}: {}", where(m, in), problem));
    return;
  }
  std::string feature = refused_device_feature(callee.name);
  if (!feature.empty())
    throw Error(fmt::format("{}: {} is not supported: call to the device runtime's '{}' (scwarp has no device "
                            "runtime for launches, streams or graphs from the device)",
                            where(m, in), feature, callee.name));
  throw Error(fmt::format("{}: call to '{}', which is declared but not defined in this module", where(m, in),
                          callee.name));
}

}  // namespace

void check_kernel(const Module& m, const Function& kernel) {
  // Breadth-first in program order, so "first" means the kernel's own code,
  // then its callees in the order they are called.
  std::vector<bool> visited(m.functions.size(), false);
  std::vector<const Function*> work{&kernel};
  bool indirect_added = false;
  for (size_t next = 0; next < work.size(); ++next) {
    const Function* fn = work[next];
    for (const Instr& in : fn->code) {
      if (in.op == Opcode::Unsupported) refuse_instruction(m, in);
      if (in.op != Opcode::Call) continue;
      std::vector<uint32_t> callees;
      if (in.callee != kNoSym) {
        callees.push_back(in.callee);
      } else if (!indirect_added) {
        indirect_added = true;
        callees = address_taken_functions(m);
      }
      for (uint32_t c : callees) {
        const Function& callee = m.functions[c];
        if (callee.is_decl_only) {
          check_bodiless_callee(m, in, callee);
          continue;
        }
        if (!visited[c]) {
          visited[c] = true;
          work.push_back(&callee);
        }
      }
    }
  }
}

}  // namespace scwarp::ptx
