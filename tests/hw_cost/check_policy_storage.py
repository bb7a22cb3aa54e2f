#!/usr/bin/env python3
"""scripts/policy_storage on the built simulator: RLWS's count on the
built-in configuration is the paper's 52 registers = 208 bytes, RLWS_MS's
46 registers, large warps' seed 002's 224 bytes, and docs/policy_storage.md is what the script writes today.

  check_policy_storage.py SCRIPT SCWARP OUT_DIR DOC
"""
import os
import subprocess
import sys


def main():
    script, scwarp, out_dir, doc = sys.argv[1:5]
    os.makedirs(out_dir, exist_ok=True)
    out = os.path.join(out_dir, "policy_storage.md")
    subprocess.run([sys.executable, script, "--scwarp", scwarp, "--out", out], check=True)
    text = open(out).read()
    problems = []
    if "| `rlws` | N(A+1)+4 = 52 32-bit registers (208 bytes)" not in text:
        problems.append("rlws is not 52 registers (208 bytes) on the built-in configuration")
    if "| `rlws_ms` | N(A+1)+4 = 46 32-bit registers (184 bytes)" not in text:
        problems.append("rlws_ms is not 46 registers (184 bytes)")
    if "(224 bytes)" not in text:
        problems.append("large warps are not seed 002's 224 bytes on its single-core machine")
    if "equal to the paper's figure" not in text:
        problems.append("rlws does not match the paper's 208 bytes")
    if text != open(doc).read():
        problems.append("%s is out of date: rerun scripts/policy_storage" % doc)
    for p in problems:
        print("FAIL:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
