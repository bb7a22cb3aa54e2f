#!/usr/bin/env bash
# Builds the unit test binaries with AddressSanitizer and UndefinedBehaviorSanitizer
# in build-asan/ and runs them: any report fails the run (the first one stops
# its test; UBSan does not recover). Only the layers that take untrusted input
# are covered (PTX parsing and checks, the functional engine, the runtime's
# launch checks, config files): building every test binary with the
# sanitizers costs over 40 minutes on CI's 2 cores. Left out: the timing model
# (sched, mem, sm, gpu), the programs' tests (cli, workloads) and the
# Verilated RTL (cosim, rtl), which would rebuild the Verilator models too.
set -euo pipefail
cd "$(dirname "$0")/.."
tests=(ptx_tests func_tests runtime_tests config_tests)
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSCWARP_SANITIZE=ON >/dev/null
cmake --build build-asan -j"$(nproc)" --target "${tests[@]}"
export ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:detect_leaks=1:strict_string_checks=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
labels=$(IFS='|'; echo "${tests[*]}")
ctest --test-dir build-asan --output-on-failure -j"$(nproc)" -L "^(${labels})\$"
