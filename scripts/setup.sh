#!/usr/bin/env bash
# Installs the Debian packages scwarp needs and builds the simulator (the
# `scwarp` target, all the default run needs) into build/. SCWARP_BUILD=all
# builds every target, the test binaries too (scripts/test.sh sets it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
if [ "${SCWARP_BUILD:-scwarp}" = all ]; then
  cmake --build build -j"$(nproc)"
else
  cmake --build build -j"$(nproc)" --target scwarp
fi
