// The printer's guarantee on every PTX file in the repository: parse -> print
// -> parse gives the same IR, and printing is a fixpoint.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <cstdlib>
#include <fstream>
#include <set>

#include "sc_model/common/error.h"
#include "sc_model/ptx/printer.h"

namespace scwarp::ptx {
namespace {

namespace fs = std::filesystem;

// Globbed when the tests start, so a new workload or test file is covered
// without editing this list.
std::vector<std::string> repository_ptx_files() {
  std::vector<std::string> files;
  for (const char* dir : {"tb", "tests"}) {
    fs::path root = fs::path(SCWARP_SOURCE_DIR) / dir;
    if (!fs::exists(root)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root))
      if (entry.is_regular_file() && entry.path().extension() == ".ptx")
        files.push_back(fs::relative(entry.path(), SCWARP_SOURCE_DIR).string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Files written to be rejected by the parser (the CLI's error-path tests).
bool meant_to_be_malformed(const std::string& file) { return file == "tests/cli/data/malformed.ptx"; }

bool has_unsupported_instruction(const Module& m) {
  for (const Function& f : m.functions)
    for (const Instr& in : f.code)
      if (in.op == Opcode::Unsupported) return true;
  return false;
}

class RoundTrip : public ::testing::TestWithParam<std::string> {};

TEST_P(RoundTrip, ParsePrintParseIsTheSameIrAndPrintingIsAFixpoint) {
  const std::string file = GetParam();
  Module original;
  try {
    original = parse_module_file(std::string(SCWARP_SOURCE_DIR) + "/" + file);
  } catch (const Error& e) {
    if (meant_to_be_malformed(file)) GTEST_SKIP() << "rejected by the parser on purpose: " << e.what();
    FAIL() << e.what();
  }
  if (has_unsupported_instruction(original)) {
    // Their operands were never parsed: the printer refuses rather than guess.
    EXPECT_THROW(print_module(original), Error);
    GTEST_SKIP() << "holds instructions the parser keeps only as Unsupported";
  }
  const std::string printed = print_module(original);
  Module reparsed;
  try {
    reparsed = parse_module(printed, file + " (printed)");
  } catch (const Error& e) {
    FAIL() << e.what() << "\n--- printed PTX ---\n" << printed;
  }
  EXPECT_EQ(module_difference(original, reparsed), "");
  EXPECT_EQ(print_module(reparsed), printed);
}

std::string test_name_of(std::string file) {
  for (char& c : file)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return file;
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) { return test_name_of(info.param); }

INSTANTIATE_TEST_SUITE_P(RepositoryPtx, RoundTrip, ::testing::ValuesIn(repository_ptx_files()), test_name);

// ptxas, where CUDA is installed: the build never needs it.
std::string find_ptxas() {
  for (const char* candidate : {"/usr/local/cuda/bin/ptxas"})
    if (fs::exists(candidate)) return candidate;
  return std::system("command -v ptxas > /dev/null 2>&1") == 0 ? "ptxas" : "";
}

class PtxasAccepts : public ::testing::TestWithParam<std::string> {};

TEST_P(PtxasAccepts, ThePrintedPtx) {
  const std::string file = GetParam();
  const std::string ptxas = find_ptxas();
  if (ptxas.empty()) GTEST_SKIP() << "ptxas is not installed";
  Module m;
  try {
    m = parse_module_file(std::string(SCWARP_SOURCE_DIR) + "/" + file);
  } catch (const Error&) {
    GTEST_SKIP() << "the parser rejects it (covered by RoundTrip)";
  }
  if (has_unsupported_instruction(m)) GTEST_SKIP() << "not printable (covered by RoundTrip)";
  const std::string printed_path = ::testing::TempDir() + "/printed_" + test_name_of(file) + ".ptx";
  std::ofstream(printed_path) << print_module(m);
  const std::string command = ptxas + " -arch=" + m.target + " '" + printed_path + "' -o /dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
}

INSTANTIATE_TEST_SUITE_P(RepositoryPtx, PtxasAccepts, ::testing::ValuesIn(repository_ptx_files()), test_name);

TEST(RoundTripFiles, CoverWorkloadsCalibrationAndTests) {
  std::set<std::string> folders;
  for (const std::string& f : repository_ptx_files()) folders.insert(f.substr(0, f.find('/', f.find('/') + 1)));
  EXPECT_TRUE(folders.count("tb/workloads"));
  EXPECT_TRUE(folders.count("tb/calibration"));
  EXPECT_TRUE(folders.count("tests/ptx"));
  EXPECT_GE(repository_ptx_files().size(), 40u);
}

}  // namespace
}  // namespace scwarp::ptx
