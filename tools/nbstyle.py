#!/usr/bin/python3
"""Check the notebooks against the page form of CONTRIBUTING.md (no kernel needed).

A notebook fails when
  - a code cell has more than 25 lines, or the median code cell more than 15;
  - a line of code is longer than 90 characters;
  - a code cell does not follow a Markdown cell (a sentence of prose before every code cell);
  - outside the last section, "## Notes on the lecture source", the text or a code comment or
    string speaks of the lecture source's errata: the words erratum/errata, spec, "seed's",
    "the seed" (of a lecture), "seed 001", or erratum labels such as E12 or C14;
  - a Markdown table row has a | inside $…$ (it splits the cell and leaves raw TeX);
  - a figure captioned "**Figure N.k.**" is not cited ("Figure N.k") anywhere else in the text;
  - the page does not end with its sections "## Summary", "## Exercises" and, in a chapter (any
    notebook but notebooks/00-*), "## Notes on the lecture source", in this order.

Notebooks written before the page form are listed in tools/nbstyle-pending.txt: they are
reported as pending and do not fail the run, but a listed notebook that already passes fails
it, so the list only shrinks. Exit status 1 on any failure.
"""

import argparse
import glob
import os
import re
import statistics
import sys

import nbformat

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PENDING = os.path.join(ROOT, "tools", "nbstyle-pending.txt")
MAX_LINES, MAX_MEDIAN, MAX_WIDTH = 25, 15, 90
NOTES = re.compile(r"^##\s+Notes on the lecture source\s*$", re.M)
SOURCE_WORDS = re.compile(
    r"\berrat(?:um|a)\b|\bspec(?:'s|s)?\b|\bseed's\b|\bseed \d{3}\b|"
    r"\bthe seed\b(?! (?:value|of the|is|=|\d|fixes|makes|gives))|\b[EC]\d{1,2}\b", re.I)
LABEL = re.compile(r"\b[EC]\d{1,2}\b")
# the parts of Go source a reader reads as text: comments and string literals
GO_TEXT = re.compile(r'//[^\n]*|"(?:[^"\\\n]|\\.)*"|`[^`]*`')


def source_terms(text, code):
    """Words about the lecture source in text (for code: in its comments and strings)."""
    if code:
        text = "\n".join(GO_TEXT.findall(text))
    found = []
    for m in SOURCE_WORDS.finditer(text):
        word = m.group(0)
        if LABEL.fullmatch(word) and not word.isupper():
            continue  # e1, c2: not a label
        found.append(word)
    return found


def check(path):
    """Problems of one notebook, as short sentences naming the cell."""
    nb = nbformat.read(path, as_version=4)
    problems, sizes = [], []
    in_notes = False
    prev = None
    for i, cell in enumerate(nb.cells, 1):
        src = cell.source
        if cell.cell_type == "markdown" and NOTES.search(src):
            in_notes = True
        if cell.cell_type == "code":
            lines = src.rstrip("\n").splitlines()
            while lines and not lines[-1].strip():
                lines.pop()
            sizes.append(len(lines))
            first = next((l.strip() for l in lines if l.strip() and l.strip() != "%%"), "")[:50]
            where = f"cell {i} ({first!r})"
            if len(lines) > MAX_LINES:
                problems.append(f"{where}: {len(lines)} lines (at most {MAX_LINES})")
            for n, line in enumerate(lines, 1):
                width = len(line.expandtabs(4))
                if width > MAX_WIDTH:
                    problems.append(f"{where} line {n}: {width} characters (at most {MAX_WIDTH})")
            if prev is None or prev.cell_type != "markdown":
                problems.append(f"{where}: no prose before it (a Markdown cell must come first)")
        if cell.cell_type == "markdown":
            problems += [f"cell {i}: a table row splits a formula (write \\lvert … \\rvert "
                         f"for | inside $…$): {row[:60]!r}" for row in split_math(src)]
        if not in_notes:
            terms = source_terms(src, cell.cell_type == "code")
            if terms:
                shown = ", ".join(sorted(set(terms))[:6])
                problems.append(f"cell {i}: speaks of the lecture source outside "
                                f"'## Notes on the lecture source': {shown}")
        prev = cell
    problems += ending(nb, not os.path.basename(path).startswith("00-"))
    problems += unreferenced(nb)
    if sizes and statistics.median(sizes) > MAX_MEDIAN:
        problems.append(f"median code cell {statistics.median(sizes):g} lines (at most {MAX_MEDIAN})")
    return problems


def split_math(text):
    """Markdown table rows with a cell holding an odd number of $: a | inside math split it."""
    rows = []
    for line in text.splitlines():
        if line.lstrip().startswith("|"):
            cells = re.split(r"(?<!\\)\|", line)
            if any(len(re.findall(r"(?<!\\)\$", c)) % 2 for c in cells):
                rows.append(line.strip())
    return rows


CAPTION = re.compile(r"^\*\*Figure ([0-9A-Z]+)\.(\d+)\.\*\*")
FIGREF = re.compile(r"\bFigures? ([0-9A-Z]+)\.(\d+)(?:\s*(?:–|-|to|and)\s*(?:\1\.)?(\d+))?")


def unreferenced(nb):
    """Figures whose number no Markdown text cites (outside the figure's own caption)."""
    captions, cited = [], set()
    for c in nb.cells:
        if c.cell_type != "markdown":
            continue
        text = c.source.lstrip()
        m = CAPTION.match(text)
        if m:
            captions.append((m.group(1), int(m.group(2))))
            text = text[m.end():]
        for ch, a, b in FIGREF.findall(text):
            cited.update((ch, k) for k in range(int(a), int(b or a) + 1))
    return [f"Figure {ch}.{k} is never cited in the text" for ch, k in captions
            if (ch, k) not in cited]


def ending(nb, chapter):
    """The closing sections: Summary, Exercises, then (in a chapter) the notes, and nothing after."""
    heads = [line.strip() for c in nb.cells if c.cell_type == "markdown"
             for line in c.source.splitlines() if re.match(r"##\s", line)]
    want = ["## Summary", "## Exercises"] + (["## Notes on the lecture source"] if chapter else [])
    got = heads[-len(want):]
    if [re.sub(r"\s+", " ", h) for h in got] == want:
        return []
    return [f"the page must end with the sections {', '.join(want)} in this order; "
            f"its last sections are {', '.join(got) or 'none'}"]


def selftest():
    """The check itself: a notebook in the page form passes, one breaking each rule fails."""
    data = os.path.join(ROOT, "tools", "testdata")
    good = check(os.path.join(data, "style-good.ipynb"))
    bad = "\n".join(check(os.path.join(data, "style-bad.ipynb")))
    want = ["31 lines", "115 characters", "no prose before it", "E14", "erratum", "spec's", "the seed",
            "must end with the sections", "never cited", "splits a formula"]
    missing = [w for w in want if w not in bad]
    if good or missing:
        print(f"notebook style self-test FAILED: good notebook: {good}; not reported: {missing}")
        return False
    print("notebook style self-test: long cells, wide lines, missing prose, lecture-source words "
          "and uncited figures are caught: ok")
    return True


def read_pending():
    if not os.path.exists(PENDING):
        return set()
    with open(PENDING) as f:
        return {l.split("#")[0].strip() for l in f if l.split("#")[0].strip()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("notebooks", nargs="*", help="default: every notebook under notebooks/")
    ap.add_argument("-v", "--verbose", action="store_true", help="list the problems of pending notebooks")
    ap.add_argument("--selftest", action="store_true", help="check the checker on tools/testdata first")
    args = ap.parse_args()
    if args.selftest and not selftest():
        return 1
    paths = args.notebooks or sorted(
        p for p in glob.glob(os.path.join(ROOT, "notebooks", "**", "*.ipynb"), recursive=True)
        if ".ipynb_checkpoints" not in p)
    pending = read_pending()
    failed, passed, waiting = 0, 0, []
    seen = set()
    for path in paths:
        rel = os.path.relpath(os.path.abspath(path), ROOT)
        seen.add(rel)
        problems = check(path)
        if rel in pending:
            if problems:
                waiting.append((rel, len(problems)))
                if args.verbose:
                    print(f"pending  {rel}")
                    for p in problems:
                        print("    " + p)
            else:
                failed += 1
                print(f"FAIL  {rel}: passes the page form but is listed in "
                      f"{os.path.relpath(PENDING, ROOT)}; remove it from the list")
        elif problems:
            failed += 1
            print(f"FAIL  {rel}")
            for p in problems[:20]:
                print("    " + p)
            if len(problems) > 20:
                print(f"    … and {len(problems) - 20} more")
        else:
            passed += 1
    if not args.notebooks:
        for rel in sorted(pending - seen):
            failed += 1
            print(f"FAIL  {rel} is listed in {os.path.relpath(PENDING, ROOT)} but does not exist")
    print(f"notebook style: {passed} pass, {failed} fail, pending ({len(waiting)}): " +
          ", ".join(f"{os.path.basename(r)} [{n}]" for r, n in waiting))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
