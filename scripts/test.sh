#!/usr/bin/env bash
# Sets up, builds and runs the whole GoogleTest suite through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
ctest --test-dir build --output-on-failure -j"$(nproc)"
