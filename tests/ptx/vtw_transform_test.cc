// The VTW transformation on PTX (ptx/vtw_transform.h) and the PTX extension
// it uses: every workload transforms in every mode into PTX that reads back
// as the same IR (and that ptxas accepts for the software index, plain PTX),
// %ctaid/%tid/%nctaid reach the body only through the wrapper loop, and
// what cannot be transformed safely is refused with the reason.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>
#include <vector>

#include "sc_model/common/error.h"
#include "sc_model/ptx/printer.h"
#include "sc_model/ptx/transform_spec.h"
#include "sc_model/ptx/vtw_transform.h"
#include "tests/ptx/ptx_test_util.h"

namespace scwarp::ptx {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> workload_ptx_files() {
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(fs::path(SCWARP_SOURCE_DIR) / "tb/workloads/ptx"))
    if (entry.path().extension() == ".ptx") files.push_back(entry.path().stem().string());
  std::sort(files.begin(), files.end());
  return files;
}

using Case = std::tuple<std::string, std::string>;  // workload, mode

class EveryWorkloadPtx : public ::testing::TestWithParam<Case> {};

TEST_P(EveryWorkloadPtx, TransformsAndReadsBackAsTheSameIr) {
  const auto& [workload, mode] = GetParam();
  const Module original = parse_module_file(std::string(SCWARP_SOURCE_DIR) + "/tb/workloads/ptx/" + workload + ".ptx");
  const Module t = vtw_transform(original, parse_vtw_mode(mode));
  EXPECT_EQ(module_difference(parse_module(print_module(t), t.file), t), "");
  size_t kernels = 0;
  for (const Function& f : t.functions) {
    if (!f.is_entry) continue;
    ++kernels;
    EXPECT_TRUE(is_vtw_kernel(t, f)) << f.name;
    const Function* before = original.find_function(f.name);
    ASSERT_NE(before, nullptr);
    EXPECT_EQ(f.params.size(), before->params.size() + 3) << f.name;
    size_t exits = 0, index_instructions = 0;
    for (const Instr& in : f.code) {
      exits += in.op == Opcode::Exit || in.op == Opcode::Ret;
      index_instructions += in.op == Opcode::NextTbId || in.op == Opcode::NextTid;
    }
    EXPECT_EQ(exits, 1u) << f.name << ": every ret/exit of the body goes to the next iteration";
    EXPECT_EQ(index_instructions, mode == "software" ? 0u : 2u) << f.name;
  }
  EXPECT_GT(kernels, 0u);
}

std::string find_ptxas() {
  if (fs::exists("/usr/local/cuda/bin/ptxas")) return "/usr/local/cuda/bin/ptxas";
  return std::system("command -v ptxas > /dev/null 2>&1") == 0 ? "ptxas" : "";
}

TEST_P(EveryWorkloadPtx, PtxasAcceptsTheSoftwareIndexVersion) {
  const auto& [workload, mode] = GetParam();
  if (mode != "software") GTEST_SKIP() << "nexttbid/nexttid are scwarp's own extension";
  const std::string ptxas = find_ptxas();
  if (ptxas.empty()) GTEST_SKIP() << "ptxas is not installed";
  const Module t = vtw_transform(
      parse_module_file(std::string(SCWARP_SOURCE_DIR) + "/tb/workloads/ptx/" + workload + ".ptx"), VtwMode{false});
  const std::string path = ::testing::TempDir() + "/vtw_" + workload + ".ptx";
  std::ofstream(path) << print_module(t);
  const std::string command = ptxas + " -arch=" + t.target + " '" + path + "' -o /dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
}

INSTANTIATE_TEST_SUITE_P(All, EveryWorkloadPtx,
                         ::testing::Combine(::testing::ValuesIn(workload_ptx_files()),
                                            ::testing::Values("same", "slowest", "lowest", "software")),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return std::get<0>(info.param) + "_" + std::get<1>(info.param);
                         });

TEST(VtwTransform, BodySeesLogicalIndicesOnly) {
  const Module m = parse_module(test::wrap_kernel("mov.u32 %r1, %ctaid.y;\nmov.u32 %r2, %tid.x;\n"
                                                  "mov.u32 %r3, %nctaid.x;\nmov.u32 %r4, %ntid.x;\nret;"),
                                "k.ptx");
  const Module t = vtw_transform(m, VtwMode{});
  const Function& k = *t.find_function("k");
  const std::string printed = print_module(t);
  for (const char* line : {"mov.u32 %r1, %vtw_ctaid_y;", "mov.u32 %r2, %vtw_tid_x;", "mov.u32 %r3, %vtw_nctaid_x;",
                           "mov.u32 %r4, %ntid.x;", "nexttbid.u32 %vtw_tb, %vtw_count;",
                           "nexttid.same.u32 %vtw_tid_linear, %vtw_tid_in;", "bra $vtw_loop;"})
    EXPECT_NE(printed.find(line), std::string::npos) << line << "\n" << printed;
  EXPECT_EQ(t.symbols[k.params.back()].name, "__vtw_nctaid_z");
}

TEST(VtwTransform, ExtensionInstructionsParseAndPrint) {
  const Module m = parse_module(test::wrap_kernel("nexttbid.u32 %r1, %r2;\nnexttid.slowest.u32 %r3, %r1;\n"
                                                  "nexttid.u32 %r4, %r1;\nnexttbid.s32 %r5, %r2;\nret;"),
                                "ext.ptx");
  const Function& k = *m.find_function("k");
  EXPECT_EQ(k.code[0].op, Opcode::NextTbId);
  EXPECT_EQ(k.code[1].op, Opcode::NextTid);
  EXPECT_EQ(k.code[1].lane_mode, LaneMode::Slowest);
  EXPECT_EQ(print_opcode(k.code[1]), "nexttid.slowest.u32");
  EXPECT_EQ(k.code[2].op, Opcode::Unsupported) << "nexttid names its mode";
  EXPECT_EQ(k.code[3].op, Opcode::Unsupported) << "the index instructions are .u32";
}

void expect_refusal(const std::string& ptx, const VtwMode& mode, const std::string& words) {
  try {
    vtw_transform(parse_module(ptx, "r.ptx"), mode);
    FAIL() << "transformed";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("r.ptx:"), std::string::npos) << e.what();
  }
}

TEST(VtwTransform, RefusesExitInsideACalledFunction) {
  const std::string ptx = ".version 8.0\n.target sm_75\n.address_size 64\n"
                          ".func stop()\n{\nexit;\n}\n"
                          ".entry k()\n{\ncall stop, ();\nret;\n}\n";
  expect_refusal(ptx, VtwMode{}, "function stop can end the thread with exit");
}

TEST(VtwTransform, RefusesACalledFunctionReadingTheBlockIndex) {
  const std::string ptx = ".version 8.0\n.target sm_75\n.address_size 64\n"
                          ".func (.param .b32 r) bid()\n{\n.reg .b32 %r<2>;\nmov.u32 %r1, %ctaid.x;\n"
                          "st.param.b32 [r], %r1;\nret;\n}\n"
                          ".entry k()\n{\n.reg .b32 %r<2>;\n{\n.param .b32 rv;\ncall (rv), bid, ();\n"
                          "ld.param.b32 %r1, [rv];\n}\nret;\n}\n";
  expect_refusal(ptx, VtwMode{}, "function bid reads %ctaid, %tid or %nctaid");
}

TEST(VtwTransform, RefusesAKernelTransformedTwice) {
  const Module once = vtw_transform(parse_module(test::wrap_kernel("ret;"), "r.ptx"), VtwMode{});
  expect_refusal(print_module(once), VtwMode{}, "already transformed");
}

TEST(VtwTransform, SoftwareIndexRefusesABarrierSomeWarpsSkip) {
  const std::string body = "mov.u32 %r1, %tid.x;\nsetp.ge.u32 %p1, %r1, 32;\n@%p1 bra $out;\nbar.sync 0;\n$out:\nret;";
  expect_refusal(test::wrap_kernel(body), VtwMode{false}, "may skip a barrier");
  EXPECT_NO_THROW(vtw_transform(parse_module(test::wrap_kernel(body), "r.ptx"), VtwMode{}));
  // The same shape on a TB-uniform condition is fine: whole TBs take it.
  const std::string uniform = "mov.u32 %r1, %ctaid.x;\nsetp.ge.u32 %p1, %r1, 32;\n@%p1 bra $out;\nbar.sync 0;\n$out:\nret;";
  EXPECT_NO_THROW(vtw_transform(parse_module(test::wrap_kernel(uniform), "r.ptx"), VtwMode{false}));
}

TEST(VtwTransform, ModesAndTransformSpecsAreNamedInErrors) {
  EXPECT_EQ(parse_transform("vtw").name, "vtw:same");
  EXPECT_EQ(parse_transform("vtw:software").name, "vtw:software");
  EXPECT_FALSE(parse_transform("none"));
  EXPECT_THROW(parse_vtw_mode("fastest"), Error);
  try {
    parse_transform("vtw:fastest");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("unknown VTW mode 'fastest'"), std::string::npos) << e.what();
  }
  try {
    parse_transform("unroll");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("unknown transformation 'unroll'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace scwarp::ptx
