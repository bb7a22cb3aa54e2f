// copy_to_symbol: the host's way into a module's constant memory.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "sc_model/common/error.h"
#include "tb/workloads/common.h"
#include "tb/workloads/module_symbol.h"

using namespace scwarp;
using namespace scwarp::workloads;

namespace {

// convolution.ptx declares `.const .align 4 .b8 filter_taps[68]` (17 floats).
uint64_t symbol_address(const runtime::LoadedModule& m, const std::string& name) {
  for (const ptx::Symbol& s : m.ir.symbols)
    if (s.name == name) return m.const_segment + s.offset;
  ADD_FAILURE() << "no symbol " << name;
  return 0;
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(CopyToSymbol, WritesTheConstVariable) {
  runtime::Device dev;
  const auto& m = load_workload_module(dev, "convolution");
  std::vector<float> taps(17);
  for (size_t i = 0; i < taps.size(); ++i) taps[i] = float(i) * 0.5f + 1.0f;
  copy_to_symbol(dev, m, "filter_taps", taps.data(), taps.size() * sizeof(float));
  EXPECT_EQ(dev.download<float>(symbol_address(m, "filter_taps"), taps.size()), taps);
}

TEST(CopyToSymbol, RejectsMoreBytesThanTheVariableHolds) {
  runtime::Device dev;
  const auto& m = load_workload_module(dev, "convolution");
  std::vector<float> too_many(18, 1.0f);
  std::string msg = error_of([&] { copy_to_symbol(dev, m, "filter_taps", too_many.data(), 72); });
  EXPECT_NE(msg.find("72 bytes do not fit in 'filter_taps' (68 bytes)"), std::string::npos) << msg;
}

TEST(CopyToSymbol, RejectsUnknownOrNonMemorySymbols) {
  runtime::Device dev;
  const auto& m = load_workload_module(dev, "convolution");
  float x = 0;
  std::string msg = error_of([&] { copy_to_symbol(dev, m, "no_such_taps", &x, sizeof x); });
  EXPECT_NE(msg.find("no .global or .const variable named 'no_such_taps'"), std::string::npos) << msg;
  // A kernel is a symbol too, but not a variable.
  msg = error_of([&] { copy_to_symbol(dev, m, "convolution_rows", &x, sizeof x); });
  EXPECT_NE(msg.find("'convolution_rows'"), std::string::npos) << msg;
}

}  // namespace
