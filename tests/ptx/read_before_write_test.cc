// Registers a thread may read before writing them: the ones a new call frame
// must zero (Engine::make_frame leaves every other register as it finds it).
#include "sc_model/ptx/read_before_write.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/ptx/ptx_test_util.h"

namespace scwarp::ptx::test {
namespace {

// The names of the registers of kernel `k` around `body` read before written.
std::vector<std::string> read_first(const std::string& body) {
  Module m = parse_text(wrap_kernel(body));
  const Function& k = *m.find_function("k");
  std::vector<std::string> names;
  for (uint32_t r : registers_read_before_written(k)) names.push_back(k.regs[r].name);
  return names;
}

using Names = std::vector<std::string>;

TEST(ReadBeforeWrite, StraightLineWritesBeforeReads) {
  EXPECT_EQ(read_first("mov.u32 %r1, 5;\n"
                       "add.u32 %r2, %r1, %r1;\n"
                       "st.global.u32 [%rd1], %r2;\n"
                       "ret;"),
            Names{"%rd1"});
}

TEST(ReadBeforeWrite, ARegisterReadInItsOwnFirstWrite) {
  EXPECT_EQ(read_first("add.u32 %r1, %r1, 1;\n"
                       "ret;"),
            Names{"%r1"});
}

TEST(ReadBeforeWrite, AGuardedWriteAssignsNothing) {
  EXPECT_EQ(read_first("setp.lt.u32 %p1, %r0, 4;\n"  // %r0 itself is read first
                       "@%p1 mov.u32 %r1, 1;\n"
                       "st.global.u32 [%rd0], %r1;\n"
                       "ret;"),
            (Names{"%r0", "%r1", "%rd0"}));  // in declaration order
}

// An if/else whose arms run `then_arm` and `else_arm`, then `after` at the
// join; %rd1 and %p1 (and %r2, the condition's input) are written before.
std::string if_else(const std::string& then_arm, const std::string& else_arm, const std::string& after) {
  return "mov.u64 %rd1, 0;\n"
         "mov.u32 %r2, 0;\n"
         "setp.eq.u32 %p1, %r2, 0;\n"
         "@%p1 bra ELSE;\n" +
         then_arm +
         "bra.uni JOIN;\n"
         "ELSE: " +
         else_arm + "JOIN: " + after + "ret;";
}

TEST(ReadBeforeWrite, AWriteOnOneArmOnlyIsNotAssignedAfterTheJoin) {
  EXPECT_EQ(read_first(if_else("mov.u32 %r1, 1;\n", "mov.u32 %r3, 2;\n",
                               "st.global.u32 [%rd1], %r1;\nst.global.u32 [%rd1], %r3;\n")),
            (Names{"%r1", "%r3"}));
}

TEST(ReadBeforeWrite, WritesOnBothArmsAreAssignedAfterTheJoin) {
  EXPECT_EQ(read_first(if_else("mov.u32 %r1, 1;\n", "mov.u32 %r1, 2;\n", "st.global.u32 [%rd1], %r1;\n")),
            Names{});
}

TEST(ReadBeforeWrite, ALoopCarriedRegisterWrittenOnlyInTheBodyIsReadFirst) {
  // %r1 is written before the loop; %r3 only inside it, after its read on
  // the first iteration's path.
  EXPECT_EQ(read_first("mov.u64 %rd1, 0;\n"
                       "mov.u32 %r1, 0;\n"
                       "LOOP: add.u32 %r4, %r3, %r1;\n"
                       "mov.u32 %r3, %r4;\n"
                       "add.u32 %r1, %r1, 1;\n"
                       "setp.lt.u32 %p1, %r1, 8;\n"
                       "@%p1 bra LOOP;\n"
                       "st.global.u32 [%rd1], %r3;\n"
                       "ret;"),
            Names{"%r3"});
}

TEST(ReadBeforeWrite, AShuffleSourceIsAlwaysZeroed) {
  // Another lane's %r1 may never have been written, whatever this lane did.
  EXPECT_EQ(read_first("mov.u64 %rd1, 0;\n"
                       "mov.u32 %r1, 7;\n"
                       "mov.u32 %r2, 1;\n"
                       "shfl.sync.down.b32 %r3, %r1, %r2, 31, -1;\n"
                       "st.global.u32 [%rd1], %r3;\n"
                       "ret;"),
            (Names{"%r1", "%r2"}));
}

TEST(ReadBeforeWrite, UnreachableCodeReadsNothing) {
  EXPECT_EQ(read_first("ret;\n"
                       "add.u32 %r1, %r2, 1;"),
            Names{});
}

}  // namespace
}  // namespace scwarp::ptx::test
