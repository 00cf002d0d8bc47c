#!/usr/bin/python3
"""Open every page of the built book in headless Chromium and check what a reader would see.

Every page (the index, every chapter, the API index) is loaded at 1200 px and at 400 px width
as a copy with a checker script appended; the checker waits for MathJax and the fonts, then
leaves its verdict in the DOM, where it is read over DevTools (livetest.Browser):
  - math is typeset: MathJax output is present wherever the page has TeX, and no raw $$…$$ or
    $…$ is left in the prose;
  - every figure shows (non-zero size, images loaded), and no text of an SVG figure lies outside
    the figure's box (a clipped legend entry, tick label or title); at 400 px every figure's
    smallest text is drawn at 9 CSS px or more (font size times the SVG's scale on the screen),
    else the page, the figure's number and the size are reported;
  - the sidebar lists every chapter, and on a chapter page its sections; every heading has a
    visible ¶ anchor pointing at its own id;
  - figure captions "Figure N.k." are numbered 1, 2, … within the chapter with one chapter
    number, and each links to an anchor that exists on the page;
  - every local link resolves (file and #fragment), and nothing is loaded from the network;
  - each page is laid out at the width it is checked at (window.innerWidth, set over DevTools
    with Emulation.setDeviceMetricsOverride, as a phone at 400 px: chromium --window-size does
    not go below about 500 px), and at 400 px it is not wider than the window;
  - every list item of the text shows its marker (an item with overflow has it clipped);
  - a display equation fits its column or scrolls in its own box with a scroll cue (the edge
    shadows of book.css), and its number stands beside it, inside the window; a figure fits
    the column or scrolls with a cue;
  - every chapter and section reference of the prose ("chapter 3", "§4.2", "Section 4.2")
    is a link, unless marked as the lecture's own numbering (.ext-ref) or in the folded notes;
  - claim lines show no raw TeX and none is cut off (each "(" of a detail is closed); no printed output
    is a stray fragment (empty, or the split-off rest of a claim's detail);
  - a library name in code (pkg.Name, for every package of the API reference that the page
    imports) links to its API page;
  - a chapter page has "On this page" with every h2 and h3, fitting the window when opened,
    a related-chapters box, and links to the previous and the next chapter.
The PDF of the book (sltk-book.pdf) must exist with at least three pages per chapter, every
chapter's title and no raw TeX in its text, and its number in the footer of every page; with
pypdf, a bookmark per chapter and no link to a file path or an unresolved cross-reference.
A self-test comes first: tools/testdata/browser-defects.html has one of every defect, and each
must be reported.
Search is tested as a reader uses it: on the index at both widths a term is typed into the box,
a hit must appear, and the hit is followed: the target page must have the section it names,
and the section must contain the term. Chromium runs with networking disabled.
Live figures (tools/livetest.py): each page reads with its still figures while the WebAssembly
is blocked; on each figure the slider is moved to two values offline and the figure must change
and show the numbers a native run of the registry computes; every value's redraw must stay
within the 200 ms budget (main-thread CPU time, median of three sweeps); redrawn in a 400 px
tab, a figure's smallest text must stay at 9 CSS px or more, as a still figure's.
Screenshots (index, a chapter, a search, at both widths) go to build/screenshots/.
"""

import argparse
import base64
import contextlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from html import unescape as html_unescape

sys.dont_write_bytecode = True  # no __pycache__ in tools/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import livetest  # noqa: E402

WIDTHS = (1200, 400)
NARROW_WIDTH = 500  # at this width or less the page is checked as on a phone
MIN_TEXT_PX = livetest.MIN_TEXT_PX  # the smallest text of a figure on a phone, CSS px
SEARCH_TERM = "entropy"

CHECKER = r"""
<script>
(function () {
  var SEARCH = %(search)s, NARROW = %(narrow)s, MIN_TEXT_PX = %(minTextPx)s;
  window.SLTK_PACKAGES = %(packages)s;
  function textOutside(svg) {
    var box = svg.getBoundingClientRect(), bad = [];
    svg.querySelectorAll("text").forEach(function (t) {
      var r = t.getBoundingClientRect();
      if (!t.textContent.trim() || r.width === 0) return;
      var over = Math.max(box.left - r.left, r.right - box.right, box.top - r.top, r.bottom - box.bottom);
      if (over > 1) bad.push(JSON.stringify(t.textContent.trim().slice(0, 40)) + " by " + Math.round(over) + " px");
    });
    return bad;
  }
  %(smallestText)s
  // The figure an image belongs to: the number of the caption anchor in its cell.
  function figureName(el, k) {
    var cell = el.closest(".cell"), a = cell && cell.querySelector("a.fig-anchor");
    return (a ? "Figure " + a.id.replace(/^fig-/, "").replace("-", ".") + " (image " + k + ")"
              : "unnumbered image " + k);
  }
  // A box that scrolls sideways shows it: it scrolls (overflow auto or scroll) and has the
  // edge shadows of book.css (background gradients).
  function scrollsWithCue(el) {
    var s = getComputedStyle(el);
    return (s.overflowX === "auto" || s.overflowX === "scroll") && /gradient/.test(s.backgroundImage);
  }
  function columnRight(main) {
    var r = main.getBoundingClientRect(), s = getComputedStyle(main);
    return r.right - parseFloat(s.paddingRight);
  }
  function label(el) { return JSON.stringify((el.textContent || "").trim().replace(/\s+/g, " ").slice(0, 50)); }
  function checkBookFeatures(main, out) {
    var right = columnRight(main);
    out.lists = 0; out.unmarked = []; out.displays = 0; out.badDisplays = []; out.cutFigures = [];
    out.refs = 0; out.unlinked = []; out.badClaims = []; out.unlinkedApi = [];
    // 1. every list item of the text shows its marker (1., •): an item whose overflow is not
    // visible has its outside marker clipped by Chromium
    main.querySelectorAll(".text_cell_render li").forEach(function (li) {
      if (li.closest("details.onpage")) return;  // the page's list of sections, not text
      out.lists++;
      var s = getComputedStyle(li);
      if (s.display !== "list-item" || s.listStyleType === "none")
        out.unmarked.push("no marker: " + label(li));
      else if (s.listStylePosition === "outside" && (s.overflowX !== "visible" || s.overflowY !== "visible"))
        out.unmarked.push("marker clipped (overflow " + s.overflowX + "): " + label(li));
    });
    // 2. a display equation fits its column or scrolls inside its own box with a cue; its number
    // stands beside the formula, inside the window
    main.querySelectorAll(".MJXc-display, .MathJax_CHTML_Display, .eq-body").forEach(function (d) {
      if (d.closest(".eq-body") && !d.classList.contains("eq-body")) return;
      out.displays++;
      var r = d.getBoundingClientRect();
      if (r.right > right + 1) out.badDisplays.push("display wider than its column by " + Math.round(r.right - right) + " px: " + label(d));
      else if (d.scrollWidth > d.clientWidth + 1 && !scrollsWithCue(d))
        out.badDisplays.push("display cut without a scroll cue: " + label(d));
    });
    main.querySelectorAll(".eq").forEach(function (e) {
      var body = e.querySelector(".eq-body"), num = e.querySelector(".eq-num");
      var b = body.getBoundingClientRect(), n = num.getBoundingClientRect();
      if (n.left < b.right - 1 || n.top > b.bottom || n.bottom < b.top)
        out.badDisplays.push("equation number " + num.textContent + " inside its formula");
      if (n.right > Math.min(right, window.innerWidth) + 1)
        out.badDisplays.push("equation number " + num.textContent + " cut at the right");
    });
    main.querySelectorAll(".mjx-mlabeledtr").forEach(function (t) {
      out.badDisplays.push("a \\tag that MathJax places (line breaking moves it into the formula): " + label(t));
    });
    // 3. a figure fits the column, or scrolls inside a box with a cue
    main.querySelectorAll("svg, img").forEach(function (el) {
      if (el.tagName.toLowerCase() === "svg" && el.parentElement.closest("svg")) return;
      if (el.closest(".mjx-chtml, .MathJax_CHTML")) return;
      var r = el.getBoundingClientRect();
      if (r.right <= right + 1) return;
      for (var a = el.parentElement; a && a !== main; a = a.parentElement) {
        if (a.scrollWidth > a.clientWidth + 1 && scrollsWithCue(a) && a.getBoundingClientRect().right <= right + 1) return;
      }
      out.cutFigures.push(el.tagName.toLowerCase() + " " + Math.round(r.width) + " px wide in a " +
                          Math.round(right - main.getBoundingClientRect().left) + " px column");
    });
    // 4. a chapter or section reference of the text links to it (a reference to the lecture's
    // own numbering is marked .ext-ref; the folded notes on the lecture source cite the lecture)
    var REF = /§\s?[0-9A-Z]+(?:\.\d+)*|\b[Cc]hapters?\s+(?:[1-9]\d?|[A-Z])\b|\b[Ss]ections?\s+[0-9A-Z]+\.\d+/g;
    var walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT, null), n;
    while ((n = walker.nextNode())) {
      var p = n.parentElement;
      if (!p.closest(".text_cell_render") || p.closest("a, code, pre, h1, h2, h3, h4, .ext-ref, details.source-notes, .MathJax_Preview, .mjx-chtml, script")) continue;
      var m = n.textContent.match(REF);
      if (m) m.forEach(function (t) { out.unlinked.push(t + " in " + JSON.stringify(n.textContent.trim().slice(0, 60))); });
    }
    // … and a figure list links every number: "Figures 3.2, 3.4 and 3.5", not only the first
    main.querySelectorAll('.text_cell_render a.ref[href^="#fig-"]').forEach(function (a) {
      var t = a.nextSibling;
      if (!t || t.nodeType !== 3) return;
      var m = t.textContent.match(/^(?:,\s*|,?\s+(?:and|or)\s+|\s*[–-]\s*)([0-9A-Z]+\.\d+)\b/);
      if (m) out.unlinked.push("figure " + m[1] + " after " + JSON.stringify(a.textContent));
    });
    out.refs = main.querySelectorAll("a.xref").length;
    // 5. claim lines: no raw TeX, no line cut off (a claim reads "name" or "name (detail)", and
    // a detail printed over several lines belongs to it: an opened "(" must be closed)
    main.querySelectorAll("details.claims li").forEach(function (li) {
      var t = li.textContent;
      if (li.querySelector(".mjx-chtml, .MathJax_CHTML")) return;
      if (/\\[A-Za-z]{2,}|[_^]\{|\$/.test(t)) out.badClaims.push("raw TeX in a claim: " + label(li));
      if ((t.match(/\(/g) || []).length > (t.match(/\)/g) || []).length)
        out.badClaims.push("claim line cut off: " + label(li));
    });
    // 5b. punctuation stays on the line of the formula or code it follows: a text that starts
    // with , . ; : ) after an inline formula, code or other inline box does not start a line
    out.orphanPunct = [];
    var pw = document.createTreeWalker(main, NodeFilter.SHOW_TEXT, null), tn;
    while ((tn = pw.nextNode())) {
      if (!/^[,.;:!?)\]]/.test(tn.textContent) || !tn.parentElement.closest(".text_cell_render")) continue;
      var prev = tn.previousSibling;
      while (prev && (prev.nodeType !== 1 || prev.tagName === "SCRIPT" || !prev.getClientRects().length))
        prev = prev.previousSibling;
      if (!prev) continue;
      var pr = prev.getClientRects(), pl = pr[pr.length - 1];
      var rg = document.createRange();
      rg.setStart(tn, 0); rg.setEnd(tn, 1);
      var cr = rg.getClientRects()[0];
      if (cr && cr.top >= pl.bottom - 2)
        out.orphanPunct.push(JSON.stringify(tn.textContent.trim().slice(0, 20)) + " after " +
          (prev.id && /-Frame$/.test(prev.id) && prev.nextElementSibling  // a formula: its TeX
            ? JSON.stringify("$" + prev.nextElementSibling.textContent.slice(0, 40) + "$") : label(prev)));
    }
    // 6. a printed output is whole: not empty, and not a piece of a claim's detail split off
    // (more closing than opening brackets, or starting with one)
    out.strayOutputs = [];
    main.querySelectorAll(".output_stream pre, .output_stdout pre").forEach(function (pre) {
      var t = pre.textContent, open = (t.match(/[(\[{]/g) || []).length, close = (t.match(/[)\]}]/g) || []).length;
      if (!t.trim() || /^\s*[)\]}]/.test(t) || close > open)
        out.strayOutputs.push(label(pre) || "(empty)");
    });
    // 7. the page's own contents: "On this page" lists every section and subsection and fits
    // the window when opened; related chapters; previous and next chapter
    var onpage = document.querySelector("details.onpage");
    out.onpage = null;
    if (onpage) {
      var was = onpage.open;
      onpage.open = true;
      var r = onpage.getBoundingClientRect();
      out.onpage = {links: Array.prototype.map.call(onpage.querySelectorAll("a"), function (a) { return a.getAttribute("href"); }),
                    over: Math.round(Math.max(r.right - window.innerWidth, onpage.scrollWidth - onpage.clientWidth))};
      onpage.open = was;
    }
    out.sectionIds = Array.prototype.map.call(main.querySelectorAll("h2[id], h3[id]"), function (h) { return h.id; });
    out.related = document.querySelectorAll("nav.related a.related-link").length;
    out.pager = {prev: !!document.querySelector("nav.pager a[rel=prev]"), next: !!document.querySelector("nav.pager a[rel=next]")};
    // 8. a library name in code (of a package the page imports) links to its API page
    var pkgs = [], known = window.SLTK_PACKAGES || [], imp = /"github\.com\/sltk-book\/sltk\/sltk\/(?:[\w\/]*\/)?(\w+)"/g, m;
    var code = Array.prototype.map.call(main.querySelectorAll(".input_area"), function (e) { return e.textContent; }).join("\n");
    while ((m = imp.exec(code))) if (known.indexOf(m[1]) >= 0) pkgs.push(m[1]);  // imported: a variable may be called info
    main.querySelectorAll(".input_area span.p").forEach(function (dot) {
      var a = dot.previousElementSibling, b = dot.nextElementSibling;
      if (dot.textContent !== "." || !a || !b || pkgs.indexOf(a.textContent) < 0 || !/^[A-Z]/.test(b.textContent)) return;
      if (!dot.closest("a.api")) out.unlinkedApi.push(a.textContent + "." + b.textContent);
    });
  }
  function verdict(search) {
    var main = document.querySelector("main") || document.body;
    var out = {math: 0, rawMath: [], figures: 0, badFigures: [], clipped: [], links: [], remote: [],
               tocChapters: [], tocSections: 0, headings: 0, badAnchors: [], captions: [],
               badCaptions: [], overflow: 0, search: search};
    out.math = document.querySelectorAll(".mjx-chtml, .MathJax_CHTML, .MJXc-display").length;
    var walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT, null);
    var n;
    while ((n = walker.nextNode())) {
      var p = n.parentElement;
      if (p.closest("pre, code, script, style, .output_area, .input_area, .MathJax_Preview")) continue;
      var t = n.textContent;
      if (/\$\$/.test(t) || /\$[^$\s][^$]*\$/.test(t) || /\$[^$\s][^$]*\\[A-Za-z]{2,}/.test(t)) out.rawMath.push(t.trim().slice(0, 80));
    }
    var fig = 0;
    out.smallText = [];
    main.querySelectorAll("svg, img").forEach(function (el) {
      if (el.tagName.toLowerCase() === "svg" && el.parentElement.closest("svg")) return;
      if (el.closest(".mjx-chtml, .MathJax_CHTML")) return;
      if (el.getClientRects().length === 0) return;  // not shown: the other rendering of a figure
      out.figures++; fig++;
      var r = el.getBoundingClientRect();
      var ok = r.width > 0 && r.height > 0;
      if (el.tagName.toLowerCase() === "img") ok = ok && el.complete && el.naturalWidth > 0;
      if (!ok) out.badFigures.push(el.tagName + " " + Math.round(r.width) + "x" + Math.round(r.height));
      if (el.tagName.toLowerCase() === "svg") {
        textOutside(el).forEach(function (b) { out.clipped.push("figure " + fig + ": text " + b); });
        var least = NARROW && smallestText(el);  // on a phone, text of at least MIN_TEXT_PX
        if (least && least.px < MIN_TEXT_PX - 0.05)
          out.smallText.push(figureName(el, fig) + ": " + least.px.toFixed(1) + " px (" +
                             JSON.stringify(least.text) + ") in a " + Math.round(el.getBoundingClientRect().width) +
                             " px wide image");
      }
    });
    document.querySelectorAll(".sidebar .toc-chapters > li > a").forEach(function (a) {
      out.tocChapters.push(a.getAttribute("href"));
    });
    out.tocSections = document.querySelectorAll(".sidebar .toc-sections a").length;
    main.querySelectorAll("h1[id], h2[id], h3[id]").forEach(function (h) {
      if (h.closest("summary")) return;
      out.headings++;
      var a = h.querySelector("a.anchor-link");
      if (!a) { out.badAnchors.push(h.id + ": no anchor link"); return; }
      if (decodeURIComponent(a.getAttribute("href").slice(1)) !== decodeURIComponent(h.id))
        out.badAnchors.push(h.id + ": anchor points at " + a.getAttribute("href"));
      var s = getComputedStyle(a);
      if (s.display === "none" || s.visibility === "hidden" || parseFloat(s.opacity) === 0)
        out.badAnchors.push(h.id + ": anchor not visible");
    });
    main.querySelectorAll("p.caption").forEach(function (c) {
      var a = c.querySelector("a");
      var m = a && /^Figure ([0-9A-Z]+)\.(\d+)\.$/.exec(a.textContent.trim());
      if (!m) { out.badCaptions.push("caption without a figure number: " + c.textContent.slice(0, 40)); return; }
      out.captions.push([m[1], +m[2]]);
      var id = a.getAttribute("href").slice(1);
      if (!document.getElementById(id)) out.badCaptions.push("Figure " + m[1] + "." + m[2] + ": no anchor #" + id);
    });
    out.folded = [];  // a section or figure after the notes must not vanish into their fold
    main.querySelectorAll("details.source-notes h2, details.source-notes p.caption").forEach(function (e) {
      if (!e.closest("summary")) out.folded.push(e.textContent.trim().slice(0, 40));
    });
    checkBookFeatures(main, out);
    out.viewport = [window.innerWidth, document.documentElement.clientWidth];  // the width laid out at
    out.overflow = document.documentElement.scrollWidth - window.innerWidth;
    out.wide = [];
    if (out.overflow > 1) {  // name the outermost elements that stick out
      main.querySelectorAll("*").forEach(function (e) {
        var w = window.innerWidth + 1, p = e.parentElement;
        if (p && p.closest(".input_area, .output_html, .MJXc-display, .MathJax_CHTML_Display, pre")) return;
        if (e.getBoundingClientRect().right > w && p && p.getBoundingClientRect().right <= w &&
            out.wide.length < 3)
          out.wide.push(e.tagName.toLowerCase() + (e.className && e.className.baseVal === undefined ?
            "." + String(e.className).split(" ")[0] : "") + " " +
            JSON.stringify((e.textContent || "").trim().slice(0, 50)));
      });
    }
    document.querySelectorAll("a[href]").forEach(function (a) { out.links.push(a.href); });
    document.querySelectorAll("script[src], link[href], img[src]").forEach(function (el) {
      var u = el.src || el.href;
      if (/^https?:/.test(u)) out.remote.push(u);
    });
    document.body.setAttribute("data-selftest", JSON.stringify(out));
  }
  function runSearch(then) {
    if (!SEARCH) { then(null); return; }
    var input = document.getElementById("search");
    if (!input) { then({error: "no search box"}); return; }
    input.value = SEARCH;
    input.dispatchEvent(new Event("input"));
    var tries = 0;
    (function poll() {
      var hits = document.querySelectorAll("#search-hits a");
      if (hits.length || ++tries > 50) {
        then({hits: hits.length, first: hits.length ? hits[0].href : null,
              title: hits.length ? hits[0].querySelector(".hit-title").textContent : null});
      } else setTimeout(poll, 100);
    })();
  }
  function start() {
    var go = function () { runSearch(verdict); };
    var fonts = document.fonts ? document.fonts.ready : Promise.resolve();
    fonts.then(function () {
      if (window.MathJax && MathJax.Hub) { MathJax.Hub.Queue(go); } else { go(); }
    });
  }
  if (document.readyState === "complete") start(); else window.addEventListener("load", start);
})();
</script>
"""

# Run on the target of a search hit: the section exists and mentions the term.
FOLLOW = r"""
<script>
window.addEventListener("load", function () {
  var id = decodeURIComponent(location.hash.slice(1)), el = id ? document.getElementById(id) : null;
  var out = {found: !!el || !id, mentions: false};
  var text = "";
  if (el) {
    var level = /^H[1-6]$/.test(el.tagName) ? el.tagName : "H2";
    var all = Array.prototype.slice.call(document.querySelectorAll("main *"));
    var on = false;
    for (var i = 0; i < all.length; i++) {
      var e = all[i];
      if (e === el) { on = true; continue; }
      if (on && /^H[1-3]$/.test(e.tagName) && e.tagName <= level) break;
      if (on && e.children.length === 0) text += " " + e.textContent;
    }
  } else text = document.querySelector("main").textContent;
  out.mentions = text.toLowerCase().indexOf(%(term)s) >= 0;
  document.body.setAttribute("data-follow", JSON.stringify(out));
});
</script>
"""

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-quic", "--host-resolver-rules=MAP * ~NOTFOUND",
                  "--virtual-time-budget=20000", "--run-all-compositor-stages-before-draw"]


def chromium(args, profile):
    cmd = ["chromium"] + CHROMIUM_FLAGS + [f"--user-data-dir={profile}"] + args
    return subprocess.run(cmd, capture_output=True, text=True, timeout=180)


def has_tex(html):
    body = re.sub(r"<(pre|code|script|style)\b.*?</\1>", "", html, flags=re.S)
    return bool(re.search(r"\$\$|\$[^$\s<][^$<]*\$|\\\(|\\\[", body))


def ids_of(path, memo={}):
    if path not in memo:
        with open(path, encoding="utf-8") as f:
            memo[path] = set(re.findall(r'\bid="([^"]+)"', f.read()))
    return memo[path]


def api_packages(book, memo={}):
    """The package names the API reference has a page for (api/<name>.html)."""
    if book not in memo:
        api = os.path.join(book, "api")
        memo[book] = sorted(f[:-5] for f in os.listdir(api) if f.endswith(".html") and f != "index.html") \
            if os.path.isdir(api) else []
    return memo[book]


def probe(src, script, suffix):
    """Writes src with script before </body> to a new file beside it (so that its relative
    links resolve) and returns that file's path and src's text. Each call gets its own file:
    the checks of one page at two widths run side by side, and one removing a shared probe
    file while the other loaded it hung the browser test."""
    with open(src, encoding="utf-8") as f:
        html = f.read()
    fd, path = tempfile.mkstemp(suffix=suffix, prefix=os.path.basename(src) + ".", dir=os.path.dirname(src))
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(html.replace("</body>", script + "</body>"))
    return path, html


def open_browser():
    """A headless Chromium driven over DevTools (livetest.Browser) with its own profile, for
    check_page; close it with close_browser."""
    profile = tempfile.mkdtemp(prefix="sltk-chromium-")
    return livetest.Browser(profile, ["--hide-scrollbars", "--disable-quic"]), profile


def close_browser(browser, profile):
    browser.close()
    shutil.rmtree(profile, ignore_errors=True)


# WAIT resolves with the checker's verdict (the body's data-selftest) once it is there.
WAIT = r"""
new Promise(function (ok) {
  (function poll() {
    var v = document.body && document.body.getAttribute("data-selftest");
    if (v) ok(v); else setTimeout(poll, 50);
  })();
})
"""


@contextlib.contextmanager
def tab(browser, width, height, dark=False):
    """A new tab of browser (its DevTools session id) with a viewport of width × height CSS px,
    set by Emulation.setDeviceMetricsOverride: chromium --window-size does not lay a page out
    below about 500 px. Below 600 px the tab is a phone's (the page's viewport meta tag applies)."""
    target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
    try:
        s = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        browser.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height,
                     "deviceScaleFactor": 1, "mobile": width < 600}, session=s)
        if dark:
            browser.call("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme",
                         "value": "dark"}]}, session=s)
        browser.call("Page.enable", session=s)
        yield s
    finally:
        browser.call("Target.closeTarget", {"targetId": target})
        browser.events.clear()


def load(browser, s, url):
    browser.call("Page.navigate", {"url": url}, session=s)
    browser.wait_event("Page.loadEventFired")


def verdict_at(browser, url, width, timeout_s=120):
    """Opens url at width px (see tab) and returns the checker's verdict (JSON text), or an
    error message and None."""
    with tab(browser, width, 1000) as s:
        load(browser, s, url)
        r = browser.call("Runtime.evaluate", {"expression": WAIT, "awaitPromise": True, "returnByValue": True,
                         "timeout": timeout_s * 1000}, session=s)
    if "exceptionDetails" in r:
        return f"the checker did not run: {r['exceptionDetails'].get('text')}", None
    return None, r["result"]["value"]


def check_page(book, page, width, browser, search=None):
    src = os.path.join(book, page)
    script = CHECKER % {"search": json.dumps(search), "packages": json.dumps(api_packages(book)),
                        "narrow": json.dumps(width <= NARROW_WIDTH), "minTextPx": MIN_TEXT_PX,
                        "smallestText": livetest.SMALLEST_TEXT}
    path, html = probe(src, script, ".selftest.html")
    try:
        err, res = verdict_at(browser, "file://" + path, width)
    finally:
        os.remove(path)
    if err:
        return [err], None
    out = json.loads(res)
    problems = []
    if out["viewport"] != [width, width]:
        problems.append(f"the page was laid out at {out['viewport']} px, not at {width} px")
    if has_tex(html) and out["math"] == 0:
        problems.append("the page has TeX but MathJax produced no output")
    problems += [f"raw TeX left in the text: {t!r}" for t in out["rawMath"][:5]]
    problems += [f"figure not shown: {f}" for f in out["badFigures"]]
    problems += [f"text outside its figure: {c}" for c in out["clipped"]]
    problems += [f"figure text below {MIN_TEXT_PX} px at {width} px: {t}" for t in out["smallText"]]
    problems += [f"loads from the network: {u}" for u in out["remote"]]
    problems += [f"heading anchor: {a}" for a in out["badAnchors"]]
    problems += [f"list item: {u}" for u in out["unmarked"]]
    problems += out["badDisplays"] + [f"figure cut without a scroll cue: {f}" for f in out["cutFigures"]]
    problems += [f"unlinked reference: {u}" for u in out["unlinked"]] + out["badClaims"]
    problems += [f"punctuation starts a line: {u}" for u in out["orphanPunct"]]
    problems += [f"stray output fragment: {t}" for t in out["strayOutputs"]]
    problems += [f"library name without its API link: {a}"
                 for a in sorted(set(out["unlinkedApi"]))]
    problems += out["badCaptions"]
    problems += [f"hidden inside the folded notes on the lecture source: {t!r}" for t in out["folded"]]
    if out["captions"]:
        chapters = {c for c, _ in out["captions"]}
        numbers = [k for _, k in out["captions"]]
        if len(chapters) > 1 or numbers != list(range(1, len(numbers) + 1)):
            problems.append(f"figure numbers not 1, 2, … of one chapter: "
                            f"{', '.join(f'{c}.{k}' for c, k in out['captions'])}")
    if width <= 400 and out["overflow"] > 1:
        problems.append(f"the page is {out['overflow']} px wider than a {width} px window: "
                        f"{'; '.join(out['wide'])}")
    for href in out["links"]:
        u = urllib.parse.urlparse(href)
        if u.scheme in ("http", "https", "mailto"):
            continue  # links out are allowed; the page does not load them
        if u.scheme != "file":
            problems.append(f"unexpected link {href}")
            continue
        target = urllib.parse.unquote(u.path)
        if target == path:
            target = src
        if not os.path.isfile(target):
            problems.append(f"broken link {os.path.relpath(target, book)}")
        elif u.fragment and target.endswith(".html") and u.fragment not in ids_of(target) \
                and urllib.parse.unquote(u.fragment) not in {urllib.parse.unquote(i) for i in ids_of(target)}:
            problems.append(f"broken anchor {os.path.relpath(target, book)}#{u.fragment}")
    return problems, out


def check_contents(out, manifest, page):
    """The sidebar lists every chapter; a chapter page lists its sections in the sidebar and in
    "On this page" (every h2 and h3, fitting the window when opened), links related chapters
    and the previous and next chapter."""
    problems = []
    listed = {urllib.parse.urljoin(page, h) for h in out["tocChapters"]}
    missing = [e["page"] for e in manifest if e["page"] not in listed]
    if missing:
        problems.append(f"the contents do not list {', '.join(missing[:3])}")
    pages = [e["page"] for e in manifest]
    if page not in pages:
        return problems
    if out["headings"] > 1 and out["tocSections"] == 0:
        problems.append("the contents do not list the chapter's sections")
    if out["sectionIds"] and out["onpage"] is None:
        problems.append("no \"On this page\" list of the sections")
    elif out["onpage"] is not None:
        linked = {urllib.parse.unquote(h[1:]) for h in out["onpage"]["links"]}
        left = [i for i in out["sectionIds"] if urllib.parse.unquote(i) not in linked]
        if left:
            problems.append(f"\"On this page\" does not list {', '.join(left[:3])}")
        if out["onpage"]["over"] > 1:
            problems.append(f"\"On this page\" overflows the window by {out['onpage']['over']} px")
    if out["related"] == 0:
        problems.append("no related chapters linked")
    i = pages.index(page)
    if (i > 0) != out["pager"]["prev"] or (i + 1 < len(pages)) != out["pager"]["next"]:
        problems.append(f"previous/next chapter links: {out['pager']} for chapter {i + 1} of {len(pages)}")
    return problems


def follow_hit(book, hit, profile):
    """Open the page a search hit points at and check that its section mentions the term."""
    u = urllib.parse.urlparse(hit)
    target = urllib.parse.unquote(u.path)
    if not os.path.isfile(target):
        return f"search hit {hit} points at no page"
    path, _ = probe(target, FOLLOW % {"term": json.dumps(SEARCH_TERM)}, ".follow.html")
    try:
        res = chromium(["--dump-dom", "file://" + path + ("#" + u.fragment if u.fragment else "")], profile)
    finally:
        os.remove(path)
    m = re.search(r'data-follow="([^"]*)"', res.stdout)
    if not m:
        return f"following the search hit {hit}: the page did not load"
    out = json.loads(html_unescape(m.group(1)))
    if not out["found"]:
        return f"search hit {os.path.relpath(target, book)}#{u.fragment}: no such section"
    if not out["mentions"]:
        return f"search hit {os.path.relpath(target, book)}#{u.fragment}: the section does not mention {SEARCH_TERM!r}"
    return None


def screenshots(book, shots, chapter, browser):
    os.makedirs(shots, exist_ok=True)
    typed = ('<script>window.addEventListener("load",function(){var d=document.querySelector("details.toc");'
             'if(d)d.open=true;var i=document.getElementById("search");i.value=%s;'
             'i.dispatchEvent(new Event("input"));});</script>' % json.dumps(SEARCH_TERM))
    for width in WIDTHS:
        for name, page, height in (("index", "index.html", 1500), ("chapter", chapter, 2400),
                                   ("search", "index.html", 1000)):
            if not page:
                continue
            src = os.path.join(book, page)
            url = "file://" + src
            tmp = None
            if name == "search":
                tmp, _ = probe(src, typed, ".search.html")
                url = "file://" + tmp
            shot = os.path.abspath(os.path.join(shots, f"{name}-{width}.png"))
            try:
                screenshot(browser, url, width, height, shot)
            finally:
                if tmp:
                    os.remove(tmp)
            print(f"screenshot: {os.path.relpath(shot)} ({page} at {width} px)")
    if chapter:  # dark mode: the page follows prefers-color-scheme, figures keep a light card
        shot = os.path.abspath(os.path.join(shots, "chapter-dark-1200.png"))
        screenshot(browser, "file://" + os.path.join(book, chapter), 1200, 2400, shot, dark=True)
        print(f"screenshot: {os.path.relpath(shot)} ({chapter} at 1200 px, dark mode)")


# TYPESET resolves once the fonts are loaded and MathJax has typeset the page.
TYPESET = r"""
(document.fonts ? document.fonts.ready : Promise.resolve()).then(function () {
  return new Promise(function (ok) {
    if (window.MathJax && MathJax.Hub) MathJax.Hub.Queue(function () { ok(true); }); else ok(true);
  });
})
"""


def screenshot(browser, url, width, height, path, dark=False):
    """Writes a PNG of the top width × height px of url (see tab) to path once it is typeset."""
    with tab(browser, width, height, dark) as s:
        load(browser, s, url)
        browser.call("Runtime.evaluate", {"expression": TYPESET, "awaitPromise": True, "timeout": 60000},
                     session=s)
        png = browser.call("Page.captureScreenshot", {"format": "png"}, session=s)["data"]
    with open(path, "wb") as f:
        f.write(base64.b64decode(png))


SELFTEST_PAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "testdata", "browser-defects.html")
# What the checker must report on the self-test page: one line per defect the page has.
SELFTEST_WANT = [
    "text outside its figure", "no anchor #fig-1-2", "figure numbers not 1, 2",
    "hidden inside the folded notes", "raw TeX left", "marker clipped", "list item: no marker",
    "unlinked reference: chapter 2", "unlinked reference: §3.4",
    "unlinked reference: figure 1.2 after \"Figures 1.1\"", "display wider than its column",
    "display cut without a scroll cue", "equation number (1.1) inside its formula",
    "figure cut without a scroll cue", "raw TeX in a claim", "claim line cut off",
    "stray output fragment", "library name without its API link: viz.Show",
    "\"On this page\" does not list s", "\"On this page\" overflows the window",
    "no related chapters linked", "previous/next chapter links", "the page was laid out at [",
    "figure text below 9 px at 400 px: unnumbered image 3: 5.0 px",
    "punctuation starts a line: \", then text\" after \"a box\""]
SELFTEST_PDF_WANT = ["the PDF has 1 pages", "the PDF does not contain the chapter title",
                     "pages without their number in the footer: 1"] + (
    ["the PDF has no bookmark for the chapter"] if importlib.util.find_spec("pypdf") else [])


def selftest(profile):
    """The checker itself: tools/testdata/browser-defects.html, a chapter page (the second of
    three) with one of every defect the book is checked for, must have each reported; and the
    PDF check must reject a PDF of it printed without page numbers."""
    tmp = tempfile.mkdtemp(prefix="sltk-selftest-")
    try:
        shutil.copyfile(SELFTEST_PAGE, os.path.join(tmp, "page.html"))
        os.makedirs(os.path.join(tmp, "api"))
        with open(os.path.join(tmp, "api", "viz.html"), "w") as f:
            f.write("<!doctype html>")
        browser, bprofile = open_browser()
        try:
            problems, out = check_page(tmp, "page.html", 1200, browser)
            # the page has no viewport meta tag: a phone lays it out at 980 px, not at 400
            narrow, _ = check_page(tmp, "page.html", 400, browser)
            problems += [p for p in narrow if "laid out at" in p or "figure text below" in p]
        finally:
            close_browser(browser, bprofile)
        manifest = [{"page": p, "title": t} for p, t in
                    (("a.html", "1 · A"), ("page.html", "2 · A chapter the PDF lacks"), ("b.html", "3 · B"))]
        if out is not None:
            problems += check_contents(out, manifest, "page.html")
        pdf = os.path.join(tmp, "book.pdf")
        chromium(["--no-pdf-header-footer", f"--print-to-pdf={pdf}", "file://" + os.path.join(tmp, "page.html")],
                 profile)
        pdf_problems, _ = check_pdf(pdf, manifest)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    text = "\n".join(problems)
    missing = [w for w in SELFTEST_WANT if w not in text]
    missing += [w for w in SELFTEST_PDF_WANT if w not in "\n".join(pdf_problems)]
    if missing:
        print(f"browser self-test FAILED: not reported: {missing}; got {problems + pdf_problems}")
        return False
    print(f"browser self-test: the {len(SELFTEST_WANT)} defects of {os.path.relpath(SELFTEST_PAGE)} and "
          f"a PDF without page numbers or a chapter are caught: ok")
    return True


def check_pdf(pdf, manifest):
    """The book's PDF: it exists, has at least three pages per chapter, its text has every
    chapter's title and no raw TeX (MathJax finished before printing), and every page shows its
    number in the footer. Returns the problems and the number of pages."""
    if not os.path.isfile(pdf):
        return [f"no PDF of the book at {pdf} (make book writes it)"], 0
    if not shutil.which("pdftotext"):
        return ["pdftotext not found: run make setup (Debian's poppler-utils)"], 0
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", pdf, "-"], capture_output=True, text=True).stdout
    pages = text.split("\f")[:-1]
    problems = []
    if len(pages) < 3 * len(manifest):
        problems.append(f"the PDF has {len(pages)} pages for {len(manifest)} chapters")
    flat = " ".join(text.split())
    problems += [f"the PDF does not contain the chapter title {e['title']!r}" for e in manifest
                 if " ".join(e["title"].split()) not in flat]
    raw = re.findall(r".{0,30}(?:\$\$|\\(?:frac|mathbf|mathcal|mathbb|sum|begin|tag)\b).{0,30}", text)
    problems += [f"raw TeX in the PDF: {r.strip()!r}" for r in raw[:5]]
    size = re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", subprocess.run(
        ["pdfinfo", pdf], capture_output=True, text=True).stdout)
    w, h = (float(size.group(1)), float(size.group(2))) if size else (596, 842)
    footers = subprocess.run(["pdftotext", "-r", "72", "-x", "0", "-y", str(int(h - 57)), "-W", str(int(w)),
                              "-H", "57", pdf, "-"], capture_output=True, text=True).stdout.split("\f")
    unnumbered = [i + 1 for i, f in enumerate(footers[:len(pages)]) if f.split() != [str(i + 1)]]
    if unnumbered:
        problems.append(f"pages without their number in the footer: {', '.join(map(str, unnumbered[:10]))}")
    return problems + pdf_outline_problems(pdf, manifest), len(pages)


def pdf_outline_problems(pdf, manifest):
    """With pypdf (python3-pypdf): every chapter has a bookmark in the PDF's outline, and no
    link points at a file path or at an unresolved reference between chapters."""
    try:
        from pypdf import PdfReader
    except ImportError:
        return []
    reader, marks = PdfReader(pdf), []

    def walk(items):
        for it in items:
            if isinstance(it, list):
                walk(it)
            else:
                marks.append(" ".join(str(it.title).split()))
    walk(reader.outline)
    problems = [f"the PDF has no bookmark for the chapter {e['title']!r}" for e in manifest
                if not any(m.endswith(" ".join(e["title"].split())) for m in marks)]
    bad = []
    for page in reader.pages:
        for ref in page.get("/Annots", []) or []:
            a = ref.get_object()
            uri = str(a.get("/A", {}).get("/URI", "")) if a.get("/Subtype") == "/Link" else ""
            if uri.startswith("file:") or ".invalid/" in uri:
                bad.append(uri)
    if bad:
        problems.append(f"{len(bad)} links in the PDF lead to a file or nowhere, e.g. {bad[0]!r}")
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--book", default="build/book")
    ap.add_argument("--shots", default="build/screenshots")
    ap.add_argument("--no-count", action="store_true",
                    help="do not require one chapter page per notebook under notebooks/")
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
    if not args.no_count and len(manifest) != len(notebooks):
        print(f"FAIL  the book has {len(manifest)} chapter pages but notebooks/ has {len(notebooks)} notebooks")
        return 1
    pages = ["index.html"] + [e["page"] for e in manifest] + ["api/index.html"]
    local, profiles, browsers = threading.local(), [], []

    def task(job):
        width, page = job
        if not hasattr(local, "profile"):  # one Chromium profile per worker thread
            local.profile = tempfile.mkdtemp(prefix="sltk-chromium-")
            profiles.append(local.profile)
            local.browser = open_browser()  # and one Chromium over DevTools for the checker
            browsers.append(local.browser)
        search = SEARCH_TERM if page == "index.html" else None
        try:
            problems, out = check_page(book, page, width, local.browser[0], search)
        except livetest.BrowserDied as e:
            # A browser process that dies is not the page's fault until it dies on the page twice:
            # say so, start a fresh Chromium and check the page once more.
            print(f"note: {e} while checking {page} at {width} px; checking it again in a new Chromium",
                  flush=True)
            local.browser = open_browser()
            browsers.append(local.browser)
            problems, out = check_page(book, page, width, local.browser[0], search)
        if out is not None:
            problems += check_contents(out, manifest, page)
            s = out.get("search")
            if search and (not s or not s.get("hits")):
                problems.append(f"typing {search!r} into the search box gives no hit ({s})")
            elif search:
                p = follow_hit(book, s["first"], local.profile)
                if p:
                    problems.append(p)
        return width, page, search, problems, out

    passed = failed = 0
    profile = tempfile.mkdtemp(prefix="sltk-chromium-")
    try:
        if not selftest(profile):
            return 1
        jobs = [(w, p) for w in WIDTHS for p in pages]
        with ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(task, jobs))
        for width, page, search, problems, out in results:
            if problems:
                failed += 1
                print(f"FAIL  {page} at {width} px")
                for p in problems[:15]:
                    print("    " + p)
            else:
                passed += 1
                extra = ""
                if search:
                    extra = f", search {search!r}: {out['search']['hits']} hits, followed the first"
                print(f"PASS  {page} at {width} px  ({out['math']} formulas, {out['figures']} figures, "
                      f"{len(out['captions'])} numbered, {out['headings']} headings, "
                      f"{len(out['links'])} links{extra})")
        live_problems, live_lines = livetest.check(book)  # live figures, over DevTools
        if live_lines or live_problems:
            passed, failed = (passed + 1, failed) if livetest.report(live_problems, live_lines) \
                else (passed, failed + 1)
        pdf = os.path.join(book, "sltk-book.pdf")
        problems, count = check_pdf(pdf, manifest)
        if problems:
            failed += 1
            print(f"FAIL  {os.path.relpath(pdf)}")
            for p in problems[:15]:
                print("    " + p)
        else:
            passed += 1
            print(f"PASS  {os.path.relpath(pdf)}  ({count} pages, {os.path.getsize(pdf) / 1e6:.1f} MB, every "
                  f"page numbered, every chapter title in its text, no raw TeX)")
        chapter = max(manifest, key=lambda e: e["claims"])["page"] if manifest else None
        browsers.append(open_browser())
        screenshots(book, args.shots, chapter, browsers[-1][0])
    finally:
        for b in browsers:
            close_browser(*b)
        for p in profiles + [profile]:
            shutil.rmtree(p, ignore_errors=True)
    print(f"book pages in the browser: {passed} passed, {failed} failed "
          f"({len(pages)} pages at {' and '.join(f'{w} px' for w in WIDTHS)})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
