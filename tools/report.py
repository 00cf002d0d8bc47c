#!/usr/bin/python3
"""Export one notebook as a report: a single HTML file that reads offline.

    report.py NOTEBOOK [--out FILE] [--saved]

The notebook (any notebook, also one outside the repository that imports sltk through the lab's
kernel) is executed on the project's kernel, or with --saved taken with its saved outputs. A
failing cell fails the export and is named, as `make nb` names it. The report is the page the
book would show for the notebook (the book's typography, claim lines folded, figures inline as
SVG/PNG data, numbered equations), with a header line (date, run time, sltk commit, Go and GoNB
versions) and, for a notebook with several sections, a table of contents. Everything is in the
one file: the book's CSS, the figure font, and MathJax 2 (the parts that TeX input with
CommonHTML output loads, served from the page by a loader hook, its web fonts as data URIs).

The lab's File → Download as → "sltk report (.html)" calls export() through the nbconvert
exporter in tools/nbexport/ (with the saved outputs of the notebook).

--selftest is the check `make test` runs: a test notebook exported from the shell and from a
running `make lab` (GET /nbconvert/sltk_report/...), each file opened in headless Chromium with
the network off; a notebook with a failing cell must fail the export with the cell named.
--check FILE runs the browser check on one report.
"""

import argparse
import base64
import datetime
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

sys.dont_write_bytecode = True  # no __pycache__ in tools/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import book  # noqa: E402
import browsertest  # noqa: E402
import nbrun  # noqa: E402

import nbformat  # noqa: E402

ROOT = book.ROOT
# Files of MathJax 2 that TeX input with CommonHTML output may load after the combined
# configuration (the first entry; the files it preloads are left out). book.MATHJAX_PARTS lists
# what the book copies; of its "extensions" only the TeX macros that load on demand are needed.
MATHJAX_JS = ["config/TeX-AMS_CHTML.js", "extensions/TeX", "jax/input/TeX", "jax/output/CommonHTML",
              "jax/element", "localization/en"]
WOFF_DIR = "fonts/HTML-CSS/TeX/woff"
TOC_MIN_SECTIONS = 3  # a table of contents for notebooks with at least this many sections
TEST_NOTEBOOK = "tools/testdata/report-homework.ipynb"  # --selftest

# MathJax.js is inlined; AuthorInit runs before its start-up loads anything and puts a hook in
# front of its script loader: a file of SLTK_MATHJAX is run from the page, any other is asked for
# as usual (and recorded in SLTK_MATHJAX_MISSED, which the browser check requires to be empty).
# The web fonts' @font-face rules are pointed at data URIs once fontdata.js has made them.
LOADER = r"""
window.MathJax = {root: "mathjax", config: ["TeX-AMS_CHTML.js"], AuthorInit: function () {
  var files = window.SLTK_MATHJAX, fonts = window.SLTK_MATHJAX_FONTS, ajax = MathJax.Ajax;
  var load = ajax.loader.JS;
  window.SLTK_MATHJAX_MISSED = [];
  ajax.loader.JS = function (file, callback) {
    var name = this.fileName(file), code = files[name];
    if (code === undefined) {
      window.SLTK_MATHJAX_MISSED.push(name);
      return load.call(this, file, callback);
    }
    var script = document.createElement("script");
    this.loading[file] = {callback: callback, status: this.STATUS.OK, script: script,
                          timeout: setTimeout(MathJax.Callback(["loadTimeout", this, file]), this.timeout)};
    this.loading[file].message = MathJax.Message.File(name);
    if (/\/fonts\/TeX\/fontdata\.js$/.test(name)) ajax.LoadHook(file, embedFonts);
    script.type = "text/javascript";
    script.text = code;
    this.head.appendChild(script);
  };
  // Only the embedded faces are kept (not the ones that look for MathJax's fonts installed on
  // the reader's machine), so that every reader sees the same glyphs the check saw.
  function embedFonts() {
    var styles = MathJax.OutputJax.CommonHTML.config.styles;
    styles["@font-face"] = (styles["@font-face"] || []).filter(function (face) {
      var m = /\/(MathJax_[\w-]+)\.woff/.exec(face["src /*2*/"] || "");
      if (!m || !fonts[m[1]]) return false;
      face["src /*2*/"] = "url(" + fonts[m[1]] + ") format('woff')";
      delete face["src /*1*/"];
      return true;
    });
  }
}};
"""

REPORT_CSS = """
/* report: one column, the header line under the title */
main.report { margin: 0 auto; }
p.report-meta { font-family: var(--sans); font-size: .85rem; color: var(--muted); margin: 0 0 1.2rem; }
"""


def script(code):
    """A <script> element for code that may contain "</script>"."""
    return "<script>" + code.replace("</", "<\\/") + "</script>\n"


def data_uri(path, mime):
    with open(path, "rb") as f:
        return f"data:{mime};base64," + base64.b64encode(f.read()).decode()


def mathjax_parts():
    """The MathJax config block of the book, the loader, the embedded files and MathJax.js."""
    src = book.MATHJAX_SRC
    if not os.path.exists(os.path.join(src, "MathJax.js")):
        raise RuntimeError(f"MathJax not found in {src}: install Debian's libjs-mathjax (make setup)")
    with open(os.path.join(src, MATHJAX_JS[0]), encoding="utf-8") as f:
        listed = re.search(r"Preloading\((.*?)\)", f.read(), re.S).group(1)
    preloaded = set(re.findall(r'"(\[MathJax\]/[^"]+)"', listed))
    files = {}
    for part in MATHJAX_JS:
        top = os.path.join(src, part)
        paths = [top] if os.path.isfile(top) else [os.path.join(d, f) for d, _, fs in os.walk(top)
                                                    for f in fs if f.endswith(".js")]
        for p in sorted(paths):
            name = "[MathJax]/" + os.path.relpath(p, src)
            if name not in preloaded:  # in the combined configuration already
                with open(p, encoding="utf-8") as f:
                    files[name] = f.read()
    woff = os.path.join(src, WOFF_DIR)
    fonts = {f[:-5]: data_uri(os.path.join(woff, f), "font/woff")
             for f in sorted(os.listdir(woff)) if f.endswith(".woff")}
    config = re.search(r'<script type="text/x-mathjax-config">.*?</script>\n', book.HEAD, re.S).group(0)
    config = config.replace("{{", "{").replace("}}", "}")  # HEAD is a format string
    with open(os.path.join(src, "MathJax.js"), encoding="utf-8") as f:
        core = f.read()
    return (config + script("window.SLTK_MATHJAX = " + json.dumps(files) + ";\n"
                            "window.SLTK_MATHJAX_FONTS = " + json.dumps(fonts) + ";\n" + LOADER)
            + script(core))


def styles(bold):
    """The book's CSS (with the code highlighting) and the figures' font as data URIs."""
    tmp = tempfile.mkdtemp(prefix="sltk-report-")
    try:
        book.copy_assets(tmp)
        assets = os.path.join(tmp, "assets")
        with open(os.path.join(assets, "book.css"), encoding="utf-8") as f:
            css = f.read()
        for _, name in book.FONT_FILES:
            uri = data_uri(os.path.join(assets, "fonts", name), "font/ttf")
            if "Bold" in name and not bold:
                uri = "data:,"  # no figure sets bold text: the face is left out
            css = css.replace(f"url(fonts/{name})", f"url({uri})")
        with open(os.path.join(assets, "book.js"), encoding="utf-8") as f:
            js = f.read()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return css + REPORT_CSS, js


def git_describe():
    try:
        out = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty", "--tags"],
                             capture_output=True, text=True, timeout=20)
    except OSError:
        return "unknown"
    return out.stdout.strip() if out.returncode == 0 and out.stdout.strip() else "unknown"


def versions():
    """The Go version and the GoNB version of the kernel's binary (from its build information)."""
    def run(*cmd):
        try:
            out = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
            return out.stdout if out.returncode == 0 else ""
        except OSError:
            return ""
    go = run("go", "env", "GOVERSION").strip() or "unknown"
    gonb = shutil.which("gonb") or os.path.join(ROOT, ".tools", "bin", "gonb")
    m = re.search(r"^\s*mod\s+github\.com/janpfeifer/gonb\s+(\S+)", run("go", "version", "-m", gonb), re.M)
    return go, m.group(1) if m else "unknown"


def failure(nb):
    """The description of the first failing cell of a notebook with saved outputs, or None."""
    _, cell = nbrun.failing_cell(nb)
    return None if cell is None else nbrun.describe_failure(nb, RuntimeError("a cell failed"))


def export(nb, name, seconds=None, executed=True):
    """The report of an executed notebook (nbformat node) as one HTML string. name is the
    notebook's file name; seconds its run time (None: not recorded)."""
    title = book.title_of(nb, name)
    entry = {"nb": nb, "page": "report.html", "course": "", "title": title}
    body = book.chapter_body(entry, {})
    # references to its own sections (§8.2) link; those to other chapters stay text
    body = book.link_chapters(body, entry, book.xref_targets([entry], [body]), "")
    body = book.collapse_source_notes(body)
    sections = book.sections_of(body)
    go, gonb = versions()
    claims = nbrun.count_claims(nb)
    run = (f"run in {seconds:.0f} s" if seconds is not None else "run time not recorded") + \
        ("" if executed else " (saved outputs)")
    meta = (f'<p class="report-meta">{html.escape(name)} · '
            f'{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC · {run} · '
            f'{claims} {"check" if claims == 1 else "checks"} passed · '
            f'sltk {html.escape(git_describe())} · {html.escape(go)} · GoNB {html.escape(gonb)}</p>')
    if "</h1>" in body:
        body = body.replace("</h1>", "</h1>" + meta, 1)
    else:
        body = f'<h1>{html.escape(title)}</h1>' + meta + body
    bold = "font-weight:bold" in body or 'font-weight="bold"' in body
    css, js = styles(bold)
    toc = ""
    if sum(1 for lvl, _, _ in sections if lvl == 2) >= TOC_MIN_SECTIONS:
        items = "".join(f'<li class="l{lvl}"><a href="#{sid}">{text}</a></li>' for lvl, sid, text in sections)
        toc = ('<aside class="sidebar"><details class="toc" open><summary>Contents</summary>'
               f'<p class="toc-home">{html.escape(title)}</p><ul class="toc-sections">{items}</ul>'
               '</details></aside>')
    return ('<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            '<meta name="color-scheme" content="light dark">\n'
            f'<meta name="generator" content="sltk report">\n<title>{html.escape(title)}</title>\n'
            f'<style>\n{css}</style>\n' + mathjax_parts() + '</head>\n<body>\n'
            + (f'<div class="layout">{toc}<main>' if toc else '<main class="report">')
            + body + "</main>" + ("</div>" if toc else "") + "\n" + script(js) + "</body>\n</html>\n")


def run_notebook(path, saved, timeout, log):
    """(notebook, seconds, error text or None): executed on the project's kernel, or as saved."""
    if saved:
        nb = nbformat.read(path, as_version=4)
        return nb, nb.metadata.get("sltk", {}).get("seconds"), failure(nb)
    error, seconds, _, nb = nbrun.run(path, timeout, None, ROOT, log)
    return nb, seconds, None if error is None else nbrun.describe_failure(nb, error)


def main_export(args):
    out = args.out or os.path.join(ROOT, "build", "reports",
                                   os.path.splitext(os.path.basename(args.notebook))[0] + ".html")
    start = time.monotonic()
    os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
    with open(os.path.join(ROOT, "build", "kernel.log"), "a") as log:
        try:
            nb, seconds, error = run_notebook(args.notebook, args.saved, args.timeout, log)
        except Exception as exc:  # unreadable notebook, kernel that would not start
            print(f"report: FAIL {args.notebook}: could not run: {exc}", flush=True)
            return 1
    if args.executed:  # also when a cell failed, to look at
        os.makedirs(os.path.dirname(os.path.abspath(args.executed)), exist_ok=True)
        nbformat.write(nb, args.executed)
    if error is not None:
        if os.path.exists(out):  # an earlier report must not pass for this run's
            os.remove(out)
        print(f"report: FAIL {args.notebook}: a cell failed, no report written", flush=True)
        print(error, flush=True)
        return 1
    page = export(nb, os.path.basename(args.notebook), seconds, executed=not args.saved)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write(page)
    print(f"report: {out} ({len(page.encode()) / 1e6:.2f} MB, {time.monotonic() - start:.0f} s); "
          f"it opens from disk, offline", flush=True)
    return 0


# Run after MathJax has typeset the page: the files MathJax asked for that the page lacks, and
# the state of its web fonts (the embedded ones must have loaded, none failed).
MISSED = """<script>window.addEventListener("load", function () {
  MathJax.Hub.Queue(function () { document.fonts.ready.then(function () {
    var fonts = {};
    document.fonts.forEach(function (f) { if (/^MJXc-/.test(f.family)) fonts[f.family] = f.status; });
    document.body.setAttribute("data-missed", JSON.stringify(
      {files: window.SLTK_MATHJAX_MISSED || ["(no loader)"], fonts: fonts,
       formulas: document.querySelectorAll('script[type^="math/tex"]').length}));
  }); });
});</script>"""


# The formulas of a Markdown text as tex2jax finds them with the book's delimiters: inline math may
# run over a line break (book.MATH stops at one), \$ is a dollar sign.
TEX = re.compile(r"(?<!\\)\$\$.+?\$\$|\\\[.+?\\\]|\\begin\{(\w+\*?)\}.*?\\end\{\1\}"
                 r"|(?<![\\$])\$(?:[^$\\]|\\.)+?\$|\\\(.+?\\\)", re.S)


def check(path, profile, notebook=None):
    """What a reader would find wrong with a report opened from disk, network off (the book's
    page check of tools/browsertest.py at both widths, the MathJax files and fonts it lacked,
    and with the notebook given, the number of formulas typeset)."""
    problems, out = [], None
    browser, browser_profile = browsertest.open_browser()
    try:
        for width in browsertest.WIDTHS:
            found, out = browsertest.check_page(os.path.dirname(path), os.path.basename(path), width, browser)
            # a report is one notebook: a reference to another chapter has nothing to link to
            problems += [f"{width} px: {p}" for p in found if not p.startswith("unlinked reference: ")]
    finally:
        browsertest.close_browser(browser, browser_profile)
    if out is not None:
        if out["math"] == 0:
            problems.append("no typeset math")
        if out["figures"] == 0:
            problems.append("no figure")
    probe, _ = browsertest.probe(path, MISSED, ".missed.html")
    try:
        res = browsertest.chromium(["--dump-dom", "file://" + probe], profile)
    finally:
        os.remove(probe)
    m = re.search(r'data-missed="([^"]*)"', res.stdout)
    if not m:
        return problems + ["MathJax did not finish typesetting"], out
    got = json.loads(html.unescape(m.group(1)))
    if notebook:  # every formula of its Markdown typeset once, and nothing else
        want = sum(len(TEX.findall(re.sub(r"```.*?```|`[^`]*`", "", c.source, flags=re.S)))
                   for c in nbformat.read(notebook, as_version=4).cells if c.cell_type == "markdown")
        if got["formulas"] != want:
            problems.append(f"MathJax typeset {got['formulas']} formulas, {notebook} has {want}")
    problems += [f"MathJax needed a file the report lacks: {f}" for f in got["files"]]
    problems += [f"MathJax font {f}: {st}" for f, st in got["fonts"].items() if st == "error"]
    if not any(f.endswith("w") and st == "loaded" for f, st in got["fonts"].items()):
        problems.append(f"no embedded MathJax font was used ({got['fonts']})")
    return problems, out


class Lab:
    """`make lab` on a free loopback port with a fresh token, its notebook dir the repository."""

    def __init__(self):
        import secrets
        import socket
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        self.token = secrets.token_hex(24)
        self.url = f"http://127.0.0.1:{port}/"
        self.log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(
            ["make", "--no-print-directory", "-C", ROOT, "lab", f"LAB_PORT={port}", "LAB_DIR=" + ROOT],
            env=dict(os.environ, JUPYTER_TOKEN=self.token), stdout=self.log, stderr=self.log,
            start_new_session=True)
        deadline = time.monotonic() + 120
        while True:
            try:
                self.get("api/status")
                return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError("make lab did not answer")
                time.sleep(0.3)

    def get(self, path):
        sep = "&" if "?" in path else "?"
        with urllib.request.urlopen(f"{self.url}{path}{sep}token={self.token}", timeout=300) as r:
            return r.read()

    def stop(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, 15)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, 9)


def lab_export(nb_rel, out, failing_rel):
    """The report of nb_rel (a path below the repository) as the lab's Download as writes it;
    the export of failing_rel (saved with a failing cell) must be refused with the cell named."""
    lab = Lab()
    try:
        listed = json.loads(lab.get("api/nbconvert"))
        if "sltk_report" not in listed:
            raise RuntimeError(f"the lab does not list the exporter sltk_report (it lists {sorted(listed)})")
        page = lab.get("nbconvert/sltk_report/" + nb_rel + "?download=true")
        try:
            lab.get("nbconvert/sltk_report/" + failing_rel + "?download=true")
            raise RuntimeError(f"the lab exported {failing_rel}, which has a failing cell")
        except urllib.error.HTTPError as exc:
            text = exc.read().decode(errors="replace")
            if "in cell 3 (code cell 2)" not in html.unescape(text):
                raise RuntimeError(f"the lab refused {failing_rel} ({exc.code}) without naming the cell")
    finally:
        lab.stop()
    with open(out, "wb") as f:
        f.write(page)


def selftest():
    """make test: the test notebook exported from the shell and from the lab, both checked in
    Chromium; a failing notebook must fail the export with its cell named."""
    work = os.path.join(ROOT, "build", "report-test")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    shell, lab = os.path.join(work, "shell.html"), os.path.join(work, "lab.html")
    executed = os.path.join(work, "report-homework.ipynb")
    start = time.monotonic()
    res = subprocess.run([sys.executable, __file__, TEST_NOTEBOOK, "--out", shell,
                          "--executed", executed], cwd=ROOT, capture_output=True, text=True)
    seconds = time.monotonic() - start
    if res.returncode != 0:
        print("report self-test: FAIL the test notebook did not export:\n" + res.stdout + res.stderr)
        return 1
    failing = os.path.join(work, "failing.ipynb")
    res = subprocess.run([sys.executable, __file__, "tools/testdata/failing.ipynb", "--out",
                          os.path.join(work, "failing.html"), "--executed", failing],
                         cwd=ROOT, capture_output=True, text=True)
    if res.returncode == 0 or "in cell 3 (code cell 2)" not in res.stdout \
            or os.path.exists(os.path.join(work, "failing.html")):
        print("report self-test: FAIL a failing notebook was not refused with its cell named:\n" + res.stdout)
        return 1
    try:
        lab_export(os.path.relpath(executed, ROOT), lab, os.path.relpath(failing, ROOT))
    except Exception as exc:
        print(f"report self-test: FAIL the lab's export: {exc}")
        return 1
    profile = tempfile.mkdtemp(prefix="sltk-chromium-")
    failed = False
    try:
        for name, path in (("shell", shell), ("lab", lab)):
            problems, out = check(path, profile, os.path.join(ROOT, TEST_NOTEBOOK))
            size = os.path.getsize(path) / 1e6
            if problems:
                failed = True
                print(f"report self-test: FAIL {name} report {os.path.relpath(path, ROOT)}:")
                print("\n".join("    " + p for p in problems))
            else:
                print(f"report self-test: {name} report {os.path.relpath(path, ROOT)}: {size:.2f} MB, "
                      f"{out['math']} typeset formulas, {out['figures']} figures, network off: ok")
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    if failed:
        return 1
    print(f"report self-test: exported from the shell in {seconds:.0f} s; a failing cell fails the "
          "export with the cell named, from the shell and from the lab: ok")
    return 0


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("notebook", nargs="?")
    ap.add_argument("--out", help="the report (default build/reports/NAME.html)")
    ap.add_argument("--saved", action="store_true", help="take the saved outputs, do not execute")
    ap.add_argument("--executed", help="also write the executed notebook here (also when a cell failed)")
    ap.add_argument("--timeout", type=int, default=600, help="seconds per cell")
    ap.add_argument("--check", metavar="REPORT", help="check a report in headless Chromium (with "
                    "NOTEBOOK: also that each of its formulas is typeset once)")
    ap.add_argument("--selftest", action="store_true", help="the test of make test")
    a = ap.parse_args()
    if a.selftest:
        sys.exit(selftest())
    if a.check:
        tmp = tempfile.mkdtemp(prefix="sltk-chromium-")
        try:
            found, info = check(os.path.abspath(a.check), tmp, a.notebook)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        print("\n".join(found) if found else
              f"report check: {a.check}: {info['math']} typeset formulas, {info['figures']} figures: ok")
        sys.exit(1 if found else 0)
    if not a.notebook:
        ap.error("a notebook is needed")
    sys.exit(main_export(a))
