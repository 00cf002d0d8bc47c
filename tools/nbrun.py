#!/usr/bin/python3
"""Execute GoNB notebooks headless and report one line per notebook.

Each notebook runs in a fresh GoNB kernel (the project's kernel, found through JUPYTER_DATA_DIR)
with the notebook's folder as working directory. A cell that fails (compile error, panic, a false
claim) stops that notebook; the runner names the notebook, the cell and the error, and goes on
with the next notebook. The last line is "N passed, M failed"; the exit status is 1 when any
notebook failed.

With --executed-dir the executed notebook (outputs included) is written there under the same
relative path, with its run time and claim count in the metadata, for the book builder.
"""

import argparse
import os
import re
import sys
import time

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

# Live figures (sltk/live) draw their still figure: no front end answers a widget here. Set for
# the kernel that run() starts only, not in os.environ: the lab's server imports this module
# (File → Download as → sltk report, via tools/report.py), and its kernels must stay live.
KERNEL_ENV = {"SLTK_LIVE": os.environ.get("SLTK_LIVE", "still")}

CLAIM_MARKER = "✔ claim:"
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def output_text(out):
    """Plain text of one cell output (streams, text/plain and HTML-wrapped text)."""
    if out.get("output_type") == "stream":
        return out.get("text", "")
    if out.get("output_type") == "error":
        return "\n".join([out.get("ename", ""), out.get("evalue", "")] + out.get("traceback", []))
    data = out.get("data", {})
    return data.get("text/plain", "") or data.get("text/html", "")


def count_claims(nb):
    n = 0
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            n += output_text(out).count(CLAIM_MARKER)
    return n


class MissingFigures(Exception):
    """A cell called viz.Show or viz.MustShow more often than figures arrived in its output."""


def check_figures(nb):
    """Each viz.Show or viz.MustShow written in a cell must have produced a figure (an SVG).

    A figure can go missing without any error when the cell's program exits before the kernel
    has read it; the notebook would then pass with a hole in the book. Show calls inside loops
    produce more figures than written calls, which is fine; fewer is not.
    """
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        code = "\n".join(l for l in cell.source.splitlines() if not l.lstrip().startswith("//"))
        shows = code.count("viz.Show(") + code.count("viz.MustShow(")
        figures = sum(1 for o in cell.get("outputs", [])
                      if "<svg" in "".join(o.get("data", {}).get("text/html", "")))
        if figures < shows:
            first = next((l for l in cell.source.splitlines() if l.strip() and l.strip() != "%%"), "")
            raise MissingFigures(f"in cell {i + 1}: {shows} Show calls but {figures} figures "
                                 f"in the output ({first.strip()[:80]})")


def failing_cell(nb):
    """Index (0-based among all cells) and cell of the first cell with an error output."""
    for i, cell in enumerate(nb.cells):
        if any(o.get("output_type") == "error" for o in cell.get("outputs", [])):
            return i, cell
    return None, None


def describe_failure(nb, exc):
    if isinstance(exc, MissingFigures):
        return "    " + str(exc)
    i, cell = failing_cell(nb)
    lines = []
    if cell is None:
        return "    " + str(exc).strip().splitlines()[-1][:200]
    code_no = sum(1 for c in nb.cells[: i + 1] if c.cell_type == "code")
    first = next((l for l in cell.source.splitlines() if l.strip() and l.strip() != "%%"), "")
    lines.append(f"    in cell {i + 1} (code cell {code_no}): {first.strip()[:100]}")
    outs = cell.get("outputs", [])
    text = "".join(o.get("text", "") for o in outs if o.get("output_type") == "stream")
    if not text.strip():  # compile errors come as HTML
        html = "".join(o.get("data", {}).get("text/html", "") for o in outs)
        html = re.sub(r"<style.*?</style>", "", html, flags=re.S)
        text = re.sub(r"<[^>]+>", "", html)
    text = ANSI.sub("", text)
    # Keep what says what went wrong and where in the cell; drop stack frames.
    frame = re.compile(r"^(\t|goroutine |[\w./-]+\.[\w.()*]+\(.*\)$)")
    keep = [l.strip() for l in text.splitlines()
            if l.strip() and (not frame.match(l) or "[[ Cell" in l)]
    lines.extend("    " + l[:200] for l in keep[:10])
    return "\n".join(lines)


def run(path, timeout, executed_dir, root, log):
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        kernel_name="gonb",
        timeout=timeout,
        startup_timeout=120,
        resources={"metadata": {"path": os.path.dirname(os.path.abspath(path))}},
    )
    start = time.monotonic()
    error = None
    try:
        client.execute(stdout=log, stderr=log, env={**os.environ, **KERNEL_ENV})
    except (CellExecutionError, CellTimeoutError, DeadKernelError) as exc:
        error = exc
    if error is None:
        try:
            check_figures(nb)
        except MissingFigures as exc:
            error = exc
    seconds = time.monotonic() - start
    claims = count_claims(nb)
    nb.metadata["sltk"] = {"seconds": round(seconds, 1), "claims": claims, "passed": error is None}
    if executed_dir:
        rel = os.path.relpath(os.path.abspath(path), root)
        out = os.path.join(executed_dir, rel)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        nbformat.write(nb, out)
    return error, seconds, claims, nb


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("notebooks", nargs="+")
    ap.add_argument("--timeout", type=int, default=600, help="seconds per cell")
    ap.add_argument("--executed-dir", help="write executed notebooks here")
    ap.add_argument("--root", default=os.getcwd(), help="paths in --executed-dir are relative to this")
    ap.add_argument("--kernel-log", default=os.devnull, help="where the kernel's own log goes")
    args = ap.parse_args()

    passed = failed = 0
    with open(args.kernel_log, "a") as log:
        for path in args.notebooks:
            rel = os.path.relpath(path, args.root)
            try:
                error, seconds, claims, nb = run(path, args.timeout, args.executed_dir, args.root, log)
            except Exception as exc:  # unreadable notebook, kernel that would not start
                failed += 1
                print(f"FAIL  {rel}  could not run: {exc}", flush=True)
                continue
            if error is None:
                passed += 1
                print(f"PASS  {rel}  {seconds:6.1f} s  {claims} claims checked", flush=True)
            else:
                failed += 1
                print(f"FAIL  {rel}  {seconds:6.1f} s  {claims} claims checked before the failure", flush=True)
                print(describe_failure(nb, error), flush=True)
    print(f"notebooks: {passed} passed, {failed} failed", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
