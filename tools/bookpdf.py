#!/usr/bin/python3
"""The book as one PDF (sltk-book.pdf beside the HTML), printed by Debian's headless Chromium.

tools/book.py hands over the preface and every chapter's finished HTML. They become one print
page in the book directory (so MathJax, the fonts and the stylesheet load as for the other
pages): a title page, the preface, a table of contents, then the chapters in course order, each
on a new page. Every id of a chapter is prefixed with the chapter's name and every link between
pages becomes a link inside the PDF; links to pages the PDF does not hold (the API reference, a
notebook download) become plain text.

Chromium is driven over the DevTools protocol on a pipe (--remote-debugging-pipe: no port, no
websocket library): the page is laid out at the width of the printed text column with print
media emulated, so MathJax breaks its lines for the paper, and printing starts only when MathJax
has typeset everything (its "End" hook, then its queue) and the fonts are loaded; a display or
table still wider than the column is scaled down to fit. Page.printToPDF puts the page number in
the footer and writes the PDF outline from the headings. The contents get their page numbers in
a second print of the same loaded page: the first print is read back with pdftotext (poppler-
utils) to find the page where each chapter and section starts.
"""

import base64
import html
import json
import os
import re
import select
import shutil
import subprocess
import tempfile
import time

PDF_NAME = "sltk-book.pdf"
PRINT_PAGE = "print.html"  # written into the book directory while printing, then removed
# A4 with 18 mm side margins: the text column is 174 mm = 658 CSS px, the width the page is
# laid out at before printing.
PAPER = (8.27, 11.69)  # inches
MARGIN = {"marginTop": 0.75, "marginBottom": 0.8, "marginLeft": 0.71, "marginRight": 0.71}
COLUMN_PX = round((PAPER[0] - MARGIN["marginLeft"] - MARGIN["marginRight"]) * 96)
FOOTER = ('<div style="width:100%;text-align:center;font-size:9px;color:#666;'
          'font-family:DejaVu Sans,sans-serif"><span class="pageNumber"></span></div>')

# Runs in the print page: resolves when MathJax has typeset everything, then scales down what
# is still wider than the column (a display, a table) and reports MathJax's errors.
READY = """<script>
window.sltkPrintReady = new Promise(function (resolve) {
  function fit(el) {
    var w = el.scrollWidth, c = el.clientWidth || el.parentElement.clientWidth;
    if (w > c + 1) { el.style.zoom = Math.max(0.45, c / w); return 1; }
    return 0;
  }
  function done() {
    var scaled = 0;
    document.querySelectorAll(".eq-body, main > .cell .MJXc-display, .rendered_html table, .output_html")
      .forEach(function (el) { if (!el.closest(".eq-body") || el.classList.contains("eq-body")) scaled += fit(el); });
    resolve({scaled: scaled, errors: document.querySelectorAll(".mjx-merror, .MathJax_Error").length,
             math: document.querySelectorAll(".mjx-chtml").length});
  }
  var fonts = document.fonts ? document.fonts.ready : Promise.resolve();
  fonts.then(function () {
    if (!window.MathJax || !MathJax.Hub) { done(); return; }
    MathJax.Hub.Register.StartupHook("End", function () { MathJax.Hub.Queue(done); });
  });
});
</script>
"""


def anchor_of(page):
    """slt/03-deterministic-annealing.html -> slt-03-deterministic-annealing"""
    return re.sub(r"[^A-Za-z0-9]+", "-", page[:-len(".html")] if page.endswith(".html") else page)


LINK_ATTRS = re.compile(r'\s(?:href|download)(?:="[^"]*")?')


def localise(body, page, pages):
    """A page's HTML for the print page: ids prefixed with the page's anchor, links to the book's
    own pages made links inside the print page, other links (API pages, downloads) plain text.
    pages maps a page path ("slt/03-x.html", "index.html") to its anchor."""
    prefix = pages[page]
    body = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{prefix}--{m.group(1)}"', body)

    def target(url):
        if re.match(r"[a-z]+:", url):
            return url  # a link out (the repository) stays
        path, _, frag = url.partition("#")
        if not path:
            return f"#{prefix}--{frag}" if frag else f"#{prefix}"
        dest = os.path.normpath(os.path.join(os.path.dirname(page), path))
        if dest not in pages:
            return None
        return f"#{pages[dest]}--{frag}" if frag else f"#{pages[dest]}"

    def link(m):
        attrs, inner = m.group(1), m.group(2)
        h = re.search(r'\bhref="([^"]*)"', attrs)
        if not h:
            return m.group(0)
        t = target(html.unescape(h.group(1)))
        if t is None:
            return f"<span{LINK_ATTRS.sub('', attrs)}>{inner}</span>"
        return f'<a{attrs.replace(h.group(0), "href=" + json.dumps(t))}>{inner}</a>'
    return re.sub(r"<a\b([^>]*)>(.*?)</a>", link, body, flags=re.S)


def contents_html(parts):
    """The printed table of contents: per course its chapters, per chapter its numbered
    sections, each with a page number filled in after the first print (placeholder 000 keeps
    the layout of both prints the same). parts: (course name, [(anchor, label, title,
    [(id, text)])])."""
    out = ['<nav class="print-toc"><h1 id="contents">Contents</h1>']
    for course, chapters in parts:
        out.append(f'<p class="toc-course">{html.escape(course)}</p><ul>')
        for anchor, title, _, sections in chapters:
            out.append(f'<li class="toc-chapter"><a href="#{anchor}"><span class="t">{html.escape(title)}'
                       f'</span><span class="pg" data-for="{anchor}">000</span></a>')
            if sections:
                out.append('<ul>' + "".join(
                    f'<li><a href="#{sid}"><span class="t">{text}</span>'
                    f'<span class="pg" data-for="{sid}">000</span></a></li>' for sid, text in sections)
                    + "</ul>")
            out.append("</li>")
        out.append("</ul>")
    return "".join(out) + "</nav>"


class Chromium:
    """Headless Chromium driven over the DevTools protocol on a pipe (fds 3 and 4)."""

    def __init__(self, timeout=900):
        self.timeout, self.id, self.buf = timeout, 0, b""
        self.profile = tempfile.mkdtemp(prefix="sltk-pdf-")
        to_chrome, self.w = os.pipe()
        self.r, from_chrome = os.pipe()

        def fds():  # the protocol's fixed descriptors; dup first, a pipe may already be fd 3 or 4
            a, b = os.dup(to_chrome), os.dup(from_chrome)
            os.dup2(a, 3)
            os.dup2(b, 4)
        self.proc = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--host-resolver-rules=MAP * ~NOTFOUND", "--remote-debugging-pipe",
             f"--user-data-dir={self.profile}", "about:blank"],
            preexec_fn=fds, close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome)
        os.close(from_chrome)
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]

    def call(self, method, page=False, **params):
        self.id += 1
        msg = {"id": self.id, "method": method, "params": params}
        if page:
            msg["sessionId"] = self.session
        os.write(self.w, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            while b"\0" not in self.buf:
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([self.r], [], [], left)[0]:
                    raise RuntimeError(f"Chromium did not answer {method} within {self.timeout} s")
                chunk = os.read(self.r, 1 << 20)
                if not chunk:
                    raise RuntimeError(f"Chromium exited during {method}")
                self.buf += chunk
            raw, self.buf = self.buf.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error'].get('message')}")
                return reply["result"]

    def evaluate(self, expression):
        res = self.call("Runtime.evaluate", page=True, expression=expression, awaitPromise=True,
                        returnByValue=True)
        if "exceptionDetails" in res:
            raise RuntimeError(f"in the print page: {res['exceptionDetails'].get('text')}")
        return res["result"].get("value")

    def print_pdf(self, path):
        res = self.call("Page.printToPDF", page=True, paperWidth=PAPER[0], paperHeight=PAPER[1],
                        printBackground=True, displayHeaderFooter=True, headerTemplate="<span></span>",
                        footerTemplate=FOOTER, generateDocumentOutline=True, generateTaggedPDF=False,
                        transferMode="ReturnAsStream", **MARGIN)
        with open(path, "wb") as f:
            while True:
                part = self.call("IO.read", page=True, handle=res["stream"], size=1 << 22)
                f.write(base64.b64decode(part["data"]) if part.get("base64Encoded") else part["data"].encode())
                if part.get("eof"):
                    break
        self.call("IO.close", page=True, handle=res["stream"])

    def close(self):
        try:
            self.call("Browser.close")
            self.proc.wait(30)
        except (RuntimeError, OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        os.close(self.w)
        os.close(self.r)
        shutil.rmtree(self.profile, ignore_errors=True)


def pdf_info(path, *flags):
    """pdfinfo's report on a PDF (poppler-utils), or None without it."""
    if not shutil.which("pdfinfo"):
        return None
    return subprocess.run(["pdfinfo", *flags, path], capture_output=True, text=True, check=True).stdout


def page_count(path):
    info = pdf_info(path)
    m = re.search(r"^Pages:\s+(\d+)", info or "", re.M)
    return int(m.group(1)) if m else None


def destinations(path):
    """{name: page} of the PDF's named destinations: Chromium writes one for every element
    that a link of the page points at, so the contents' targets are among them."""
    out = {}
    for line in (pdf_info(path, "-dests") or "").splitlines():
        m = re.match(r"\s*(\d+)\s+\[.*\]\s+\"(.*)\"\s*$", line)
        if m:
            out[m.group(2)] = int(m.group(1))
    return out


def write_pdf(out_dir, head, title_page, preface, chapters, courses, label):
    """Print the book into out_dir/sltk-book.pdf. head: the <head> … <body> opening of a page at
    the book's root; title_page, preface: HTML at the root (the preface's links are resolved as
    the index page's); chapters: (entry, final body HTML) in book order; courses: (course name,
    its entries) in book order; label(entry): a chapter's title in the contents. Returns (pages, bytes, seconds, {"scaled", "errors", "math"})."""
    start = time.monotonic()
    pages = {"index.html": "preface"}
    pages.update({e["page"]: anchor_of(e["page"]) for e, _ in chapters})
    bodies, parts = {e["page"]: body for e, body in chapters}, []
    for name, entries in courses:
        row = []
        for e in entries:
            body = bodies[e["page"]]
            secs = [(f'{pages[e["page"]]}--{sid}', text) for sid, text in numbered_sections(body)]
            row.append((pages[e["page"]], label(e), e["title"], secs))
        parts.append((name, row))
    doc = [head, '<main class="print-book">', f'<section class="title-page">{title_page}</section>',
           f'<section class="preface" id="preface">{localise(preface, "index.html", pages)}</section>',
           contents_html(parts)]
    for e, body in chapters:
        body = body.replace('<details class="source-notes">', '<details class="source-notes" open>')
        doc.append(f'<article class="chapter" id="{pages[e["page"]]}">{localise(body, e["page"], pages)}</article>')
    doc += ["</main>", READY, "</body></html>"]
    src = os.path.join(out_dir, PRINT_PAGE)
    with open(src, "w") as f:
        f.write("".join(doc))
    pdf = os.path.join(out_dir, PDF_NAME)
    browser = Chromium()
    try:
        browser.call("Emulation.setDeviceMetricsOverride", page=True, width=COLUMN_PX, height=1000,
                     deviceScaleFactor=1, mobile=False)
        browser.call("Emulation.setEmulatedMedia", page=True, media="print",
                     features=[{"name": "prefers-color-scheme", "value": "light"}])
        browser.call("Page.enable", page=True)
        browser.call("Page.navigate", page=True, url="file://" + os.path.abspath(src))
        while browser.evaluate("document.readyState") != "complete":
            time.sleep(0.5)
        stats = browser.evaluate("window.sltkPrintReady")
        stats["typeset"] = time.monotonic() - start
        browser.print_pdf(pdf)
        numbers = destinations(pdf)
        if numbers:
            browser.evaluate("(function(n){document.querySelectorAll('.print-toc .pg').forEach(function(s){"
                             "s.textContent = n[s.dataset.for] || '';});})(%s)" % json.dumps(numbers))
            browser.print_pdf(pdf)
            stats["unnumbered"] = [s for _, row in parts for a, _, _, secs in row
                                   for s in [a] + [sid for sid, _ in secs] if s not in numbers]
    finally:
        browser.close()
        os.remove(src)
    return page_count(pdf), os.path.getsize(pdf), time.monotonic() - start, stats


SECTION = re.compile(r'<h2 id="([^"]+)">(.*?)(?:<a class="anchor-link"[^>]*>[^<]*</a>)?</h2>', re.S)


def numbered_sections(body):
    """(id, heading HTML) of the sections a chapter's contents list: the numbered ones (3.4 …)
    and Summary and Exercises."""
    out = []
    for sid, text in SECTION.findall(body):
        plain = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())
        if re.match(r"[0-9A-Z]+\.\d+\s", plain) or plain in ("Summary", "Exercises"):
            out.append((sid, text.strip()))
    return out
