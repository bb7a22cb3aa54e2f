"""What the sweep_report.py unit tests share: the skip where matplotlib is
absent, one run of sweep_report.py on a made-up sweep and seed file, and
the verdict."""
import json
import os
import subprocess
import sys
import tempfile

SKIPPED = 77


def run_report(sweep_report_py, write_sweep, seed, extra_args=()):
    """Writes a sweep (write_sweep(folder)) and the seed file in a temporary
    folder, runs sweep_report.py with --claims on them and returns
    (report.md text, claims text, report folder contents by name), or None
    after printing why it failed. The folder is gone afterwards."""
    with tempfile.TemporaryDirectory() as folder:
        sweep, out = os.path.join(folder, "sweep"), os.path.join(folder, "report")
        os.makedirs(sweep)
        write_sweep(sweep)
        seed_path, claims = os.path.join(folder, "synthetic.json"), os.path.join(folder, "claims.md")
        with open(seed_path, "w") as f:
            json.dump(seed, f)
        command = [sys.executable, sweep_report_py, sweep, "--out", out, "--seed", seed_path,
                   "--claims", claims, *extra_args]
        r = subprocess.run(command, capture_output=True, text=True)
        if r.returncode != 0:
            print(f"FAIL: {' '.join(command)} exited {r.returncode}:\n{r.stderr}")
            return None
        with open(os.path.join(out, "report.md")) as f:
            report = f.read()
        with open(claims) as f:
            doc = f.read()
        sizes = {name: os.path.getsize(os.path.join(out, name)) for name in os.listdir(out)}
        return report, doc, sizes


def matplotlib_missing():
    if subprocess.run([sys.executable, "-c", "import matplotlib"], capture_output=True).returncode == 0:
        return False
    print(f"SKIP: {sys.executable} cannot import matplotlib")
    return True


def verdict(name, failures, report, doc):
    """Prints the failures (with both texts when there are any); the exit status."""
    if failures:
        print(report + "\n----\n" + doc)
    for f in failures:
        print("FAIL: " + f)
    print(f"{name}: {len(failures)} failures")
    return 1 if failures else 0
