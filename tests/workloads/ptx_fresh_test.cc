// The committed PTX and resources.json must be what scripts/gen_ptx.sh makes
// from the committed .cu files (with the built scwarp for the VTW-transformed
// kernels' counts). Needs nvcc; skipped (with a message) without.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

std::string find_nvcc() {
  if (const char* path = std::getenv("PATH")) {
    std::stringstream dirs(path);
    for (std::string dir; std::getline(dirs, dir, ':');) {
      if (!dir.empty() && fs::exists(fs::path(dir) / "nvcc")) return (fs::path(dir) / "nvcc").string();
    }
  }
  return fs::exists("/usr/local/cuda/bin/nvcc") ? "/usr/local/cuda/bin/nvcc" : "";
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// 1-based line number of the first difference, for a useful failure message.
size_t first_differing_line(const std::string& a, const std::string& b) {
  size_t line = 1;
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    if (a[i] != b[i]) return line;
    line += a[i] == '\n';
  }
  return line;
}

std::set<std::string> names_in(const fs::path& dir) {
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.insert(e.path().filename().string());
  return names;
}

}  // namespace

TEST(WorkloadPtx, CommittedPtxMatchesRegeneratedPtx) {
  std::string nvcc = find_nvcc();
  if (nvcc.empty()) GTEST_SKIP() << "nvcc not found on PATH or in /usr/local/cuda/bin: cannot check PTX freshness";
  fs::path src = SCWARP_SOURCE_DIR;
  fs::path out = fs::temp_directory_path() / ("scwarp_ptx_" + std::to_string(::getpid()));
  fs::remove_all(out);
  std::string cmd = "SCWARP=\"" SCWARP_BINARY "\" PATH=\"" + fs::path(nvcc).parent_path().string() + ":$PATH\" bash \"" +
                    (src / "scripts/gen_ptx.sh").string() + "\" \"" + out.string() + "\" > /dev/null";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << "scripts/gen_ptx.sh failed: " << cmd;

  fs::path committed = src / "tb/workloads/ptx";
  EXPECT_EQ(names_in(committed), names_in(out)) << "ptx/ files differ from what the .cu files give";
  for (const auto& name : names_in(out)) {
    std::string want = slurp(out / name), have = slurp(committed / name);
    EXPECT_TRUE(want == have) << "tb/workloads/ptx/" << name << " is stale (first difference at line "
                              << first_differing_line(want, have) << "): run scripts/gen_ptx.sh";
  }
  fs::remove_all(out);
}
