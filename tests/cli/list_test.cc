// `scwarp list`: names one per line, nothing made up.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <sstream>
#include <vector>

#include "tests/cli/scwarp_process.h"
#include "tb/workloads/workload.h"

namespace scwarp::testing {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(ListWorkloads, PrintsTheRegistryOnePerLine) {
  const ProcessResult r = run_scwarp("list workloads");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const std::vector<std::string> names = lines_of(r.out);
  ASSERT_FALSE(names.empty());
  EXPECT_EQ(names, workloads::workload_names());
  for (const auto& name : names) EXPECT_TRUE(std::regex_match(name, std::regex("[a-z0-9_]+"))) << name;
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
}

// The first word of each line is a registered policy name.
std::vector<std::string> first_words(const std::string& out) {
  std::vector<std::string> words;
  for (const auto& line : lines_of(out)) words.push_back(line.substr(0, line.find(' ')));
  return words;
}

TEST(ListSchedulers, NamesTheRegisteredIssuePoliciesWithDescriptions) {
  const ProcessResult r = run_scwarp("list schedulers");
  EXPECT_EQ(r.exit_status, 0) << r.err;
  const std::vector<std::string> names = first_words(r.out);
  for (const char* required : {"gto", "lrr", "two_level"})
    EXPECT_NE(std::find(names.begin(), names.end(), required), names.end()) << r.out;
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
  for (const auto& line : lines_of(r.out)) EXPECT_GT(line.size(), 20u) << "no description: " << line;
}

TEST(ListFetchPolicies, NamesRoundRobin) {
  const ProcessResult r = run_scwarp("list fetch-policies");
  EXPECT_EQ(r.exit_status, 0) << r.err;
  const std::vector<std::string> names = first_words(r.out);
  EXPECT_NE(std::find(names.begin(), names.end(), "rr"), names.end()) << r.out;
}

TEST(ListOptions, EveryLineIsAnOptionWithItsDefault) {
  const ProcessResult r = run_scwarp("list options");
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_NE(r.out.find("-gpgpu_n_clusters 15"), std::string::npos) << r.out;
  for (const auto& line : lines_of(r.out)) EXPECT_EQ(line[0], '-') << line;
}

TEST(ListConfigs, NamesTheConfigFilesOfTheFolder) {
  const std::string dir = scratch_dir();
  write_file(dir + "/gtx480.config", "-gpgpu_n_clusters 15\n");
  write_file(dir + "/a_small.config", "");
  write_file(dir + "/notes.txt", "not a config");
  const ProcessResult r = run_scwarp("list configs --configs-dir '" + dir + "'");
  EXPECT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.out, "a_small\ngtx480\n");
}

TEST(ListConfigs, MissingFolderIsNamed) {
  const ProcessResult r = run_scwarp("list configs --configs-dir /nonexistent/scwarp-configs");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_NE(r.err.find("--configs-dir: '/nonexistent/scwarp-configs' is not a directory"),
            std::string::npos)
      << r.err;
}

TEST(ListCategory, UnknownCategoryNamesTheValidOnes) {
  const ProcessResult r = run_scwarp("list kernels");
  EXPECT_EQ(r.exit_status, 2);
  EXPECT_NE(r.err.find("kernels"), std::string::npos) << r.err;
  for (const char* valid : {"workloads", "schedulers", "configs"})
    EXPECT_NE(r.err.find(valid), std::string::npos) << r.err;
}

}  // namespace
}  // namespace scwarp::testing
