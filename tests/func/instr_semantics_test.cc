// The one check every instruction-semantics table row runs through.
#include "tests/func/kernel_harness.h"

namespace scwarp::test {

void PrintTo(const Case& c, std::ostream* os) { *os << c.instr; }

TEST_P(InstrSemantics, Computes) {
  const Case& k = GetParam();
  EXPECT_EQ(eval(k.instr, k.out, k.a, k.b, k.c), k.expect) << k.instr;
}

}  // namespace scwarp::test
