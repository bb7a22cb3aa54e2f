// libFuzzer harness: PTX text through the lexer, the parser (with layout and
// control flow) and every kernel's pre-launch checks. Bad PTX must end in a
// scwarp::Error naming file:line:col; anything else (a crash, a sanitizer
// report, another exception) is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "sc_model/common/error.h"
#include "sc_model/ptx/ir.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const scwarp::ptx::Module module = scwarp::ptx::parse_module(text, "fuzz.ptx");
    for (const scwarp::ptx::Function& f : module.functions) {
      if (f.is_entry) scwarp::ptx::check_kernel(module, f);
    }
  } catch (const scwarp::Error&) {
  }
  return 0;
}
