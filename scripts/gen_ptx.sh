#!/usr/bin/env bash
# Regenerates the committed PTX of every workload from tb/workloads/kernels/*.cu
# with fixed flags (deterministic for a given nvcc), and resources.json: per
# kernel {"registers", "shared_bytes", "local_bytes"} as `ptxas -v` reports them
# for sm_75, assembling exactly the PTX written (what nvcc -cubin would do).
# It also counts the registers of each kernel transformed for VTW in every
# mode (`scwarp transform --vtw=MODE`; seed 004 Table 7: the transformation
# changes register pressure and so residency), as entries "vtw:MODE/<kernel>".
# ptxas does not know scwarp's nexttbid/nexttid: each is counted as an opaque
# %clock read into its destination (nexttid.same, which returns its operand,
# as a mov of it).
#   scripts/gen_ptx.sh [OUT_DIR]     (default: tb/workloads/ptx)
# nvcc is taken from PATH, else /usr/local/cuda/bin; scwarp from $SCWARP, else build/scwarp.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
kernels="$root/tb/workloads/kernels"
out="${1:-$root/tb/workloads/ptx}"
NVCC="$(command -v nvcc || true)"
[ -n "$NVCC" ] || NVCC=/usr/local/cuda/bin/nvcc
[ -x "$NVCC" ] || { echo "gen_ptx: nvcc not found on PATH or in /usr/local/cuda/bin" >&2; exit 1; }
PTXAS="$(dirname "$NVCC")/ptxas"
[ -x "$PTXAS" ] || PTXAS="$(command -v ptxas || true)"
[ -n "$PTXAS" ] || { echo "gen_ptx: ptxas not found next to $NVCC or on PATH" >&2; exit 1; }

SCWARP="${SCWARP:-$root/build/scwarp}"
[ -x "$SCWARP" ] || { echo "gen_ptx: no scwarp program at $SCWARP (build it, or set SCWARP)" >&2; exit 1; }

mkdir -p "$out"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

shopt -s nullglob
sources=("$kernels"/*.cu)
((${#sources[@]})) || { echo "gen_ptx: no .cu files in $kernels" >&2; exit 1; }
for cu in "${sources[@]}"; do
  name="$(basename "$cu" .cu)"
  "$NVCC" -arch=sm_75 -O3 -ptx "$cu" -o "$out/$name.ptx"
  # ptxas -v reports on stderr; keep it per workload for the JSON step below.
  "$PTXAS" -arch=sm_75 -O3 -v "$out/$name.ptx" -o "$tmp/$name.cubin" 2> "$tmp/$name.ptxas"
done

vtw_modes=(same slowest lowest software)
for mode in "${vtw_modes[@]}"; do
  mkdir -p "$tmp/vtw:$mode"
  for cu in "${sources[@]}"; do
    name="$(basename "$cu" .cu)"
    "$SCWARP" transform --vtw="$mode" --ptx "$out/$name.ptx" --out "$tmp/$name.$mode.ptx"
    sed -E -e 's/nexttbid\.u32 ([^,]+), [^;]+;/mov.u32 \1, %clock;/' \
           -e 's/nexttid\.same\.u32 ([^,]+), ([^;]+);/mov.u32 \1, \2;/' \
           -e 's/nexttid\.(slowest|lowest)\.u32 ([^,]+), [^;]+;/mov.u32 \2, %clock;/' \
           "$tmp/$name.$mode.ptx" > "$tmp/$name.$mode.counted.ptx"
    "$PTXAS" -arch=sm_75 -O3 -v "$tmp/$name.$mode.counted.ptx" -o "$tmp/$name.$mode.cubin" \
      2> "$tmp/vtw:$mode/$name.ptxas"
  done
done

# ptxas -v prints, per function:
#   ptxas info    : Compiling entry function 'NAME' for 'sm_75'      (kernels only)
#   ptxas info    : Function properties for NAME
#       N bytes stack frame, N bytes spill stores, N bytes spill loads
#   ptxas info    : Used N registers, used N barriers, N bytes smem, ...
# Only entry functions go into resources.json.
# Transformed kernels' entries are named "vtw:MODE/<kernel>".
python3 - "$tmp" "$out/resources.json" "${vtw_modes[@]}" <<'PY'
import glob, json, re, sys
tmp, dest, modes = sys.argv[1], sys.argv[2], sys.argv[3:]
kernels = {}
reports = [(path, "") for path in sorted(glob.glob(tmp + "/*.ptxas"))]
for mode in modes:
    reports += [(path, "vtw:%s/" % mode) for path in sorted(glob.glob(tmp + "/vtw:%s/*.ptxas" % mode))]
for path, prefix in reports:
    entry = None
    current = None   # function whose properties / usage lines follow
    entries = set()
    stack = {}
    for line in open(path):
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            entries.add(m.group(1)); current = m.group(1); continue
        m = re.search(r"Function properties for (\S+)", line)
        if m:
            current = m.group(1); continue
        m = re.search(r"(\d+) bytes stack frame", line)
        if m and current:
            stack[current] = int(m.group(1)); continue
        m = re.search(r"Used (\d+) registers", line)
        if m and current in entries:
            smem = re.search(r"(\d+) bytes smem", line)
            kernels[prefix + current] = {"registers": int(m.group(1)),
                                "shared_bytes": int(smem.group(1)) if smem else 0,
                                "local_bytes": stack.get(current, 0)}
    missing = {prefix + e for e in entries} - kernels.keys()
    if missing:
        sys.exit("gen_ptx: no register usage parsed for %s in %s" % (sorted(missing), path))
with open(dest, "w") as f:
    json.dump(kernels, f, indent=2, sort_keys=True)
    f.write("\n")
PY
echo "gen_ptx: wrote ${#sources[@]} PTX files and resources.json to $out"
