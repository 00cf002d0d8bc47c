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
import copy
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

sys.dont_write_bytecode = True  # no __pycache__ in tools/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apiref  # noqa: E402
import nbrun  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULE = "github.com/sltk-book/sltk"
MATHJAX_SRC = "/usr/share/javascript/mathjax"
FONT_MODULE = "codeberg.org/go-fonts/liberation"  # the fonts gonum/plot measures figure text in
FONT_FILES = [("liberationsansregular", "LiberationSans-Regular.ttf"),
              ("liberationsansbold", "LiberationSans-Bold.ttf")]
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
            # A workspace of the core module and the nested sltk/mapreduce module, as the
            # kernel sees them (GoNB's -go_work), so that imports of either resolve.
            work = os.path.join(ROOT, "build", "book.go.work")
            os.makedirs(os.path.dirname(work), exist_ok=True)
            with open(work, "w") as f:
                f.write("go 1.26.0\n\nuse (\n\t%s\n\t%s\n)\n"
                        % (ROOT, os.path.join(ROOT, "sltk", "mapreduce")))
            out = subprocess.run(
                ["go", "list", "-deps", "-f", "{{if .Module}}{{.Module.Path}} {{.Dir}}{{end}}"]
                + list(pkgs), cwd=ROOT, capture_output=True, text=True,
                env=dict(os.environ, GOWORK=work))
            if out.returncode != 0:
                raise RuntimeError("go list failed: " + out.stderr.strip())
            dirs = (line.split(" ", 1) for line in out.stdout.splitlines() if " " in line)
            memo[key] = sorted(d for m, d in dirs if m == MODULE or m.startswith(MODULE + "/"))
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


NUMBERING_NOTE = """Chapter numbers follow the lecture texts, so that a chapter can be read beside
its lecture: <em>Statistical learning theory</em> 1–5, 10 and B follow the ETH Zürich script;
<em>Machine learning</em> starts at 2 and follows the lecture notes; <em>Algorithmic foundations
of data science</em> 1–8 follow the RWTH Aachen slides. Gaps are chapters of the lectures that the
book does not cover (yet)."""

HEAD = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
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
<script src="{up}assets/book.js" defer></script>
</head>
<body data-root="{up}">
<div class="layout">
<aside class="sidebar">
<details class="toc" open>
<summary>Contents</summary>
<p class="toc-home"><a href="{up}index.html">sltk</a> · <a href="{up}api/index.html">API reference</a></p>
<div class="search"><input type="search" id="search" placeholder="Search the book" aria-label="Search the book" autocomplete="off">
<ol id="search-hits" class="hits"></ol></div>
{toc}
</details>
</aside>
<main>
"""


def by_course(entries):
    """(course name, blurb, its chapters) for every course that has chapters, in book order."""
    for folder, name, blurb in COURSES:
        chapters = [e for e in entries if e["course"] == folder]
        if chapters:
            yield name, blurb, chapters


def toc_html(entries, up, current=None, sections=()):
    """The sidebar: every chapter by course, the current one with its numbered sections."""
    parts = []
    for name, _, chapters in by_course(entries):
        parts.append(f'<p class="toc-course">{html.escape(name)}</p><ul class="toc-chapters">')
        for e in chapters:
            here = current is not None and e["page"] == current["page"]
            cls = ' class="current"' if here else ""
            parts.append(f'<li{cls}><a href="{up}{e["page"]}">{html.escape(e["title"])}</a>')
            if here and sections:
                parts.append('<ul class="toc-sections">' + "".join(
                    f'<li class="l{lvl}"><a href="#{sid}">{text}</a></li>' for lvl, sid, text in sections)
                    + "</ul>")
            parts.append("</li>")
        parts.append("</ul>")
    return "".join(parts)


def page_head(title, up, toc):
    return HEAD.format(title=html.escape(title), up=up, toc=toc)


FOOT = """</main>
</div>
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
    return (f'<nav class="pager">{link(prev, "prev", True)}'
            f'<a class="index" href="{up}index.html">Contents</a>{link(nxt, "next", False)}</nav>')


CLAIM_MARK = "✔ claim:"
FIGURE_CAPTION = re.compile(r"^\s*\*\*Figure ([0-9A-Z]+)\.(\d+)\.?\*\*")


def group_claims(cell):
    """Replace the claim lines of a code cell's output by one quiet, expandable line."""
    claims, outputs, at = [], [], None
    for out in cell.get("outputs", []):
        if out.get("output_type") == "stream" and out.get("name") == "stdout":
            lines = out.get("text", "").splitlines(keepends=True)
            claims += [l[len(CLAIM_MARK):].strip() for l in lines if l.startswith(CLAIM_MARK)]
            rest = "".join(l for l in lines if not l.startswith(CLAIM_MARK))
            if rest.strip():
                outputs.append(nbformat.v4.new_output("stream", name="stdout", text=rest))
            if claims and at is None:
                at = len(outputs)  # the quiet line goes where the first claim was printed
            continue
        outputs.append(out)
    if claims:
        items = "".join(f"<li>{html.escape(c)}</li>" for c in claims)
        word = "check" if len(claims) == 1 else "checks"
        outputs.insert(at, nbformat.v4.new_output("display_data", data={"text/html": (
            f'<details class="claims"><summary>✓ {len(claims)} {word} passed</summary>'
            f'<ul>{items}</ul></details>')}))
    cell["outputs"] = outputs


def is_figure(out):
    data = out.get("data", {})
    return "<svg" in "".join(data.get("text/html", "")) or "image/svg+xml" in data or "image/png" in data


def prepare(nb):
    """A copy of the executed notebook as the page shows it: claims grouped, figure anchors."""
    nb = copy.deepcopy(nb)
    figures = []
    last_code = None
    for cell in nb.cells:
        if cell.cell_type == "code":
            group_claims(cell)
            last_code = cell
            continue
        if cell.cell_type != "markdown":
            continue
        m = FIGURE_CAPTION.match(cell.source)
        if m and last_code is not None:
            fid = f"fig-{m.group(1)}-{m.group(2)}"
            outs = last_code.get("outputs", [])
            at = max((i for i, o in enumerate(outs) if is_figure(o)), default=None)
            if at is not None:
                outs.insert(at, nbformat.v4.new_output("display_data", data={
                    "text/html": f'<a class="fig-anchor" id="{fid}"></a>'}))
                figures.append((f"{m.group(1)}.{m.group(2)}", fid))
    return nb, figures


MATH = re.compile(r"\$\$.*?\$\$|\\\[.*?\\\]|\\begin\{(\w+\*?)\}.*?\\end\{\1\}|\$[^$\n]+?\$|\\\(.*?\\\)", re.S)
TAG = re.compile(r"\\tag\{([0-9A-Z]+)\.(\d+)\}")
HTML_TOKEN = re.compile(r"(<[^>]+>)")
SKIP_TAGS = ("code", "pre", "a", "script", "style", "summary", "h1", "h2", "h3", "h4", "svg")


def map_prose(body, fn, code_fn=None):
    """Apply fn to the prose text of body: outside tags, math, code, links and headings.
    code_fn, if given, is applied to the text of inline <code> elements outside links."""
    out, stack = [], []
    for tok in HTML_TOKEN.split(body):
        if tok.startswith("<"):
            m = re.match(r"<(/?)(\w+)", tok)
            if m and m.group(2).lower() in SKIP_TAGS and not tok.endswith("/>"):
                if m.group(1):
                    if m.group(2).lower() in stack:
                        while stack and stack.pop() != m.group(2).lower():
                            pass
                else:
                    stack.append(m.group(2).lower())
            out.append(tok)
        elif not stack:
            pos, pieces = 0, []
            for mm in MATH.finditer(tok):
                pieces.append(fn(tok[pos:mm.start()]))
                pieces.append(mm.group(0))
                pos = mm.end()
            pieces.append(fn(tok[pos:]))
            out.append("".join(pieces))
        elif code_fn and stack == ["code"]:
            out.append(code_fn(tok))
        else:
            out.append(tok)
    return "".join(out)


def equation_anchors(body):
    """Anchors before every display equation with \\tag{N.k}; returns body and the numbers."""
    numbers = []

    def anchor(m):
        tags = TAG.findall(m.group(0))
        if not tags or not (m.group(0).startswith("$$") or m.group(0).startswith("\\[")
                            or m.group(0).startswith("\\begin")):
            return m.group(0)
        numbers.extend(f"{a}.{b}" for a, b in tags)
        spans = "".join(f'<span class="eq-anchor" id="eq-{a}-{b}"></span>' for a, b in tags)
        return spans + m.group(0)
    return MATH.sub(anchor, body), numbers


def link_references(body, figures, equations):
    """'Figure 3.2' and '(3.5)' in prose become links to the figure and the equation."""
    figs = {n for n, _ in figures}
    eqs = set(equations)

    def fn(text):
        text = re.sub(r"\b(Figures?|Fig\.)(\s|&nbsp;)([0-9A-Z]+)\.(\d+)\b",
                      lambda m: (f'<a class="ref" href="#fig-{m.group(3)}-{m.group(4)}">{m.group(0)}</a>'
                                 if f"{m.group(3)}.{m.group(4)}" in figs else m.group(0)), text)
        return re.sub(r"\(([0-9A-Z]+)\.(\d+)\)",
                      lambda m: (f'(<a class="ref" href="#eq-{m.group(1)}-{m.group(2)}">'
                                 f'{m.group(1)}.{m.group(2)}</a>)'
                                 if f"{m.group(1)}.{m.group(2)}" in eqs else m.group(0)), text)
    return map_prose(body, fn)


def caption_links(body):
    return re.sub(r"<p><strong>Figure ([0-9A-Z]+)\.(\d+)\.?</strong>",
                  lambda m: (f'<p class="caption"><strong><a href="#fig-{m.group(1)}-{m.group(2)}">'
                             f'Figure {m.group(1)}.{m.group(2)}.</a></strong>'), body)


def link_api(body, idents, up):
    """Library identifiers (cluster.KMeans, viz.MustShow) in code and prose link to the API pages."""
    if not idents:
        return body
    pkgs = "|".join(sorted(map(re.escape, idents)))

    def href(pkg, name):
        return f'{up}api/{pkg}.html#{name}' if name in idents.get(pkg, ()) else None

    # highlighted code: <span class="nx">cluster</span><span class="p">.</span><span class="nx">KMeans</span>
    code = re.compile(r'<span class="n[a-z]*">(' + pkgs + r')</span><span class="p">\.</span>'
                      r'<span class="n[a-z]*">(\w+)</span>')

    def code_link(m):
        h = href(m.group(1), m.group(2))
        return f'<a class="api" href="{h}">{m.group(0)}</a>' if h else m.group(0)
    body = code.sub(code_link, body)

    def inline(text):
        def one(m):
            h = href(m.group(1), m.group(2))
            return f'<a class="api" href="{h}">{m.group(0)}</a>' if h else m.group(0)
        return re.sub(r"\b(" + pkgs + r")\.([A-Z]\w*)", one, text)
    return map_prose(body, lambda t: t, code_fn=inline)


NOTES_HEAD = re.compile(r"^##\s+Notes on the lecture source\s*$", re.M)


def notes_in_own_cell(nb):
    """A Markdown cell that holds the notes heading after other text (Summary, Exercises) is
    split before the heading, so that the fold of the notes starts at the heading."""
    cells = []
    for c in nb.cells:
        m = NOTES_HEAD.search(c.source) if c.cell_type == "markdown" else None
        if m and c.source[:m.start()].strip():
            head = nbformat.v4.new_markdown_cell(c.source[:m.start()].rstrip() + "\n")
            tail = nbformat.v4.new_markdown_cell(c.source[m.start():])
            cells += [head, tail]
        else:
            cells.append(c)
    nb.cells = cells
    return nb


def collapse_source_notes(body):
    """The section "Notes on the lecture source" (the last of a chapter) folds into <details>."""
    m = re.search(r'<h2 id="Notes-on-the-lecture-source">(.*?)</h2>', body)
    if not m:
        return body
    start = body.rfind('<div class="cell border-box-sizing', 0, m.start())
    # The fold ends where the next section starts (nbstyle keeps the notes last; a page that
    # does not must not lose its later sections inside the fold).
    nxt = body.find("<h2 ", m.end())
    end = len(body) if nxt < 0 else body.rfind('<div class="cell border-box-sizing', 0, nxt)
    if end <= start:
        end = len(body)
    head = body[start:end].replace(m.group(0), "", 1)
    return (body[:start] + '<details class="source-notes"><summary><h2 id="Notes-on-the-lecture-source">'
            'Notes on the lecture source</h2></summary>' + head + "</details>" + body[end:])


HEADING = re.compile(r'<h([23]) id="([^"]+)">(.*?)(?:<a class="anchor-link"[^>]*>[^<]*</a>)?</h\1>', re.S)


def strip_tags(s):
    return html.unescape(re.sub(r"<[^>]+>", " ", s))


def sections_of(body):
    return [(int(lvl), sid, re.sub(r"<a class=\"anchor-link\".*?</a>", "", text))
            for lvl, sid, text in HEADING.findall(body)]


GREEK = {n: chr(c) for n, c in zip(
    "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho "
    "varsigma sigma tau upsilon phi chi psi omega".split(), range(0x3b1, 0x3ca))}
GREEK.update({"varepsilon": "ε", "varphi": "φ", "Sigma": "Σ", "sum": "Σ", "Delta": "Δ",
              "Gamma": "Γ", "Lambda": "Λ", "Omega": "Ω", "Theta": "Θ", "Phi": "Φ", "Pi": "Π",
              "prod": "Π", "infty": "∞", "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "ne": "≠",
              "cdot": "·", "times": "×", "to": "→", "in": "∈", "approx": "≈", "quad": " ", "mid": "|",
              "propto": "∝", "sim": "∼", "partial": "∂", "nabla": "∇", "ell": "ℓ", "top": "ᵀ"})


def plain_math(text):
    """TeX in a search snippet made readable: \\sigma → σ, \\mathcal{P} → P, no $ or braces."""
    text = re.sub(r"\\(?:mathcal|mathbb|mathrm|mathbf|text|operatorname|boldsymbol)\s*\{([^{}]*)\}", r"\1", text)
    text = re.sub(r"\\tag\{[^{}]*\}", "", text)
    text = re.sub(r"\\frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}", r"(\1)/(\2)", text)
    fonts = ("mathcal", "mathbb", "mathrm", "mathbf", "boldsymbol", "left", "right")
    text = re.sub(r"\\([A-Za-z]+)", lambda m: GREEK.get(m.group(1), "\0" if m.group(1) in fonts
                                                         else m.group(1)), text)
    text = re.sub("\0 ?", "", text)
    return re.sub(r"[${}]|\\[,;!]", "", text).replace("\\", " ")


def search_records(body, entry):
    """One search record per section: its title, address and prose (code and outputs left out)."""
    prose = "".join(re.findall(r'<div class="text_cell_render[^"]*">(.*?)</div>\s*</div>\s*</div>',
                               body, re.S))
    prose = re.sub(r"<h1\b.*?</h1>|<a class=\"anchor-link\"[^>]*>.*?</a>", " ", prose, flags=re.S)
    records, title, sid = [], entry["title"], ""
    pos = 0
    for m in HEADING.finditer(prose):
        text = plain_math(" ".join(strip_tags(prose[pos:m.start()]).split()))
        if text:
            records.append({"c": entry["title"], "s": title, "u": entry["page"] + (f"#{sid}" if sid else ""),
                            "x": text})
        title, sid, pos = " ".join(strip_tags(m.group(3)).split()).replace("¶", "").strip(), m.group(2), m.end()
    text = plain_math(" ".join(strip_tags(prose[pos:]).split()))
    if text:
        records.append({"c": entry["title"], "s": title, "u": entry["page"] + (f"#{sid}" if sid else ""),
                        "x": text})
    return records


def render_chapter(entry, prev, nxt, entries, idents, out_dir):
    nb, figures = prepare(entry["nb"])
    exporter = HTMLExporter(template_name="basic", exclude_input_prompt=True,
                            exclude_output_prompt=True)
    # GoNB leaves pygments_lexer empty, which would fall back to Python highlighting.
    nb.metadata.setdefault("language_info", {})["pygments_lexer"] = "go"
    body, _ = exporter.from_notebook_node(notes_in_own_cell(nb))
    up = "../" * entry["page"].count("/")
    body, equations = equation_anchors(body)
    body = link_references(caption_links(body), figures, equations)
    body = link_api(body, idents, up)
    records = search_records(body, entry)
    body = collapse_source_notes(body)
    sections = sections_of(body)
    nb_file = os.path.basename(entry["rel"])
    tools = (f'<p class="page-tools"><a class="download" href="{html.escape(nb_file)}" download>'
             f'Download the notebook</a> · run it yourself: <code>make lab</code>, then open '
             f'<code>{html.escape(entry["rel"])}</code></p>')
    body = re.sub(r"(</h1>)", r"\1" + tools.replace("\\", "\\\\"), body, count=1) if "</h1>" in body \
        else tools + body
    footer = (f'<footer>Executed in {entry["seconds"]:.0f} s; {entry["claims"]} claims checked, '
              f'all passed. {nav_html(up, prev, nxt)}</footer>')
    toc = toc_html(entries, up, entry, [s for s in sections if s[0] == 2])
    page = page_head(entry["title"], up, toc) + body + footer + FOOT
    path = os.path.join(out_dir, entry["page"])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(page)
    shutil.copyfile(os.path.join(ROOT, entry["rel"]), os.path.join(os.path.dirname(path), nb_file))
    return records


def plural(n, word):
    return f"{n} {word}" + ("" if n == 1 else "s")


def render_index(entries, out_dir):
    rows = []
    for name, blurb, chapters in by_course(entries):
        rows.append(f"<section class=\"course\"><h2>{html.escape(name)}</h2><p>{html.escape(blurb)}</p>")
        rows.append("<table class=\"chapters\"><thead><tr><th>Chapter</th><th>Run time</th>"
                    "<th>Claims</th></tr></thead><tbody>")
        for e in chapters:
            rows.append(f'<tr><td><a href="{e["page"]}">{html.escape(e["title"])}</a></td>'
                        f'<td>{e["seconds"]:.0f} s</td><td>{e["claims"]} passed</td></tr>')
        rows.append("</tbody></table></section>")
    total = sum(e["claims"] for e in entries)
    body = f"""<h1>sltk: an executable textbook of statistical learning</h1>
<p class="lead">Derivations, the algorithms that implement them, figures, and checks that the claims
hold numerically. Every page was produced by running its notebook against the <code>sltk</code> Go
library; a page exists only if every cell ran and every claim check passed
({plural(len(entries), "chapter")}, {plural(total, "claim")} checked).</p>
<p class="note"><strong>Chapter numbers.</strong> {NUMBERING_NOTE}</p>
{''.join(rows)}
<p class="small">Read it offline: the pages load nothing from the network. To run the notebooks
yourself, clone the repository, type <code>make lab</code> and open a notebook under
<code>notebooks/</code>; every chapter page links its notebook for download. The
<a href="api/index.html">API reference</a> is built from the library's doc comments.</p>"""
    first = entries[0] if entries else None
    footer = f"<footer>{plural(len(entries), 'chapter')}. {nav_html('', None, first)}</footer>"
    page = page_head("Contents", "", toc_html(entries, "")) + body + footer + FOOT
    with open(os.path.join(out_dir, "index.html"), "w") as f:
        f.write(page)


def write_search_index(records, out_dir):
    """The full-text index: search.json, and search-index.js for pages opened from disk (where
    a browser does not let a page fetch a file)."""
    data = json.dumps(records, ensure_ascii=False, separators=(",", ":"))
    with open(os.path.join(out_dir, "search.json"), "w") as f:
        f.write(data)
    with open(os.path.join(out_dir, "assets", "search-index.js"), "w") as f:
        f.write("window.SLTK_SEARCH = " + data + ";\n")


def copy_assets(out_dir):
    assets = os.path.join(out_dir, "assets")
    os.makedirs(assets, exist_ok=True)
    light = HtmlFormatter(style="friendly").get_style_defs(".highlight")
    dark = HtmlFormatter(style="monokai").get_style_defs(".highlight")
    css = ("/* code highlighting (pygments) */\n" + light +
           "\n@media (prefers-color-scheme: dark) {\n" + dark + "\n}\n\n" +
           read(os.path.join(ROOT, "tools", "book.css")).decode())
    with open(os.path.join(assets, "book.css"), "w") as f:
        f.write(css)
    shutil.copyfile(os.path.join(ROOT, "tools", "book.js"), os.path.join(assets, "book.js"))
    # The figures' font, so that text in SVG figures is set in the face gonum/plot measured.
    fonts = os.path.join(assets, "fonts")
    os.makedirs(fonts, exist_ok=True)
    out = subprocess.run(["go", "list", "-m", "-f", "{{.Dir}}", FONT_MODULE], cwd=ROOT,
                         capture_output=True, text=True)
    src = out.stdout.strip()
    if out.returncode != 0 or not src:
        raise RuntimeError(f"font module {FONT_MODULE} not found: {out.stderr.strip()}")
    for sub, name in FONT_FILES:
        shutil.copyfile(os.path.join(src, sub, name), os.path.join(fonts, name))
    shutil.copyfile(os.path.join(src, "LICENSE-SIL"), os.path.join(fonts, "LICENSE-SIL"))
    if not os.path.exists(os.path.join(MATHJAX_SRC, "MathJax.js")):
        raise RuntimeError(f"MathJax not found in {MATHJAX_SRC}: run make setup (Debian's libjs-mathjax)")
    for part in MATHJAX_PARTS:
        src, dst = os.path.join(MATHJAX_SRC, part), os.path.join(out_dir, "mathjax", part)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if os.path.isdir(src):
            shutil.copytree(src, dst, symlinks=False)
        else:
            shutil.copyfile(src, dst)


def write_book(entries, out_dir):
    """Write every page of the book into out_dir (which must exist)."""
    copy_assets(out_dir)
    idents = apiref.build(ROOT, out_dir, lambda title, up: page_head(title, up, toc_html(entries, up)))
    records = []
    for i, e in enumerate(entries):
        prev = entries[i - 1] if i > 0 else None
        nxt = entries[i + 1] if i + 1 < len(entries) else None
        records += render_chapter(e, prev, nxt, entries, idents, out_dir)
    render_index(entries, out_dir)
    write_search_index(records, out_dir)
    manifest = [{k: e[k] for k in ("rel", "title", "page", "seconds", "claims")} for e in entries]
    with open(os.path.join(out_dir, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)


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
    write_book(entries, tmp)
    shutil.rmtree(args.out, ignore_errors=True)
    os.rename(tmp, args.out)
    print(f"book: {len(entries)} pages in {os.path.relpath(args.out, ROOT)}/ "
          f"({executed} executed, {len(entries) - executed} up to date)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
