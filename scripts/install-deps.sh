#!/usr/bin/env bash
# Installs every Debian 12 package scwarp needs. Idempotent: when everything is
# already there it only checks (no apt-get update), so it is fast to re-run.
set -euo pipefail
packages=(
  build-essential cmake pkg-config ccache git
  libsystemc-dev verilator
  googletest libgtest-dev libgmock-dev
  libcli11-dev nlohmann-json3-dev libfmt-dev
  yosys opensta qflow-tech-osu018
  python3 python3-matplotlib
  clang-14 libclang-rt-14-dev  # scripts/fuzz: clang and its libFuzzer, ASan, UBSan runtimes
  slurm-wlm munge  # scwarp sweep --backend slurm's test: a single-node Slurm (scripts/slurm-local)
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "install-deps: all ${#packages[@]} packages present"
fi
