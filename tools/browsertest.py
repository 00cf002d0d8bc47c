#!/usr/bin/python3
"""Open every page of the built book in headless Chromium and check what a reader would see.

For each page (the index and every chapter) the test loads a copy of the page with a small
checker script appended, lets MathJax finish, and reads the checker's verdict from the DOM that
Chromium dumps:
  - math is typeset: MathJax output elements are present wherever the page has TeX, and no raw
    $$…$$ or $…$ is left in the prose;
  - every figure shows: each inline SVG and each image has a non-zero rendered size (and images
    finished loading);
  - every link resolves: each local link points at a file of the book (and, for #fragments, at an
    id on the target page); the page loads nothing from the network.
Chromium runs with networking disabled by resolver rules, so a page that needed a CDN would fail.
Screenshots of the index and one chapter are written to build/screenshots/.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
from html import unescape as html_unescape

CHECKER = r"""
<script>
(function () {
  function verdict() {
    var main = document.querySelector("main") || document.body;
    var out = {math: 0, rawMath: [], figures: 0, badFigures: [], links: [], remote: []};
    out.math = document.querySelectorAll(".mjx-chtml, .MathJax_CHTML, .MJXc-display").length;
    var walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT, null);
    var n;
    while ((n = walker.nextNode())) {
      var p = n.parentElement;
      if (p.closest("pre, code, script, style, .output_area, .input_area, .MathJax_Preview")) continue;
      var t = n.textContent;
      if (/\$\$/.test(t) || /\$[^$\s][^$]*\$/.test(t)) out.rawMath.push(t.trim().slice(0, 80));
    }
    main.querySelectorAll("svg, img").forEach(function (el) {
      if (el.tagName.toLowerCase() === "svg" && el.parentElement.closest("svg")) return;
      if (el.closest(".mjx-chtml, .MathJax_CHTML")) return;
      out.figures++;
      var r = el.getBoundingClientRect();
      var ok = r.width > 0 && r.height > 0;
      if (el.tagName.toLowerCase() === "img") ok = ok && el.complete && el.naturalWidth > 0;
      if (!ok) out.badFigures.push(el.tagName + " " + Math.round(r.width) + "x" + Math.round(r.height));
    });
    document.querySelectorAll("a[href]").forEach(function (a) { out.links.push(a.href); });
    document.querySelectorAll("script[src], link[href], img[src]").forEach(function (el) {
      var u = el.src || el.href;
      if (/^https?:/.test(u)) out.remote.push(u);
    });
    document.body.setAttribute("data-selftest", JSON.stringify(out));
  }
  function start() {
    if (window.MathJax && MathJax.Hub) { MathJax.Hub.Queue(verdict); } else { verdict(); }
  }
  if (document.readyState === "complete") start(); else window.addEventListener("load", start);
})();
</script>
"""

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-quic", "--host-resolver-rules=MAP * ~NOTFOUND",
                  "--virtual-time-budget=20000", "--run-all-compositor-stages-before-draw"]


def chromium(args, profile):
    cmd = ["chromium"] + CHROMIUM_FLAGS + [f"--user-data-dir={profile}"] + args
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def has_tex(html):
    body = re.sub(r"<(pre|code|script|style)\b.*?</\1>", "", html, flags=re.S)
    return bool(re.search(r"\$\$|\$[^$\s<][^$<]*\$|\\\(|\\\[", body))


def ids_of(path, memo={}):
    if path not in memo:
        with open(path, encoding="utf-8") as f:
            memo[path] = set(re.findall(r'\bid="([^"]+)"', f.read()))
    return memo[path]


def check_page(book, page, profile):
    src = os.path.join(book, page)
    with open(src, encoding="utf-8") as f:
        html = f.read()
    probe = src + ".selftest.html"
    with open(probe, "w", encoding="utf-8") as f:
        f.write(html.replace("</body>", CHECKER + "</body>"))
    try:
        res = chromium(["--dump-dom", "file://" + probe], profile)
    finally:
        os.remove(probe)
    m = re.search(r'data-selftest="([^"]*)"', res.stdout)
    if not m:
        return [f"the checker did not run (chromium exit {res.returncode}: {res.stderr.strip()[-300:]})"], None
    out = json.loads(html_unescape(m.group(1)))
    problems = []
    if has_tex(html) and out["math"] == 0:
        problems.append("the page has TeX but MathJax produced no output")
    problems += [f"raw TeX left in the text: {t!r}" for t in out["rawMath"][:5]]
    problems += [f"figure not shown: {f}" for f in out["badFigures"]]
    problems += [f"loads from the network: {u}" for u in out["remote"]]
    for href in out["links"]:
        u = urllib.parse.urlparse(href)
        if u.scheme in ("http", "https", "mailto"):
            continue  # links out are allowed; the page does not load them
        if u.scheme != "file":
            problems.append(f"unexpected link {href}")
            continue
        target = urllib.parse.unquote(u.path)
        if target == probe:
            target = src
        if not os.path.isfile(target):
            problems.append(f"broken link {os.path.relpath(target, book)}")
        elif u.fragment and u.fragment not in ids_of(target):
            problems.append(f"broken anchor {os.path.relpath(target, book)}#{u.fragment}")
    return problems, out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--book", default="build/book")
    ap.add_argument("--shots", default="build/screenshots")
    args = ap.parse_args()
    book = os.path.abspath(args.book)
    manifest_path = os.path.join(book, "manifest.json")
    if not os.path.exists(manifest_path):
        print(f"browser test: no book at {args.book} (run make book)")
        return 1
    with open(manifest_path) as f:
        manifest = json.load(f)
    notebooks = [os.path.join(d, f) for d, _, fs in os.walk("notebooks") if ".ipynb_checkpoints" not in d
                 for f in fs if f.endswith(".ipynb")]
    if len(manifest) != len(notebooks):
        print(f"FAIL  the book has {len(manifest)} chapter pages but notebooks/ has {len(notebooks)} notebooks")
        return 1
    pages = ["index.html"] + [e["page"] for e in manifest]
    profile = tempfile.mkdtemp(prefix="sltk-chromium-")
    passed = failed = 0
    try:
        for page in pages:
            problems, out = check_page(book, page, profile)
            if problems:
                failed += 1
                print(f"FAIL  {page}")
                for p in problems[:15]:
                    print("    " + p)
            else:
                passed += 1
                print(f"PASS  {page}  ({out['math']} formulas typeset, {out['figures']} figures, "
                      f"{len(out['links'])} links)")
        os.makedirs(args.shots, exist_ok=True)
        chapter = max(manifest, key=lambda e: e["claims"])["page"] if manifest else None
        for name, page in (("index", "index.html"), ("chapter", chapter)):
            if page:
                shot = os.path.abspath(os.path.join(args.shots, name + ".png"))
                chromium([f"--screenshot={shot}", "--window-size=1200,1500",
                          "file://" + os.path.join(book, page)], profile)
                print(f"screenshot: {os.path.relpath(shot)} ({page})")
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    print(f"book pages in the browser: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
