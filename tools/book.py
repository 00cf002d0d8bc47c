#!/usr/bin/python3
"""Build the HTML book: execute the notebooks and write build/book/.

A notebook is executed again only when its key changed. The key hashes the notebook's own JSON,
every file of the sltk packages it imports (with their in-module dependencies, found by
`go list -deps`), go.mod/go.sum (library versions) and tools/go.sum (the GoNB version). Executed
notebooks and their keys are kept in build/cache/. --force executes everything.

The book is written into build/book.new and moved to build/book only when every notebook
passed; a failing notebook (named with its cell) removes the old book too, so no stale or
half-written book is left looking complete.
"""

import argparse
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys

import nbformat
from nbconvert import HTMLExporter
from pygments.formatters import HtmlFormatter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nbrun  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULE = "github.com/sltk-book/sltk"
MATHJAX_SRC = "/usr/share/javascript/mathjax"
# The parts of MathJax 2 that TeX input with CommonHTML output loads.
MATHJAX_PARTS = ["MathJax.js", "config/TeX-AMS_CHTML.js", "extensions", "jax/input/TeX",
                 "jax/output/CommonHTML", "jax/element", "localization/en", "fonts/HTML-CSS/TeX/woff"]

COURSES = [
    ("", "Getting started", "A first tour: load a data set, cluster it, plot it, check a claim."),
    ("slt", "Statistical learning theory",
     "ETH Zürich lecture script: maximum entropy, posterior agreement, MCMC, annealing, "
     "Laplace's method, histogram clustering, channel coding, EM."),
    ("ml", "Machine learning",
     "Lecture notes: independent component analysis, stochastic optimisation, clustering and "
     "embedding, density estimation."),
    ("afds", "Algorithmic foundations of data science",
     "RWTH Aachen slides: ML algorithms, information and compression, PAC learning, "
     "multiplicative weights, and more."),
]


def sha(*chunks):
    h = hashlib.sha256()
    for c in chunks:
        h.update(c if isinstance(c, bytes) else c.encode())
    return h.hexdigest()


def read(path):
    with open(path, "rb") as f:
        return f.read()


def imported_packages(nb):
    pkgs = set()
    for cell in nb.cells:
        if cell.cell_type == "code":
            pkgs.update(re.findall(r'"(' + re.escape(MODULE) + r'/[^"]+)"', cell.source))
    return sorted(pkgs)


def package_dirs(pkgs, memo={}):
    """Directories of the in-module packages that pkgs import, pkgs included."""
    key = tuple(pkgs)
    if key not in memo:
        if not pkgs:
            memo[key] = []
        else:
            out = subprocess.run(
                ["go", "list", "-deps", "-f", "{{if .Module}}{{if eq .Module.Path \"" + MODULE +
                 "\"}}{{.Dir}}{{end}}{{end}}"] + list(pkgs),
                cwd=ROOT, capture_output=True, text=True)
            if out.returncode != 0:
                raise RuntimeError("go list failed: " + out.stderr.strip())
            memo[key] = sorted(d for d in out.stdout.split() if d)
    return memo[key]


def notebook_key(path, nb):
    parts = [read(path), read(os.path.join(ROOT, "go.mod")), read(os.path.join(ROOT, "go.sum")),
             read(os.path.join(ROOT, "tools", "go.sum"))]
    for d in package_dirs(imported_packages(nb)):
        for name in sorted(os.listdir(d)):
            p = os.path.join(d, name)
            if os.path.isfile(p) and not name.endswith("_test.go"):
                parts += [os.path.relpath(p, ROOT), read(p)]
    return sha(*parts)


def title_of(nb, fallback):
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            m = re.search(r"^#\s+(.+)$", cell.source, re.M)
            if m:
                return m.group(1).strip()
    return fallback


def course_of(rel):
    parts = rel.split(os.sep)
    return parts[1] if len(parts) > 2 else ""


def page_path(rel):
    """notebooks/slt/03-x.ipynb -> slt/03-x.html; notebooks/00-y.ipynb -> 00-y.html"""
    return os.path.splitext(os.path.relpath(rel, "notebooks"))[0] + ".html"


PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · sltk</title>
<link rel="stylesheet" href="{up}assets/book.css">
<script type="text/x-mathjax-config">
MathJax.Hub.Config({{
  tex2jax: {{inlineMath: [["$", "$"], ["\\\\(", "\\\\)"]], displayMath: [["$$", "$$"], ["\\\\[", "\\\\]"]],
            processEscapes: true, processEnvironments: true}},
  TeX: {{equationNumbers: {{autoNumber: "none"}}}},
  CommonHTML: {{linebreaks: {{automatic: true}}}},
  messageStyle: "none", menuSettings: {{zoom: "None"}}
}});
</script>
<script src="{up}mathjax/MathJax.js?config=TeX-AMS_CHTML"></script>
</head>
<body>
<nav class="top">{nav}</nav>
<main>
{body}
</main>
<nav class="bottom">{nav}</nav>
<footer>sltk: an executable textbook of statistical learning. {footer}</footer>
</body>
</html>
"""


def nav_html(up, prev, nxt):
    def link(entry, rel, arrow_left):
        if entry is None:
            return '<span class="nav-empty"></span>'
        text = html.escape(entry["title"])
        label = f"← {text}" if arrow_left else f"{text} →"
        return f'<a class="{rel}" rel="{rel}" href="{up}{entry["page"]}">{label}</a>'
    return (link(prev, "prev", True) + f'<a class="index" href="{up}index.html">Contents</a>' +
            link(nxt, "next", False))


def render_chapter(nb, entry, prev, nxt, out_dir):
    exporter = HTMLExporter(template_name="basic", exclude_input_prompt=True,
                            exclude_output_prompt=True)
    # GoNB leaves pygments_lexer empty, which would fall back to Python highlighting.
    nb.metadata.setdefault("language_info", {})["pygments_lexer"] = "go"
    body, _ = exporter.from_notebook_node(nb)
    depth = entry["page"].count("/")
    up = "../" * depth
    nav = nav_html(up, prev, nxt)
    footer = f'Executed in {entry["seconds"]:.0f} s; {entry["claims"]} claims checked, all passed.'
    page = PAGE.format(title=html.escape(entry["title"]), up=up, nav=nav, body=body, footer=footer)
    path = os.path.join(out_dir, entry["page"])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(page)


def plural(n, word):
    return f"{n} {word}" + ("" if n == 1 else "s")


def render_index(entries, out_dir):
    rows = []
    for folder, name, blurb in COURSES:
        chapters = [e for e in entries if e["course"] == folder]
        if not chapters:
            continue
        rows.append(f"<section class=\"course\"><h2>{html.escape(name)}</h2><p>{html.escape(blurb)}</p>")
        rows.append("<table class=\"chapters\"><thead><tr><th>Chapter</th><th>Run time</th>"
                    "<th>Claims checked</th></tr></thead><tbody>")
        for e in chapters:
            rows.append(f'<tr><td><a href="{e["page"]}">{html.escape(e["title"])}</a></td>'
                        f'<td>{e["seconds"]:.0f} s</td><td>{e["claims"]} of {e["claims"]} passed</td></tr>')
        rows.append("</tbody></table></section>")
    total = sum(e["claims"] for e in entries)
    body = f"""<h1>sltk: an executable textbook of statistical learning</h1>
<p class="lead">Derivations, the algorithms that implement them, figures, and checks that the claims
hold numerically. Every page was produced by running its notebook against the <code>sltk</code> Go
library; a page exists only if every cell ran and every claim check passed
({plural(len(entries), "chapter")}, {plural(total, "claim")} checked).</p>
{''.join(rows)}
<p class="small">Read it offline: the pages load nothing from the network. To run the notebooks
yourself, clone the repository and type <code>make lab</code>.</p>"""
    first = entries[0] if entries else None
    nav = ('<span class="nav-empty"></span><span class="index">Contents</span>' +
           (f'<a class="next" rel="next" href="{first["page"]}">{html.escape(first["title"])} →</a>'
            if first else ""))
    page = PAGE.format(title="Contents", up="", nav=nav, body=body,
                       footer=plural(len(entries), "chapter") + ".")
    with open(os.path.join(out_dir, "index.html"), "w") as f:
        f.write(page)


def copy_assets(out_dir):
    assets = os.path.join(out_dir, "assets")
    os.makedirs(assets, exist_ok=True)
    css = ("/* code highlighting (pygments) */\n" + HtmlFormatter(style="friendly").get_style_defs(".highlight") +
           "\n\n" + read(os.path.join(ROOT, "tools", "book.css")).decode())
    with open(os.path.join(assets, "book.css"), "w") as f:
        f.write(css)
    if not os.path.exists(os.path.join(MATHJAX_SRC, "MathJax.js")):
        raise RuntimeError(f"MathJax not found in {MATHJAX_SRC}: run make setup (Debian's libjs-mathjax)")
    for part in MATHJAX_PARTS:
        src, dst = os.path.join(MATHJAX_SRC, part), os.path.join(out_dir, "mathjax", part)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if os.path.isdir(src):
            shutil.copytree(src, dst, symlinks=False)
        else:
            shutil.copyfile(src, dst)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("notebooks", nargs="+")
    ap.add_argument("--force", action="store_true", help="execute every notebook again")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "book"))
    ap.add_argument("--timeout", type=int, default=600)
    args = ap.parse_args()

    cache = os.path.join(ROOT, "build", "cache")
    os.makedirs(cache, exist_ok=True)
    entries, executed, failed = [], 0, []
    with open(os.path.join(ROOT, "build", "kernel.log"), "a") as log:
        for path in args.notebooks:
            rel = os.path.relpath(os.path.abspath(path), ROOT)
            try:
                nb = nbformat.read(path, as_version=4)
                key = notebook_key(path, nb)
            except Exception as exc:  # not a notebook, or its imports do not resolve
                failed.append(rel)
                print(f"FAIL  {rel}  {exc}", flush=True)
                continue
            cached, keyfile = os.path.join(cache, rel), os.path.join(cache, rel + ".key")
            fresh = (not args.force and os.path.exists(cached) and os.path.exists(keyfile)
                     and read(keyfile).decode() == key)
            if fresh:
                nb = nbformat.read(cached, as_version=4)
                meta = nb.metadata.get("sltk", {})
                print(f"PASS  {rel}  {meta.get('seconds', 0):6.1f} s  {meta.get('claims', 0)} claims checked"
                      " (unchanged since the last build: not executed again)", flush=True)
            else:
                try:
                    error, seconds, claims, nb = nbrun.run(path, args.timeout, cache, ROOT, log)
                except Exception as exc:  # kernel that would not start, unreadable notebook
                    failed.append(rel)
                    print(f"FAIL  {rel}  could not run: {exc}", flush=True)
                    continue
                executed += 1
                if error is not None:
                    failed.append(rel)
                    print(f"FAIL  {rel}  {seconds:6.1f} s", flush=True)
                    print(nbrun.describe_failure(nb, error), flush=True)
                    if os.path.exists(keyfile):
                        os.remove(keyfile)
                    continue
                with open(keyfile, "w") as f:
                    f.write(key)
                print(f"PASS  {rel}  {seconds:6.1f} s  {claims} claims checked", flush=True)
            meta = nb.metadata.get("sltk", {})
            entries.append({"rel": rel, "title": title_of(nb, os.path.basename(rel)),
                            "course": course_of(rel), "page": page_path(rel), "nb": nb,
                            "seconds": meta.get("seconds", 0.0), "claims": meta.get("claims", 0)})

    print(f"notebooks: {len(entries)} passed, {len(failed)} failed", flush=True)
    if failed:
        shutil.rmtree(args.out, ignore_errors=True)
        print(f"book: {len(failed)} notebook(s) failed ({', '.join(failed)}); no book written, "
              f"the previous one was removed", flush=True)
        return 1

    order = {c[0]: i for i, c in enumerate(COURSES)}
    entries.sort(key=lambda e: (order.get(e["course"], 99), e["rel"]))
    tmp = args.out + ".new"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    copy_assets(tmp)
    for i, e in enumerate(entries):
        prev = entries[i - 1] if i > 0 else None
        nxt = entries[i + 1] if i + 1 < len(entries) else None
        render_chapter(e["nb"], e, prev, nxt, tmp)
    render_index(entries, tmp)
    manifest = [{k: e[k] for k in ("rel", "title", "page", "seconds", "claims")} for e in entries]
    with open(os.path.join(tmp, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    shutil.rmtree(args.out, ignore_errors=True)
    os.rename(tmp, args.out)
    print(f"book: {len(entries)} pages in {os.path.relpath(args.out, ROOT)}/ "
          f"({executed} executed, {len(entries) - executed} up to date)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
