#!/usr/bin/python3
"""Rewrites the option table of docs/configuration.md from `scwarp list options`.

The table is the one the OptionTable.ConfigurationDocListsEveryOption test
checks row by row; run this after adding, renaming or changing an option:

    /usr/bin/python3 scripts/gen_option_docs.py [--scwarp build/scwarp]
"""
import argparse
import pathlib
import re
import subprocess

REPO = pathlib.Path(__file__).resolve().parent.parent
HEADER = "| option | default | meaning |\n|---|---|---|\n"
LINE = re.compile(r"^-(\S+) (.*?)    # (.*)$")


def rows(scwarp):
    listed = subprocess.run([scwarp, "list", "options"], check=True, capture_output=True, text=True).stdout
    for line in listed.splitlines():
        match = LINE.match(line)
        if not match:
            raise SystemExit(f"gen_option_docs: cannot read option line {line!r}")
        name, value, meaning = match.groups()
        yield f"| `-{name}` | `{value.strip()}` | {meaning.replace('<', chr(92) + '<')} |"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scwarp", default=str(REPO / "build" / "scwarp"))
    args = parser.parse_args()
    doc = REPO / "docs" / "configuration.md"
    text = doc.read_text()
    start = text.index(HEADER) + len(HEADER)
    end = text.index("\n\n", start)
    doc.write_text(text[:start] + "\n".join(rows(args.scwarp)) + text[end:])


if __name__ == "__main__":
    main()
