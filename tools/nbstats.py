#!/usr/bin/python3
"""Print a Markdown table of each chapter's shape: code cells, words, figures, claims.

Columns: the longest and the median code cell (lines), code lines wider than 90 characters,
words of prose, figures (captions "**Figure N.k.**" and figures shown), and claims checked.
Figures shown and claims are counted in the executed notebook of the last book build
(build/cache/), when there is one; otherwise they are left empty. Run it before and after a
chapter's rewrite for the before/after table of a change note:

    python3 tools/nbstats.py > before.md
"""

import argparse
import glob
import os
import re
import statistics
import sys

import nbformat

sys.dont_write_bytecode = True  # no __pycache__ in tools/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nbrun  # noqa: E402
import nbstyle  # noqa: E402

ROOT = nbstyle.ROOT


def stats(path):
    nb = nbformat.read(path, as_version=4)
    sizes, wide, words, captions = [], 0, 0, 0
    for cell in nb.cells:
        if cell.cell_type == "code":
            lines = cell.source.rstrip("\n").splitlines()
            sizes.append(len(lines))
            wide += sum(1 for l in lines if len(l.expandtabs(4)) > nbstyle.MAX_WIDTH)
        elif cell.cell_type == "markdown":
            text = re.sub(r"\$\$.*?\$\$|\$[^$]*\$", " ", cell.source, flags=re.S)
            words += len(re.findall(r"[A-Za-zÀ-ÿ]+(?:'[a-z]+)?", text))
            captions += bool(re.match(r"\s*\*\*Figure [0-9A-Z]+\.\d+\.?\*\*", cell.source))
    shown = claims = ""
    executed = os.path.join(ROOT, "build", "cache", os.path.relpath(os.path.abspath(path), ROOT))
    if os.path.exists(executed):
        ex = nbformat.read(executed, as_version=4)
        shown = sum(1 for c in ex.cells for o in c.get("outputs", []) if "<svg" in nbrun.output_text(o))
        claims = nbrun.count_claims(ex)
    return {"longest": max(sizes, default=0), "median": statistics.median(sizes) if sizes else 0,
            "cells": len(sizes), "wide": wide, "words": words, "captions": captions,
            "shown": shown, "claims": claims}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("notebooks", nargs="*", help="default: every notebook under notebooks/")
    args = ap.parse_args()
    paths = args.notebooks or sorted(
        p for p in glob.glob(os.path.join(ROOT, "notebooks", "**", "*.ipynb"), recursive=True)
        if ".ipynb_checkpoints" not in p)
    print("| chapter | code cells | longest | median | lines > 90 | words | captions | figures shown | claims |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for path in paths:
        s = stats(path)
        print(f"| {os.path.relpath(os.path.abspath(path), os.path.join(ROOT, 'notebooks'))} | {s['cells']} | "
              f"{s['longest']} | {s['median']:g} | {s['wide']} | {s['words']} | {s['captions']} | "
              f"{s['shown']} | {s['claims']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
