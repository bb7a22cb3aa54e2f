#!/usr/bin/env bash
# Sets up, builds and runs the whole GoogleTest suite through ctest, then the
# unit tests of the input-facing layers again under ASan and UBSan
# (scripts/sanitize.sh, its own build-asan/ folder).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
bash scripts/sanitize.sh
