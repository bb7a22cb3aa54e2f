// Entry point of the test binaries that link SystemC: libsystemc's main()
// calls sc_main. ctest runs each test case in its own process (SystemC
// elaborates one design per process).
#include <gtest/gtest.h>
#include <systemc>

extern "C" int sc_main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
