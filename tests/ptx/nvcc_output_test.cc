// Real nvcc 13 output (tests/ptx/data, see regenerate.sh) and the committed
// workload PTX parse, lay out and pass check_kernel.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>

#include "tests/ptx/ptx_test_util.h"

namespace scwarp::ptx::test {
namespace {

std::string data(const char* name) { return std::string(SCWARP_SOURCE_DIR) + "/tests/ptx/data/" + name; }

const Symbol& symbol(const Module& m, const std::string& name) {
  for (const Symbol& s : m.symbols)
    if (s.name == name) return s;
  throw Error("no symbol " + name);
}

const Function& fn(const Module& m, const char* name) {
  const Function* f = m.find_function(name);
  if (!f) throw Error(std::string("no function ") + name);
  return *f;
}

std::vector<const Instr*> calls_in(const Function& f) {
  std::vector<const Instr*> calls;
  for (const Instr& in : f.code)
    if (in.op == Opcode::Call) calls.push_back(&in);
  return calls;
}

TEST(NvccOutput, FeaturesModuleStructure) {
  Module m = parse_module_file(data("features.ptx"));
  EXPECT_EQ(m.version, "9.0");
  EXPECT_EQ(m.target, "sm_75");
  for (const Function& f : m.functions) {
    if (f.is_entry) {
      SCOPED_TRACE(f.name);
      EXPECT_NO_THROW(check_kernel(m, f));
    }
    EXPECT_TRUE(f.is_prototype || !f.is_decl_only) << f.name;
  }
  const Function& vadd = fn(m, "_Z4vaddPKfS0_Pfi");
  ASSERT_EQ(vadd.params.size(), 4u);
  EXPECT_EQ(m.symbols[vadd.params[3]].offset, 24u);
  EXPECT_EQ(vadd.param_bytes, 28u);
  EXPECT_EQ(fn(m, "_Z4smemPfPKf").static_shared_bytes, 1024u);
  EXPECT_TRUE(symbol(m, "dyn").is_extern);
  EXPECT_EQ(fn(m, "_Z5mathsPfPd").local_bytes, 80u);
}

TEST(NvccOutput, BranchOverTheBodyReconvergesAtTheReturn) {
  Module m = parse_module_file(data("features.ptx"));
  const Function& vadd = fn(m, "_Z4vaddPKfS0_Pfi");
  auto bra = std::find_if(vadd.code.begin(), vadd.code.end(),
                          [](const Instr& in) { return in.op == Opcode::Bra; });
  ASSERT_NE(bra, vadd.code.end());
  EXPECT_NE(bra->guard, kNoReg);
  EXPECT_EQ(bra->reconv, bra->ops[0].target);  // `if (i < n)`: the skip target is the join
  EXPECT_EQ(vadd.code[bra->reconv].op, Opcode::Ret);
}

TEST(NvccOutput, RecursiveDeviceFunction) {
  Module m = parse_module_file(data("features.ptx"));
  uint32_t fib = m.function_index.at("_Z3fibi");
  std::vector<const Instr*> calls = calls_in(m.functions[fib]);
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(calls[0]->callee, fib);
  EXPECT_EQ(calls[1]->callee, fib);
  EXPECT_NO_THROW(check_kernel(m, fn(m, "_Z9recursivePi")));
}

TEST(NvccOutput, InitialisedConstantsAndPointerTables) {
  Module m = parse_module_file(data("features.ptx"));
  const Symbol& coeffs = symbol(m, "coeffs");
  EXPECT_EQ(coeffs.space, Space::Const);
  float values[4];
  ASSERT_EQ(coeffs.init.size(), sizeof values);
  std::memcpy(values, coeffs.init.data(), sizeof values);
  EXPECT_EQ(values[0], 1.0f);
  EXPECT_EQ(values[1], 2.5f);
  EXPECT_EQ(values[2], -3.0f);
  EXPECT_EQ(values[3], 0.125f);
  const Symbol& gptrs = symbol(m, "gptrs");  // {&gtable[0], &gtable[2]}
  ASSERT_EQ(gptrs.init_addrs.size(), 2u);
  EXPECT_EQ(m.symbols[gptrs.init_addrs[1].second].name, "gtable");
  EXPECT_EQ(gptrs.init_addrs[1].first, 8u);
  EXPECT_EQ(gptrs.init[8], 8);  // + 8 bytes
  const Symbol& table = symbol(m, "table");  // {helper}
  ASSERT_EQ(table.init_addrs.size(), 1u);
  const Symbol& target = m.symbols[table.init_addrs[0].second];
  EXPECT_TRUE(target.is_function);
  EXPECT_EQ(m.functions[target.function].name, "_Z6helperii");
}

TEST(NvccOutput, DirectAndIndirectCalls) {
  Module m = parse_module_file(data("features.ptx"));
  std::vector<const Instr*> calls = calls_in(fn(m, "_Z5loopsPii1S"));
  ASSERT_EQ(calls.size(), 2u);
  for (const Instr* c : calls) {
    const Function& callee = m.functions[c->callee];
    EXPECT_EQ(c->call_args.size(), callee.params.size());
    EXPECT_EQ(c->call_rets.size(), 1u);
  }
  std::vector<const Instr*> indirect = calls_in(fn(m, "_Z8indirectPii"));
  ASSERT_EQ(indirect.size(), 1u);
  EXPECT_EQ(indirect[0]->callee, kNoSym);
  EXPECT_NE(indirect[0]->callee_reg, kNoReg);
  ASSERT_NE(indirect[0]->prototype, kNoSym);
  EXPECT_EQ(m.functions[indirect[0]->prototype].params.size(), 2u);
}

TEST(NvccOutput, LineInfoDirectivesChangeNothing) {
  Module plain = parse_module_file(data("features.ptx"));
  Module lines = parse_module_file(data("features_lineinfo.ptx"));
  ASSERT_EQ(plain.functions.size(), lines.functions.size());
  for (size_t f = 0; f < plain.functions.size(); ++f) {
    const Function& a = plain.functions[f];
    const Function& b = lines.functions[f];
    ASSERT_EQ(a.code.size(), b.code.size()) << a.name;
    for (size_t i = 0; i < a.code.size(); ++i) {
      EXPECT_EQ(a.code[i].text, b.code[i].text);
      EXPECT_EQ(a.code[i].reconv, b.code[i].reconv);
    }
  }
}

TEST(NvccOutput, MemoryModelWarpLevelAndUnsupportedTensorKernel) {
  Module m = parse_module_file(data("memory_model.ptx"));
  const Function& scoped = fn(m, "_Z6scopedPiPfPy");
  EXPECT_NO_THROW(check_kernel(m, scoped));
  auto has = [&](auto pred) { return std::any_of(scoped.code.begin(), scoped.code.end(), pred); };
  EXPECT_TRUE(has([](const Instr& i) { return i.op == Opcode::Match && i.dst_pred != kNoReg; }));
  EXPECT_TRUE(has([](const Instr& i) { return i.op == Opcode::Redux && i.atom == AtomOp::Max; }));
  EXPECT_TRUE(has([](const Instr& i) { return i.op == Opcode::BarRed && i.boolop == BoolOp::Popc; }));
  EXPECT_TRUE(has([](const Instr& i) {
    return i.op == Opcode::Atom && i.order == MemOrder::AcqRel && i.scope == Scope::Cta;
  }));
  EXPECT_TRUE(has([](const Instr& i) { return i.op == Opcode::Ld && i.order == MemOrder::Acquire; }));
  EXPECT_TRUE(has([](const Instr& i) { return i.op == Opcode::Membar && i.scope == Scope::Sys; }));
  const Function& bounded = fn(m, "_Z7boundedP6float4P7double2i");
  EXPECT_EQ(bounded.maxntid[0], 256u);
  EXPECT_EQ(bounded.minnctapersm, 2u);
  EXPECT_NO_THROW(check_kernel(m, bounded));
  try {
    check_kernel(m, fn(m, "_Z6tensorP6__halfS0_Pf"));
    FAIL() << "tensor kernel passed";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("memory_model.ptx:267:2: tensor-core instruction 'wmma.load.a."),
              std::string::npos)
        << e.what();
  }
}

// printf and assert are device-runtime functions the engine provides; the
// checks see nvcc's declarations of them and pass.
TEST(NvccOutput, LibraryCallsCheckPerKernel) {
  Module m = parse_module_file(data("library_calls.ptx"));
  auto error_of = [&](const char* kernel) -> std::string {
    try {
      check_kernel(m, fn(m, kernel));
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  };
  for (const char* ok : {"_Z5printPi", "_Z9assertingPi", "_Z8by_value3BigPi", "_Z2swPii", "_Z5halfkP6__halfP7__half2",
                         "_Z6groupsPi", "_Z4divsPxPyPdPf"}) {
    EXPECT_EQ(error_of(ok), "") << ok;
  }
  const Function& by_value = fn(m, "_Z8by_value3BigPi");
  const Symbol& big = m.symbols[by_value.params[0]];
  EXPECT_EQ(big.size, 48u);
  EXPECT_EQ(big.align, 8u);
  EXPECT_EQ(m.symbols[by_value.params[1]].offset, 48u);
  EXPECT_EQ(by_value.param_bytes, 56u);
}

TEST(NvccOutput, EveryWorkloadModuleParsesAndItsKernelsCheck) {
  std::filesystem::path dir = std::filesystem::path(SCWARP_SOURCE_DIR) / "tb/workloads/ptx";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << "no workload PTX yet";
  size_t modules = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".ptx") continue;
    SCOPED_TRACE(entry.path().string());
    Module m = parse_module_file(entry.path().string());
    ++modules;
    size_t kernels = 0;
    for (const Function& f : m.functions) {
      if (!f.is_entry) continue;
      ++kernels;
      EXPECT_NO_THROW(check_kernel(m, f)) << f.name;
    }
    EXPECT_GT(kernels, 0u);
  }
  EXPECT_GT(modules, 0u);
}

}  // namespace
}  // namespace scwarp::ptx::test
