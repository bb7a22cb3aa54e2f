// Coverage: every kernel of every PTX file in the repository (workloads, test
// data, the feature kernels of tests/func/data) loads (parses and passes
// check_kernel), except the ones written to be refused, which must be refused
// with the feature's name. A kernel that stops loading, or a refusal whose
// message changes, fails here; the share is printed (docs/ptx-support.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "sc_model/common/error.h"
#include "sc_model/ptx/ir.h"

namespace scwarp::ptx {
namespace {

namespace fs = std::filesystem;

// "file stem/kernel" -> what its refusal must say.
const std::map<std::string, std::string>& expected_refusals() {
  static const std::map<std::string, std::string> refused = {
      {"refused/parent", "dynamic parallelism is not supported"},
      {"refused/graph_parent", "the device-side graph API is not supported"},
      {"refused/tile", "tensor-core instruction"},
      {"memory_model/_Z6tensorP6__halfS0_Pf", "tensor-core instruction"},
      {"unsupported/tensor_fragment", "tensor-core instruction"},
      {"unsupported/surface_reduction", "unsupported instruction 'sured.b.add.1d.u32.trap'"},
  };
  return refused;
}

// Files written to be rejected by the parser (the CLI's error-path tests).
bool meant_to_be_malformed(const fs::path& file) { return file.filename() == "malformed.ptx"; }

std::vector<fs::path> repository_ptx_files() {
  std::vector<fs::path> files;
  for (const char* dir : {"tb", "tests"})
    for (const auto& entry : fs::recursive_directory_iterator(fs::path(SCWARP_SOURCE_DIR) / dir))
      if (entry.is_regular_file() && entry.path().extension() == ".ptx" && !meant_to_be_malformed(entry.path()))
        files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

TEST(Coverage, EveryRepositoryKernelLoadsOrIsRefusedByName) {
  size_t kernels = 0, loaded = 0;
  std::map<std::string, std::string> refused;
  for (const fs::path& file : repository_ptx_files()) {
    Module m = parse_module_file(file.string());  // a parse error fails the test with its location
    for (const Function& f : m.functions) {
      if (!f.is_entry) continue;
      ++kernels;
      try {
        check_kernel(m, f);
        ++loaded;
      } catch (const Error& e) {
        refused[file.stem().string() + "/" + f.name] = e.what();
      }
    }
  }
  for (const auto& [kernel, message] : refused) {
    auto it = expected_refusals().find(kernel);
    ASSERT_NE(it, expected_refusals().end()) << kernel << " does not load: " << message;
    EXPECT_NE(message.find(it->second), std::string::npos) << kernel << ": " << message;
  }
  EXPECT_EQ(refused.size(), expected_refusals().size());
  std::cout << "coverage: " << loaded << " of " << kernels << " kernels load (" << refused.size()
            << " refused on purpose)\n";
}

}  // namespace
}  // namespace scwarp::ptx
