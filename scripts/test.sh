#!/usr/bin/env bash
# Sets up, builds and runs the whole GoogleTest suite through ctest, then the
# unit tests of the input-facing layers again under ASan and UBSan
# (scripts/sanitize.sh, its own build-asan/ folder), then a smoke run of each
# libFuzzer harness (scripts/fuzz, build-fuzz/): its regression inputs
# replayed and FUZZ_SMOKE_SECONDS (default 15) of fuzzing from the
# repository's seeds, so an input class that crashes again fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
SCWARP_BUILD=all bash scripts/setup.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
bash scripts/sanitize.sh
bash scripts/fuzz "${FUZZ_SMOKE_SECONDS:-15}"
