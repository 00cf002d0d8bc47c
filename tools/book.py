#!/usr/bin/python3
"""Build the HTML book: execute the notebooks and write build/book/.

A notebook is executed again only when its key changed. The key hashes the notebook's own JSON,
every file of the sltk packages it imports (with their in-module dependencies, found by
`go list -deps`), go.mod/go.sum (library versions) and tools/go.sum (the GoNB version). Executed
notebooks and their keys are kept in build/cache/. --force executes everything.

The book is written into build/book.new and moved to build/book only when every notebook
passed; a failing notebook (named with its cell) removes the old book too, so no stale or
half-written book is left looking complete. Then the whole book is printed as one PDF beside the
pages, build/book/sltk-book.pdf (tools/bookpdf.py; --no-pdf skips it); a PDF that could not be
printed fails the build and leaves the HTML book, which links the missing PDF.
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
import bookpdf  # noqa: E402
import livefig  # noqa: E402
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
     "After the ETH Zürich lecture script: maximum entropy and posterior agreement, MCMC and "
     "annealing, deterministic annealing, Laplace's method, histogram clustering, the "
     "information bottleneck, constant-shift embedding, mean-field approximation, pairwise "
     "clustering, posterior agreement from information theory, and two appendices: information "
     "theory and the EM algorithm."),
    ("ml", "Machine learning",
     "After the lecture notes: neural networks, independent component analysis, stochastic "
     "optimisation, clustering and embedding, density estimation."),
    ("afds", "Algorithmic foundations of data science",
     "After the RWTH Aachen slides: learning algorithms, tail bounds and compression, PAC "
     "learning, multiplicative weights, high-dimensional data, Monte Carlo and Markov chains, "
     "Map-Reduce and streaming."),
]
REPOSITORY = "https://github.com/sltk-book/sltk"
BOOK_TITLE = "sltk: an executable textbook of statistical learning"

# What each chapter teaches, one line each, for the preface (keyed by notebook path).
CHAPTER_LINES = {
    "notebooks/00-getting-started.ipynb":
        "how a chapter works: load the iris data, cluster it with k-means, plot it, check a claim.",
    "notebooks/slt/01-maximum-entropy-posterior-agreement.ipynb":
        "why the Gibbs distribution follows from maximum entropy, and how posterior agreement "
        "chooses its temperature.",
    "notebooks/slt/02-mcmc-simulated-annealing.ipynb":
        "sampling a Gibbs distribution with Metropolis–Hastings, and cooling the sampler into "
        "an optimiser.",
    "notebooks/slt/03-deterministic-annealing.ipynb":
        "k-means at a temperature: the free energy, its phase transitions and the critical "
        "temperature.",
    "notebooks/slt/04-laplace-method.ipynb":
        "Laplace's method for partition functions, applied to least-angle clustering.",
    "notebooks/slt/05-histogram-clustering.ipynb":
        "clustering objects that are histograms, with the KL divergence as the cost.",
    "notebooks/slt/06-information-bottleneck.ipynb":
        "compressing documents into clusters that keep what they say about their words: a Gibbs "
        "distribution with the KL cost, phase transitions in β, the information curve.",
    "notebooks/slt/07-constant-shift-embedding.ipynb":
        "non-metric dissimilarities made squared Euclidean by one constant shift, so k-means "
        "solves pairwise clustering; edit distances between words of the GPL.",
    "notebooks/slt/08-mean-field-approximation.ipynb":
        "the closest distribution of independent spins to a Gibbs distribution: the variational "
        "bound, the mean-field equations, annealing, where the approximation is exact and where "
        "it fails.",
    "notebooks/slt/09-pairwise-clustering.ipynb":
        "clustering from dissimilarities alone: invariances of the cost, its mean-field free "
        "energy, the first phase transition, missing data, posterior agreement for the number "
        "of clusters.",
    "notebooks/slt/10-pa-information-theory.ipynb":
        "posterior agreement as the capacity of a channel: typical sets, random codes, "
        "algorithm validation.",
    "notebooks/slt/A-information-theory.ipynb":
        "entropy, divergence, mutual information, typical sets, Huffman codes and channel "
        "capacity, each proved and checked.",
    "notebooks/slt/B-em-algorithm.ipynb":
        "the EM algorithm derived from a lower bound, on a mixture of Bernoulli distributions.",
    "notebooks/ml/01-neural-networks.ipynb":
        "multi-layer networks from softmax regression up: backpropagation, initialisation, "
        "SGD, momentum and Adam, Fashion-MNIST, weight decay and early stopping.",
    "notebooks/ml/02-ica.ipynb":
        "separating mixed signals: whitening, non-Gaussianity, FastICA, Infomax, time structure.",
    "notebooks/ml/03-stochastic-optimisation.ipynb":
        "simulated and mean-field annealing of a spin glass, and the critical temperature.",
    "notebooks/ml/04-clustering-embedding.ipynb":
        "k-means online and batch, pairwise clustering, self-organising maps and locally "
        "linear embedding.",
    "notebooks/ml/05-density-estimation.ipynb":
        "histograms, Parzen windows, maximum likelihood and Gaussian mixtures fitted by EM.",
    "notebooks/afds/01-ml-algorithms.ipynb":
        "overfitting, nearest neighbours, decision trees, linear classifiers and k-means.",
    "notebooks/afds/02-information-compression.ipynb":
        "tail bounds from Markov to Hoeffding, entropy, and how far data compresses.",
    "notebooks/afds/03-learning-theory.ipynb":
        "how many examples learning needs: PAC bounds, Occam's razor, the VC dimension.",
    "notebooks/afds/04-multiplicative-weights.ipynb":
        "learning from experts with multiplicative weights: Weighted Majority, boosting, bandits.",
    "notebooks/afds/05-high-dimensional-data.ipynb":
        "the geometry of high dimensions, random projections, power iteration, PCA and "
        "spectral clustering.",
    "notebooks/afds/06-monte-carlo-markov-chains.ipynb":
        "estimating by sampling: rejection sampling, Markov chains, mixing times, "
        "Metropolis–Hastings, coupling.",
    "notebooks/afds/07-map-reduce.ipynb":
        "algorithms for Map-Reduce, run on Apache Beam: joins, matrix products, their "
        "communication costs.",
    "notebooks/afds/08-streaming.ipynb":
        "algorithms that see the data once: stream sampling, hashing, distinct counts, "
        "frequency moments, sketches.",
}

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
its lecture: <em>Statistical learning theory</em> 1–10 and appendices A and B follow the ETH Zürich
script, <em>Machine learning</em> 1–5 the lecture notes, and <em>Algorithmic foundations of data
science</em> 1–8 the RWTH Aachen slides. Where a lecture text names a chapter but leaves it empty
(the script's chapters 6–9 and appendix A, the notes' chapter 1 on neural networks), the book
writes it for itself, in the same numbering."""

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
// No line break at an invisible operator: automatic breaking split "F = −T ln Z" after "ln".
// None at all inside a table cell: a narrow column split a header "gap·N/ln N" over three
// lines; the table scrolls sideways instead.
MathJax.Hub.Register.StartupHook("TeX Jax Ready", function () {{
  MathJax.InputJax.TeX.postfilterHooks.Add(function (data) {{
    var cell = data.script && data.script.parentNode && data.script.parentNode.closest &&
               data.script.parentNode.closest("td, th");
    (function glue(node) {{
      if (!node || !node.data) return;
      if (node.type === "mo" && (cell || node.data.length === 1 && node.data[0].data &&
          /^(?:[\\u2061-\\u2063]|#x206[123])$/.test(node.data[0].data.join("")))) node.linebreak = "nobreak";
      node.data.forEach(glue);
    }})(data.math.root);  // data.math is the element jax
  }});
}});
</script>
<script src="{up}mathjax/MathJax.js?config=TeX-AMS_CHTML"></script>
<script src="{up}assets/book.js" defer></script>
</head>
"""
BODY = """<body data-root="{up}">
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
    return (HEAD + BODY).format(title=html.escape(title), up=up, toc=toc)


FOOT = """</main>
</div>
</body>
</html>
"""


def nav_html(up, prev, nxt):
    def link(entry, rel, arrow_left):
        if entry is None:
            return '<span class="nav-empty"></span>'
        text = html.escape(chapter_label(entry))
        label = f"← {text}" if arrow_left else f"{text} →"
        return f'<a class="{rel}" rel="{rel}" href="{up}{entry["page"]}">{label}</a>'
    return (f'<nav class="pager">{link(prev, "prev", True)}'
            f'<a class="index" href="{up}index.html">Contents</a>{link(nxt, "next", False)}</nav>')


CLAIM_MARK = "✔ claim:"
FIGURE_CAPTION = re.compile(r"^\s*\*\*Figure ([0-9A-Z]+)\.(\d+)\.?\*\*")


def claim_lines(text):
    """The claims a stream printed, and the rest of its text. A claim reads "name (detail)"
    (claim.Marker and the line that package claim prints); a detail that spans lines (a printed
    relation) continues to the line that ends with ")", so its lines stay in the claim instead
    of becoming stray output."""
    claims, rest, lines, i = [], [], text.splitlines(keepends=True), 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line.startswith(CLAIM_MARK):
            rest.append(line)
            continue
        claim = [line[len(CLAIM_MARK):].strip()]
        while not claim[-1].endswith(")") and i < len(lines) and not lines[i].startswith(CLAIM_MARK):
            claim.append(lines[i].strip())
            i += 1
        claims.append("\n".join(claim))
    return claims, "".join(rest)


def is_stdout(out):
    return out.get("output_type") == "stream" and out.get("name") == "stdout"


def group_claims(cell):
    """Replace the claim lines of a code cell's output by one quiet, expandable line."""
    merged = []  # a print can arrive in several chunks: consecutive stdout streams are one text
    for out in cell.get("outputs", []):
        if is_stdout(out) and merged and is_stdout(merged[-1]):
            merged[-1] = nbformat.v4.new_output("stream", name="stdout",
                                                text=merged[-1]["text"] + out.get("text", ""))
        else:
            merged.append(out)
    claims, outputs, at = [], [], None
    for out in merged:
        if is_stdout(out):
            found, rest = claim_lines(out.get("text", ""))
            claims += found
            if rest.strip():
                outputs.append(nbformat.v4.new_output("stream", name="stdout", text=rest))
            if claims and at is None:
                at = len(outputs)  # the quiet line goes where the first claim was printed
            continue
        outputs.append(out)
    if claims:
        items = "".join("<li>" + "<br>".join(map(tex_html, c.split("\n"))) + "</li>" for c in claims)
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


# Inline math may wrap onto the next line of the source, not across a blank line.
MATH = re.compile(r"\$\$.*?\$\$|\\\[.*?\\\]|\\begin\{(\w+\*?)\}.*?\\end\{\1\}|\$(?:[^$\n]|\n(?![ \t]*\n))+?\$|\\\(.*?\\\)", re.S)
TAG = re.compile(r"\\tag\{([0-9A-Z]+)\.(\d+)\}")
HTML_TOKEN = re.compile(r"(<[^>]+>)")
SKIP_TAGS = ("code", "pre", "a", "script", "style", "summary", "h1", "h2", "h3", "h4", "svg")


def map_prose(body, fn, code_fn=None, text_fn=None):
    """Apply fn to the prose text of body: outside tags, math, code, links and headings.
    code_fn, if given, is applied to the text of inline <code> elements outside links.
    text_fn, if given, replaces the split at formulas: it gets each whole text token of the
    prose, formulas included (glue_punctuation)."""
    def split_math(tok):
        pos, pieces = 0, []
        for mm in MATH.finditer(tok):
            pieces.append(fn(tok[pos:mm.start()]))
            pieces.append(mm.group(0))
            pos = mm.end()
        pieces.append(fn(tok[pos:]))
        return "".join(pieces)
    text_fn = text_fn or split_math
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
            out.append(text_fn(tok))
        elif code_fn and stack == ["code"]:
            out.append(code_fn(tok))
        else:
            out.append(tok)
    return "".join(out)


def equation_anchors(body):
    """Number the display equations with \\tag{N.k} in a column of their own: the tag leaves the
    TeX and the display becomes <span class="eq"> with the formula (which scrolls sideways in its
    own box) and "(N.k)" beside it, so MathJax's line breaking cannot move the number into the
    formula and a wide formula cannot cut it. Returns body and the numbers."""
    numbers = []

    def anchor(m):
        tex = m.group(0)
        tags = TAG.findall(tex)
        if not tags or not (tex.startswith("$$") or tex.startswith("\\[") or tex.startswith("\\begin")):
            return tex
        numbers.extend(f"{a}.{b}" for a, b in tags)
        spans = "".join(f'<span class="eq-anchor" id="eq-{a}-{b}"></span>' for a, b in tags)
        if len(tags) > 1:  # one number per row of an alignment: MathJax places them
            return spans + tex
        a, b = tags[0]
        return (f'{spans}<span class="eq"><span class="eq-body">{TAG.sub("", tex)}</span>'
                f'<span class="eq-num">(<span>{a}.{b}</span>)</span></span>')  # not a link to itself
    return MATH.sub(anchor, body), numbers


# "Figure 3.2", and lists: "Figures 3.2, 3.4 and 3.5", "Figs. 3.2–3.4".
FIGURE_LIST = re.compile(r"\b(?:Figures?|Figs?\.)(?:\s|&nbsp;)(?P<nums>[0-9A-Z]+\.\d+\b"
                         r"(?:(?:,\s*|,?\s+(?:and|or)\s+|\s*[–-]\s*)[0-9A-Z]+\.\d+\b)*)")
FIGURE_NUMBER = re.compile(r"\b([0-9A-Z]+)\.(\d+)\b")


def link_references(body, figures, equations):
    """'Figure 3.2' and '(3.5)' in prose become links to the figure and the equation."""
    figs = {n for n, _ in figures}
    eqs = set(equations)

    def fig_list(m):  # the first link takes the word with it: "[Figures 3.2], [3.4] and [3.5]"
        text, out, pos = m.group(0), [], 0
        for k, n in enumerate(FIGURE_NUMBER.finditer(text, m.start("nums") - m.start())):
            start = 0 if k == 0 else n.start()
            out.append(text[pos:start])
            num = f"{n.group(1)}.{n.group(2)}"
            piece = text[start:n.end()]
            out.append(f'<a class="ref" href="#fig-{n.group(1)}-{n.group(2)}">{piece}</a>' if num in figs else piece)
            pos = n.end()
        return "".join(out) + text[pos:]

    def fn(text):
        text = re.sub(FIGURE_LIST, fig_list, text)
        return re.sub(r"\(([0-9A-Z]+)\.(\d+)\)",
                      lambda m: (f'(<a class="ref" href="#eq-{m.group(1)}-{m.group(2)}">'
                                 f'{m.group(1)}.{m.group(2)}</a>)'
                                 if f"{m.group(1)}.{m.group(2)}" in eqs else m.group(0)), text)
    return map_prose(body, fn)


def caption_links(body):
    return re.sub(r"<p><strong>Figure ([0-9A-Z]+)\.(\d+)\.?</strong>",
                  lambda m: (f'<p class="caption"><strong><a href="#fig-{m.group(1)}-{m.group(2)}">'
                             f'Figure {m.group(1)}.{m.group(2)}.</a></strong>'), body)


def link_api(body, idents, up, imported):
    """Library identifiers (cluster.KMeans, viz.MustShow) in code and prose link to the API pages.
    In code only the packages the notebook imports count: a variable may be called info."""
    if not idents:
        return body
    pkgs = "|".join(sorted(map(re.escape, idents)))
    code_pkgs = "|".join(sorted(re.escape(p) for p in idents if p in imported)) or "(?!)"

    def href(pkg, name):
        return f'{up}api/{pkg}.html#{name}' if name in idents.get(pkg, ()) else None

    # highlighted code: <span class="nx">cluster</span><span class="p">.</span><span class="nx">KMeans</span>
    code = re.compile(r'<span class="n[a-z]*">(' + code_pkgs + r')</span><span class="p">\.</span>'
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


REF = re.compile(r"(?P<sec>(?:§|\b[Ss]ections?\s+)(?P<num>[0-9A-Z]+(?:\.\d+)+))"
                 r"|(?P<chap>\b[Cc]hapters?\s+(?P<cnum>[1-9]\d?|[A-Z])\b)"
                 r"|(?P<app>\b[Aa]ppendix\s+(?P<anum>[A-Z])\b)")
# A reference to the lecture's own numbering: "chapter 2 of the RWTH lecture notes", "the lecture
# text (chapter 3)", "(ML lecture notes, chapter 5)", "§7.5 of the slides".
LECTURE_BEFORE = re.compile(r"(?:lecture|notes|slides|script)\W{0,3}(?:\w+\W{1,3})?$|\*,\s*$", re.I)
LECTURE_AFTER = re.compile(r"\s+of\s+the\b")
COURSE_BEFORE = re.compile(r"\b(SLT|ML|AFDS)\s+$")


def xref_targets(entries, bodies):
    """{course: {"3": page of chapter 3, "3.5": (page, id of section 3.5), ...}} from the chapter
    titles ("3 · …") and the numbered headings ("## 3.5 …") of every page."""
    targets = {}
    for e, body in zip(entries, bodies):
        course = targets.setdefault(e["course"], {})
        m = re.match(r"([0-9A-Z]+)\s+·", e["title"])
        if m:
            course[m.group(1)] = (e["page"], "")
        for _, sid, text in sections_of(body):
            m = re.match(r"\s*([0-9A-Z]+(?:\.\d+)+)\s", strip_tags(text))
            if m:
                course.setdefault(m.group(1), (e["page"], sid))
    return targets


def link_chapters(body, entry, targets, up):
    """"chapter 3", "§4.2" and "Section 4.2" in the prose link to the chapter or section of the
    same course, and links to other notebooks to their pages (three courses are numbered separately; "ML chapter 4" names another one). A
    reference to the lecture's numbering is marked .ext-ref and not linked. The folded notes on
    the lecture source cite the lecture throughout and are left alone."""
    def fn(text):
        def one(m):
            before, after = text[max(0, m.start() - 40):m.start()], text[m.end():m.end() + 12]
            if LECTURE_BEFORE.search(before) or LECTURE_AFTER.match(after):
                return f'<span class="ext-ref">{m.group(0)}</span>'
            c = COURSE_BEFORE.search(before)
            course = targets.get(c.group(1).lower() if c else entry["course"], {})
            if m.group("app") and m.group("anum") not in course:
                course = targets.get("slt", {})  # the appendices are the SLT course's
            t = course.get(m.group("num") or m.group("cnum") or m.group("anum"))
            if not t:
                return m.group(0)
            page, sid = t
            href = ("" if page == entry["page"] else up + page) + (f"#{sid}" if sid else "")
            return f'<a class="xref" href="{href or "#"}">{m.group(0)}</a>'
        return REF.sub(one, text)
    m = re.search(r'<h2 id="Notes-on-the-lecture-source">', body)
    cut = m.start() if m else len(body)
    return NB_LINK.sub(r'<a class="xref" href="\1.html\2"', map_prose(body[:cut], fn) + body[cut:])


# A Markdown link to another notebook ("[chapter 2](../ml/02-ica.ipynb)"), right in the lab, opens
# that chapter's page in the book: the pages mirror the notebooks' folders.
NB_LINK = re.compile(r'<a href="(?![a-z]+:)([^"#]*)\.ipynb(#[^"]*)?"')


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
              "cdot": "·", "times": "×", "qquad": "  ", "to": "→", "in": "∈", "approx": "≈", "quad": " ", "mid": "|",
              "propto": "∝", "sim": "∼", "partial": "∂", "nabla": "∇", "ell": "ℓ", "top": "ᵀ"})


def plain_math(text):
    """TeX in a search snippet made readable: \\sigma → σ, \\mathcal{P} → P, no $ or braces."""
    text = re.sub(r"\\(?:mathcal|mathbb|mathrm|mathbf|text|operatorname|boldsymbol)\s*\{([^{}]*)\}", r"\1", text)
    text = re.sub(r"\\tag\{[^{}]*\}", "", text)
    text = re.sub(r"\\frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}", r"(\1)/(\2)", text)
    text = re.sub(r"\\frac\s*(\w)\s*(\w)", r"\1/\2 ", text)  # \frac1p
    fonts = ("mathcal", "mathbb", "mathrm", "mathbf", "boldsymbol", "left", "right")
    text = re.sub(r"\\([A-Za-z]+)", lambda m: GREEK.get(m.group(1), "\0" if m.group(1) in fonts
                                                         else m.group(1)), text)
    text = re.sub("\0 ?", "", text)
    return re.sub(r"[${}]|\\[,;!]", "", text).replace("\\", " ")


def tex_html(text):
    """TeX in a claim line as HTML text, the way figure labels convert it (viz.Tex): \\lambda → λ,
    \\le → ≤, \\frac{a}{b} → a/b, \\mathrm{x} → x, no $; sub- and superscripts become <sub> and
    <sup> (λ_2 → λ<sub>2</sub>, σ_{A≥2} → σ<sub>A≥2</sub>). A snake_case word stays as it is."""
    text = html.escape(text, quote=False)
    for _ in range(3):  # nested groups, innermost first
        text = re.sub(r"\\(?:mathcal|mathbb|mathrm|mathbf|text|operatorname|boldsymbol)\s*\{([^{}]*)\}",
                      r"\1", text)
        text = re.sub(r"\\frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}", r"\1/\2", text)
        text = re.sub(r"(?<=[\w)|\u0370-\u03ff}])([_^])\{([^{}]*)\}",
                      lambda m: f"<{'sub' if m.group(1) == '_' else 'sup'}>{m.group(2)}"
                                f"</{'sub' if m.group(1) == '_' else 'sup'}>", text)
    text = re.sub(r"\\([A-Za-z]+)", lambda m: GREEK.get(m.group(1), m.group(1)), text)
    # x_1, λ_max, T_c: after a lone letter (not inside a word such as snake_case); x^2, 10^6
    text = re.sub(r"(?<![A-Za-z])([A-Za-z\u0370-\u03ff])_(\w+)", r"\1<sub>\2</sub>", text)
    text = re.sub(r"(?<=[\w)])\^([+-]?\w+|\*)", r"<sup>\1</sup>", text)
    return re.sub(r"\$|\\[,;!]", "", text).replace("{", "").replace("}", "")


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


def chapter_body(entry, idents):
    """The first pass over a chapter: its HTML with figures, equations and API names linked."""
    nb, figures = prepare(entry["nb"])
    exporter = HTMLExporter(template_name="basic", exclude_input_prompt=True,
                            exclude_output_prompt=True)
    # GoNB leaves pygments_lexer empty, which would fall back to Python highlighting.
    nb.metadata.setdefault("language_info", {})["pygments_lexer"] = "go"
    body, _ = exporter.from_notebook_node(notes_in_own_cell(nb))
    up = "../" * entry["page"].count("/")
    body, equations = equation_anchors(body)
    body = link_references(caption_links(body), figures, equations)
    imported = {p.rsplit("/", 1)[1] for p in imported_packages(entry["nb"])}
    return glue_punctuation(link_api(body, idents, up, imported))


# Punctuation that must not start or end a line apart from the formula or code it touches.
GLUE_OPEN = "([“‘"
GLUE_CLOSE = re.compile(r"[,.;:!?)\]”’…]+")
INLINE_CODE = re.compile(r"([(\[“‘]?)(<code>(?:[^<]|</?a\b[^>]*>)*</code>)([,.;:!?)\]”’…]*)")


def glue_punctuation(body):
    """An inline formula (an inline-block of MathJax's) and inline code may end a line with the
    comma after them starting the next, or the "(" before them ending the previous; on a phone's
    column that happens on every page. Each formula or code span of the prose that touches
    punctuation goes into one <span class="nobr"> with it (book.css keeps it on one line)."""
    def glue(open_, inner, close):
        return f'<span class="nobr">{open_}{inner}{close}</span>' if open_ or close else inner

    def formulas(tok):
        pos, pieces = 0, []
        for mm in MATH.finditer(tok):
            math, start, end = mm.group(0), mm.start(), mm.end()
            if not (math.startswith("\\(") or (math.startswith("$") and not math.startswith("$$"))):
                continue  # a display
            close = GLUE_CLOSE.match(tok, end)
            open_ = tok[start - 1] if start > pos and tok[start - 1] in GLUE_OPEN else ""
            if open_ or close:
                pieces.append(tok[pos:start - len(open_)])
                pieces.append(glue(open_, math, close.group(0) if close else ""))
                pos = close.end() if close else end
        pieces.append(tok[pos:])
        return "".join(pieces)
    body = INLINE_CODE.sub(lambda m: glue(m.group(1), m.group(2), m.group(3)), body)
    return map_prose(body, None, text_fn=formulas)


COURSE_ABBR = {"slt": "SLT", "ml": "ML", "afds": "AFDS"}

# Chapters that treat one topic from two sides, by course and number ("slt/03"), with what links
# them (read from either side). The related-chapters box of a page adds the chapters its text
# refers to and those whose text refers to it.
TOPICS = [
    ("slt/03", "ml/04", "k-means, which deterministic annealing becomes as the temperature goes to zero"),
    ("slt/03", "slt/05", "deterministic annealing with the KL divergence as the cost"),
    ("ml/04", "slt/05", "clustering: k-means and pairwise costs, and histograms as objects"),
    ("slt/03", "ml/03", "mean-field annealing: a free energy minimised while the temperature falls"),
    ("slt/02", "ml/03", "simulated annealing, the Metropolis sampler cooled into an optimiser"),
    ("slt/08", "ml/03", "the mean-field approximation of the Ising model, annealed"),
    ("slt/02", "afds/06", "Markov chains, Metropolis–Hastings and how fast they mix"),
    ("afds/02", "slt/10", "entropy, typical sets and the capacity of a channel"),
    ("ml/05", "slt/B", "the EM algorithm for mixture models"),
    ("slt/01", "slt/10", "posterior agreement, derived two ways"),
    ("slt/01", "slt/03", "the Gibbs distribution of a clustering cost"),
    ("slt/04", "slt/03", "the free energy of a clustering cost"),
    ("afds/05", "ml/04", "spectral clustering and low-dimensional embeddings"),
    ("afds/05", "ml/02", "principal components, which whitening uses"),
    ("afds/01", "ml/04", "k-means"),
    ("00", "ml/04", "k-means on real data"),
    ("afds/01", "afds/04", "weak learners, and boosting them"),
    ("afds/02", "afds/03", "Hoeffding's bound, which sizes the samples of PAC learning"),
    ("afds/02", "afds/08", "Markov's, Chebyshev's and Hoeffding's bounds, which size the sketches"),
    ("afds/07", "afds/08", "data too large for one machine: spread over many, or seen once as a stream"),
    ("afds/07", "ml/04", "k-means, with its assignment step as one Map-Reduce round"),
    ("ml/01", "ml/02", "Infomax, a one-layer network trained by the natural gradient"),
    ("ml/01", "afds/01", "the perceptron and logistic regression, the single units a network stacks"),
    ("ml/04", "slt/09", "pairwise clustering: the annealing algorithm, its phase transitions and K"),
    ("slt/05", "slt/06", "the KL divergence as a clustering cost, and the bottleneck's trade-off at finite β"),
    ("slt/10", "slt/06", "Blahut–Arimoto: channel capacity, rate distortion and the bottleneck"),
    ("slt/A", "slt/06", "mutual information and the data-processing inequality"),
    ("slt/07", "slt/09", "the pairwise cost, unchanged by the constant shift, and k-means in the embedding"),
]


def chapter_key(page):
    """slt/03-deterministic-annealing.html -> slt/03; 00-getting-started.html -> 00"""
    return re.match(r"((?:\w+/)?[0-9A-Z]+)-", page).group(1)


def chapter_label(entry):
    """The title with its course, which three separately numbered courses need: "ML 4 · …"."""
    abbr = COURSE_ABBR.get(entry["course"])
    return f"{abbr} {entry['title']}" if abbr else entry["title"]


def cited_pages(body, entry):
    """The other chapter pages that a chapter's linked text refers to (its a.xref links)."""
    here = os.path.dirname(entry["page"])
    return {os.path.normpath(os.path.join(here, h)) for h in
            re.findall(r'<a class="xref" href="([^"#]+)', body)}


def related_html(entry, entries, cites, up):
    """The related-chapters box: the topic table's partners first, then the chapters this one
    refers to and those that refer to it, each with why it is related."""
    key, why = chapter_key(entry["page"]), {}
    for a, b, text in TOPICS:
        if key in (a, b):
            why.setdefault(b if key == a else a, text)
    by_key = {chapter_key(e["page"]): e for e in entries}
    items = [(by_key[k], t) for k, t in why.items() if k in by_key]
    seen = {e["page"] for e, _ in items} | {entry["page"]}
    for e in entries:
        if e["page"] in seen:
            continue
        out, into = e["page"] in cites.get(entry["page"], ()), entry["page"] in cites.get(e["page"], ())
        if out or into:
            items.append((e, "this chapter refers to it" if out else "refers to this chapter"))
    if not items:
        return ""
    lis = "".join(f'<li><a class="related-link" href="{up}{e["page"]}">{html.escape(chapter_label(e))}</a>'
                  f' — {html.escape(t)}</li>' for e, t in items)
    return (f'<nav class="related" aria-label="Related chapters"><p class="related-title">Related chapters'
            f'</p><ul>{lis}</ul></nav>')


def onpage_html(sections):
    """"On this page": every section and subsection of the chapter. book.css sets it in a
    column at the right on a wide screen; on a narrower one it folds under the title (book.js
    closes it there)."""
    if not sections:
        return ""
    return ('<details class="onpage" open><summary>On this page</summary><ul>' + "".join(
        f'<li class="l{lvl}"><a href="#{sid}">{text}</a></li>' for lvl, sid, text in sections)
        + "</ul></details>")


def render_chapter(entry, body, prev, nxt, entries, related, out_dir):
    """The second pass (chapter and section references already linked, which needs every
    page's sections): the page written; returns its search records and the chapter's body for
    the PDF (without the page's tools and its list of sections)."""
    up = "../" * entry["page"].count("/")
    records = search_records(body, entry)
    body = collapse_source_notes(body) + related
    printed = body
    sections = sections_of(body)
    nb_file = os.path.basename(entry["rel"])
    tools = (f'<p class="page-tools"><a class="download" href="{html.escape(nb_file)}" download>'
             f'Download the notebook</a> · run it yourself: <code>make lab</code>, then open '
             f'<code>{html.escape(entry["rel"])}</code></p>' + onpage_html(sections))
    body = re.sub(r"(</h1>)", r"\1" + tools.replace("\\", "\\\\"), body, count=1) if "</h1>" in body \
        else tools + body
    footer = (f'<footer>Executed in {entry["seconds"]:.0f} s; {entry["claims"]} claims checked, '
              f'all passed. Source: <a href="{REPOSITORY}">{REPOSITORY}</a>. '
              f'{nav_html(up, prev, nxt)}</footer>')
    # the sidebar lists the sections and the numbered subsections (§5.1.1), not the unnumbered ones
    toc = toc_html(entries, up, entry, [s for s in sections if s[0] == 2 or
                                        re.match(r"\s*[0-9A-Z]+\.\d+\.\d+\s", strip_tags(s[2]))])
    page = page_head(entry["title"], up, toc) + body + livefig.script_tag(body, up) + footer + FOOT
    path = os.path.join(out_dir, entry["page"])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(page)
    shutil.copyfile(os.path.join(ROOT, entry["rel"]), os.path.join(os.path.dirname(path), nb_file))
    return records, printed


def plural(n, word):
    return f"{n} {word}" + ("" if n == 1 else "s")


def preface_html(entries, pdf):
    """The preface (what the book is, for whom, how to read and run it, notation, one line per
    chapter), for the index page and the PDF; pdf: whether the book comes with its PDF."""
    lines = []
    missing = [e["rel"] for e in entries if e["rel"] not in CHAPTER_LINES]
    if missing:
        raise SystemExit(f"book: no line for the preface in CHAPTER_LINES: {', '.join(missing)}")
    for name, blurb, chapters in by_course(entries):
        items = "".join(f'<li><a href="{e["page"]}">{html.escape(e["title"])}</a>'
                        f": {html.escape(CHAPTER_LINES[e['rel']])}</li>" for e in chapters)
        lines.append(f'<section class="course"><h3>{html.escape(name)}</h3><p>{html.escape(blurb)}</p>'
                     f'<ul class="chapter-lines">{items}</ul></section>')
    total = sum(e["claims"] for e in entries)
    pdf_line = (f"<p>The whole book is also one PDF, <a href=\"{bookpdf.PDF_NAME}\">{bookpdf.PDF_NAME}</a>, "
                f"with a table of contents, page numbers and every figure, written by "
                f"<code>make book</code> beside these pages.</p>" if pdf else "")
    return f"""<p class="lead">This book teaches statistical learning the way the lectures it follows do: a
derivation, the algorithm it leads to, a figure, and then a numerical check that the claim holds.
Every page is a notebook that ran against the <code>sltk</code> Go library while the book was
built; a page exists only if every cell ran and every check passed
({plural(len(entries), "chapter")}, {plural(total, "claim")} checked).</p>
<h2 id="Who-it-is-for">Who it is for<a class="anchor-link" href="#Who-it-is-for">¶</a></h2>
<p>Graduate students and practitioners who know linear algebra, calculus and probability at the
level of a first university course, and who want to see the theory of learning at work rather than
take it on trust. Reading Go is enough: the cells call the library and only choose data, plot and
check; you need not have written Go before.</p>
<h2 id="How-to-read-it">How to read it<a class="anchor-link" href="#How-to-read-it">¶</a></h2>
<p>Each chapter opens with a problem, derives what solves it and runs it. A line
<em>✓ 4 checks passed</em> under a cell folds the numerical checks of that cell; open it (in the
HTML book) to see what was compared with what. Equations (3.5) and figures (Figure 3.2) are numbered within their
chapter; references to them, to sections (§3.4) and to chapters are links. Names from the
library, such as <a class="api" href="api/cluster.html#KMeans"><code>cluster.KMeans</code></a>,
link to the <a href="api/index.html">API reference</a>. Every
chapter ends with a summary and exercises; notes on the lecture source fold away at the end.</p>
<p class="note"><strong>Chapter numbers.</strong> {NUMBERING_NOTE}</p>
<h2 id="Notation">Notation<a class="anchor-link" href="#Notation">¶</a></h2>
<p>Vectors are bold lower case ($\\mathbf x$), matrices upper case ($X$, $A$), with $\\mathbf x_i$
the $i$-th of $n$ data points in $\\mathbb R^d$. $c$ is a hypothesis (often an assignment of
points to clusters), $R(c,X)$ its cost on data $X$, $T$ a temperature and $\\beta=1/T$.
$\\ln$ is the natural logarithm, $\\log_2$ counts bits. A chapter that departs from this says so
at its start.</p>
<h2 id="Running-it-yourself">Running it yourself<a class="anchor-link" href="#Running-it-yourself">¶</a></h2>
<p>Clone the <a href="{REPOSITORY}">repository</a>; two commands do the rest:</p>
<pre><code>make lab    # Jupyter with the Go kernel on notebooks/ (prints the URL to open)
make test   # the library's tests, every notebook headless, this book, checked in a browser</code></pre>
<p>Without Go on your machine, the Docker image is the lab alone:</p>
<pre><code>docker build -f docker/Dockerfile -t sltk-lab .
docker run -d --name sltk-lab -p 127.0.0.1:8888:8888 sltk-lab
docker logs sltk-lab 2>&amp;1 | grep token=    # the URL to open</code></pre>
{pdf_line}
<p>Every chapter page links its notebook for download. The pages load nothing from the network
and read offline.</p>
<h2 id="Chapters">Chapters<a class="anchor-link" href="#Chapters">¶</a></h2>
{''.join(lines)}
"""


def render_index(entries, out_dir, pdf):
    """The front page: the book's title, its preface, then the run times and claim counts of
    the last build."""
    rows = []
    for name, _, chapters in by_course(entries):
        rows.append(f'<tr><th colspan="3">{html.escape(name)}</th></tr>')
        rows += [f'<tr><td><a href="{e["page"]}">{html.escape(e["title"])}</a></td>'
                 f'<td>{e["seconds"]:.0f} s</td><td>{e["claims"]} passed</td></tr>' for e in chapters]
    tools = (f'<p class="page-tools"><a class="download" href="{bookpdf.PDF_NAME}">The whole book as a PDF</a>'
             f' · <a href="api/index.html">API reference</a></p>' if pdf else "")
    body = f"""<h1 id="sltk">{BOOK_TITLE}<a class="anchor-link" href="#sltk">¶</a></h1>
{tools}{preface_html(entries, pdf)}<details class="build-table"><summary>Run times and checks of this build</summary>
<table class="chapters"><thead><tr><th>Chapter</th><th>Run time</th><th>Claims</th></tr></thead>
<tbody>{''.join(rows)}</tbody></table></details>"""
    first = entries[0] if entries else None
    footer = (f'<footer>{plural(len(entries), "chapter")}. Source: <a href="{REPOSITORY}">{REPOSITORY}</a>. '
              f'{nav_html("", None, first)}</footer>')
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


def title_page(entries):
    """The PDF's first page: the title, the three courses, what this build checked and from
    which commit."""
    commit = subprocess.run(["git", "log", "-1", "--format=%h %cs"], cwd=ROOT, capture_output=True,
                            text=True).stdout.split()
    built = f"Built from commit {commit[0]} of {commit[1]}. " if len(commit) == 2 else ""
    courses = " · ".join(html.escape(name) for name, _, _ in by_course(entries))
    total = sum(e["claims"] for e in entries)
    return (f'<h1 id="title">{BOOK_TITLE}</h1><p class="book-courses">{courses}</p>'
            f'<p class="book-meta">{plural(len(entries), "chapter")}, each a notebook executed against '
            f'the <code>sltk</code> Go library while the book was built; {plural(total, "claim")} checked, '
            f'all passed. {built}Source: <a href="{REPOSITORY}">{REPOSITORY}</a></p>')


def write_book(entries, out_dir, pdf):
    """Write every page of the book into out_dir (which must exist); pdf: whether the index
    links the PDF. Returns (entry, body) of every chapter for print_pdf."""
    copy_assets(out_dir)
    idents, api_records = apiref.build(ROOT, out_dir,
                                       lambda title, up: page_head(title, up, toc_html(entries, up)))
    bodies = [chapter_body(e, idents) for e in entries]
    targets = xref_targets(entries, bodies)
    ups = ["../" * e["page"].count("/") for e in entries]
    bodies = [link_chapters(b, e, targets, up) for e, b, up in zip(entries, bodies, ups)]
    cites = {e["page"]: cited_pages(b, e) for e, b in zip(entries, bodies)}
    records, printed = [], []
    for i, (e, body) in enumerate(zip(entries, bodies)):
        prev = entries[i - 1] if i > 0 else None
        nxt = entries[i + 1] if i + 1 < len(entries) else None
        found, final = render_chapter(e, body, prev, nxt, entries,
                                      related_html(e, entries, cites, ups[i]), out_dir)
        records += found
        printed.append((e, final))
    if any(livefig.has_live(b) for b in bodies):  # live figures: the wasm module and its loader
        print(livefig.build(ROOT, out_dir), flush=True)
    render_index(entries, out_dir, pdf)
    write_search_index(records + api_records, out_dir)
    manifest = [{k: e[k] for k in ("rel", "title", "page", "seconds", "claims")} for e in entries]
    with open(os.path.join(out_dir, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    return printed


def print_pdf(entries, printed, out_dir):
    """The book as one PDF beside the pages (bookpdf); returns a line on it: pages, size, time."""
    courses = [(name, chapters) for name, _, chapters in by_course(entries)]
    head = (HEAD.format(title=html.escape(BOOK_TITLE), up="").replace(" · sltk</title>", "</title>")
            + '<body data-root="" class="print">')
    preface = f'<h1 id="preface-title">Preface</h1>{preface_html(entries, True)}'
    pages, size, seconds, stats = bookpdf.write_pdf(out_dir, head, title_page(entries), preface,
                                                    printed, courses, chapter_label)
    problems = []
    if stats.get("errors"):
        problems.append(f"{stats['errors']} formulas MathJax could not typeset")
    if stats.get("unnumbered"):
        problems.append(f"no page number found for {', '.join(stats['unnumbered'][:5])}")
    return (f"{bookpdf.PDF_NAME}: {pages} pages, {size / 1e6:.1f} MB, printed in {seconds:.0f} s, "
            f"{stats['typeset']:.0f} s of them to lay out and typeset "
            f"({stats.get('math', 0)} formulas, {stats.get('scaled', 0)} wide displays or tables scaled "
            f"to the page; {stats.get('outline', 0)} bookmarks, {stats.get('links', 0)} links between "
            f"chapters)" + ("; " + "; ".join(problems) if problems else ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("notebooks", nargs="+")
    ap.add_argument("--force", action="store_true", help="execute every notebook again")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "book"))
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--no-pdf", action="store_true", help="write the HTML pages only, not the PDF")
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
    printed = write_book(entries, tmp, not args.no_pdf)
    shutil.rmtree(args.out, ignore_errors=True)
    os.rename(tmp, args.out)
    print(f"book: {len(entries)} pages in {os.path.relpath(args.out, ROOT)}/ "
          f"({executed} executed, {len(entries) - executed} up to date)", flush=True)
    if args.no_pdf:
        return 0
    try:
        print(f"book: {print_pdf(entries, printed, args.out)}", flush=True)
    except RuntimeError as exc:  # Chromium would not print: the HTML book stands, the PDF is missing
        print(f"book: FAIL  the PDF could not be printed: {exc}", flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
