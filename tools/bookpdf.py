#!/usr/bin/python3
"""The book as one PDF (sltk-book.pdf beside the HTML), printed by Debian's headless Chromium.

tools/book.py hands over the preface and every chapter's finished HTML. Each part (the front
matter: a title page, the preface and the table of contents; then every chapter in course
order) becomes a print page in the book directory, so MathJax, the fonts and the stylesheet load
as for the other pages. Every id of a chapter is prefixed with the chapter's name and links
between pages become links inside the part; links to pages the PDF does not hold (the API
reference, a notebook download) become plain text.

Chromium is driven over the DevTools protocol on a pipe (--remote-debugging-pipe: no port, no
websocket library): a part is laid out at the width of the printed text column with print media
emulated, and printing starts only when MathJax has typeset everything (its "End" hook, then its
queue) and the fonts are loaded; a display or table still wider than the column is scaled down
to fit. The page number stands in the footer (a CSS page-margin box, counted on from the parts
before), pdfinfo (poppler-utils) reads the page and height of each element from a chapter's
named destinations, and pypdf (python3-pypdf) joins the parts, adds the outline (bookmarks per
course, chapter and numbered section) and turns each link from one part into another (printed
as a link to the made-up XREF address) into a jump inside the PDF; the contents' lines are such
links too. Without pypdf, pdfunite joins the parts, with no outline and dead cross-part links."""

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
# A4 with 18 mm side margins: the text column is 174 mm = 658 CSS px, the width the page is
# laid out at before printing.
PAPER = (8.27, 11.69)  # inches
MARGIN = {"marginTop": 0.75, "marginBottom": 0.8, "marginLeft": 0.71, "marginRight": 0.71}
COLUMN_PX = round((PAPER[0] - MARGIN["marginLeft"] - MARGIN["marginRight"]) * 96)
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
    document.body.classList.remove("typesetting");
    document.querySelectorAll(".eq-body, .MJXc-display, .rendered_html table, .output_html")
      .forEach(function (el) { if (el.classList.contains("eq-body") || !el.parentElement.closest(".eq-body")) scaled += fit(el); });
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


# In the print page MathJax typesets the whole book at once: no automatic line breaking (it
# measures every formula, and each measurement lays out the whole book again; what is still too
# wide is scaled down instead), one chunk, no pauses; the figures are left out of the layout
# until it is done.
FAST_MATH = """<script type="text/x-mathjax-config">
MathJax.Hub.Config({CommonHTML: {linebreaks: {automatic: false}, EqnChunk: 1000000, EqnChunkFactor: 1,
                                 EqnChunkDelay: 0}, processSectionDelay: 0, processUpdateTime: 1000000,
                    processUpdateDelay: 0});
</script>
<style>body.typesetting svg { display: none; }</style>
"""


def anchor_of(page):
    """slt/03-deterministic-annealing.html -> slt-03-deterministic-annealing"""
    return re.sub(r"[^A-Za-z0-9]+", "-", page[:-len(".html")] if page.endswith(".html") else page)


# Links from one part of the PDF into another are printed as links to this made-up address
# followed by the target's name; merge() turns each into a jump to the target's page and height.
XREF = "https://xref.sltk.invalid/#"
LINK_ATTRS = re.compile(r'\s(?:href|download)(?:="[^"]*")?')


def localise(body, page, pages):
    """A page's HTML for its print part: ids prefixed with the page's anchor, links within the
    page kept, links to other pages (chapters, the API reference, downloads) plain text, links
    out kept. pages maps a page path ("slt/03-x.html", "index.html") to its anchor."""
    prefix = pages[page]
    body = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{prefix}--{m.group(1)}"', body)

    def target(url):
        if re.match(r"[a-z]+:", url):
            return url  # a link out (the repository) stays
        path, _, frag = url.partition("#")
        if not path:
            return f"#{prefix}--{frag}" if frag else f"#{prefix}"
        dest = os.path.normpath(os.path.join(os.path.dirname(page), path))
        if dest != page:  # another part of the PDF: a link that the merge points into the book
            if dest not in pages:
                return None
            return XREF + (f"{pages[dest]}--{frag}" if frag else pages[dest])
        return f"#{prefix}--{frag}" if frag else f"#{prefix}"

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
            out.append(f'<li class="toc-chapter"><a class="toc-line" href="{XREF}{anchor}"><span class="t">'
                       f'{html.escape(title)}</span><span class="pg" data-for="{anchor}">000</span></a>')
            if sections:
                out.append('<ul>' + "".join(
                    f'<li><a class="toc-line" href="{XREF}{sid}"><span class="t">{text}</span>'
                    f'<span class="pg" data-for="{sid}">000</span></a></li>' for sid, text in sections)
                    + "</ul>")
            out.append("</li>")
        out.append("</ul>")
    return "".join(out) + "</nav>"


class Chromium:
    """Headless Chromium driven over the DevTools protocol on a pipe (fds 3 and 4)."""

    def __init__(self, timeout=1800):
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
                        printBackground=True, generateTaggedPDF=False,
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


def destinations(path, heights=None):
    """{name: page} of the PDF's named destinations: Chromium writes one for every element
    that a link of the page points at, so the contents' targets are among them. heights, if
    given, receives {name: the destination's top in PDF points}."""
    out = {}
    for line in (pdf_info(path, "-dests") or "").splitlines():
        m = re.match(r"\s*(\d+)\s+\[(.*)\]\s+\"(.*)\"\s*$", line)
        if m:
            out[m.group(3)] = int(m.group(1))
            xyz = re.match(r"\s*XYZ\s+\S+\s+([-0-9.]+)", m.group(2))
            if heights is not None and xyz:
                heights[m.group(3)] = float(xyz.group(1))
    return out


# The page number in the footer of every page, counted on from the pages before the part.
PAGE_NUMBER = """<style>
@page { @bottom-center { content: counter(page); font: 8pt "DejaVu Sans", sans-serif; color: #666; } }
html { counter-reset: page %d; }
</style>
"""


def print_part(browser, out_dir, i, head, body, first, pdf):
    """Print one part (the front matter, or a chapter) into pdf, its pages numbered from
    first + 1; returns MathJax's statistics of the part."""
    src = os.path.join(out_dir, f"print-{i}.html")
    with open(src, "w") as f:
        f.write(head.replace("</head>", PAGE_NUMBER % first + "</head>", 1)
                + f'<main class="print-book">{body}</main>{READY}</body></html>')
    try:
        url = "file://" + os.path.abspath(src)
        browser.call("Page.navigate", page=True, url=url)
        check = f"location.href === {json.dumps(url)} && document.readyState === 'complete'"
        while not browser.evaluate(check):
            time.sleep(0.2)
        stats = browser.evaluate("window.sltkPrintReady")
        browser.print_pdf(pdf)
    finally:
        os.remove(src)
    return stats


def write_pdf(out_dir, head, title_page, preface, chapters, courses, label):
    """Print the book into out_dir/sltk-book.pdf. head: the <head> … <body> opening of a page at
    the book's root; title_page, preface: HTML at the root (the preface's links are resolved as
    the index page's); chapters: (entry, final body HTML) in book order; courses: (course name,
    its entries) in book order; label(entry): a chapter's title in the contents. Returns (pages,
    bytes, seconds, {"scaled", "errors", "math", "typeset", "unnumbered"}).

    Each part is typeset and printed on its own (MathJax on the whole book in one page takes
    Chromium tens of minutes): first the front matter (title page, preface, contents with
    placeholder page numbers), then every chapter numbered on from the pages before it, then
    the front matter again with the page numbers that the chapters' named destinations give;
    merge joins the parts (outline, links between parts)."""
    start = time.monotonic()
    if not shutil.which("pdfunite"):
        raise RuntimeError("pdfunite not found: run make setup (Debian's poppler-utils)")
    pages = {"index.html": "preface"}
    pages.update({e["page"]: anchor_of(e["page"]) for e, _ in chapters})
    bodies, parts = {e["page"]: body for e, body in chapters}, []
    for name, entries in courses:
        row = []
        for e in entries:
            secs = [(f'{pages[e["page"]]}--{sid}', text) for sid, text in numbered_sections(bodies[e["page"]])]
            row.append((pages[e["page"]], label(e), e["title"], secs))
        parts.append((name, row))
    head = head.replace('<script src="mathjax/MathJax.js', FAST_MATH + '<script src="mathjax/MathJax.js', 1)
    head = head.replace('class="print"', 'class="print typesetting"')

    def front(numbers):
        toc = contents_html(parts)
        if numbers is not None:
            toc = re.sub(r'<span class="pg" data-for="([^"]+)">000</span>',
                         lambda m: f'<span class="pg" data-for="{m.group(1)}">{numbers.get(m.group(1), "")}</span>', toc)
        return (f'<section class="title-page">{title_page}</section>{targets("preface")}'
                f'<section class="preface" id="preface">{localise(preface, "index.html", pages)}</section>{toc}'
                '<nav class="xref-targets" aria-hidden="true"><a href="#contents"></a></nav>')

    # Every element another part links to gets a named destination in its own part: Chromium
    # writes one only for the target of a link on the same page, so each part carries an
    # invisible link to each of its elements that the other parts (or the contents) point at.
    texts = [localise(preface, "index.html", pages)] + [localise(b, e["page"], pages) for e, b in chapters]
    wanted = set(re.findall(re.escape(XREF) + r'([^"#]+)"', "".join(texts) + contents_html(parts)))
    wanted |= {"preface--preface-title"}

    def targets(anchor):
        names = sorted(n for n in wanted if n.startswith(anchor + "--"))
        return ('<nav class="xref-targets" aria-hidden="true">'
                + "".join(f'<a href="#{html.escape(n)}"></a>' for n in names) + "</nav>")

    work = tempfile.mkdtemp(prefix="sltk-pdf-parts-")
    browser = Chromium()
    stats = {"scaled": 0, "errors": 0, "math": 0}
    try:
        browser.call("Emulation.setDeviceMetricsOverride", page=True, width=COLUMN_PX, height=1000,
                     deviceScaleFactor=1, mobile=False)
        browser.call("Emulation.setEmulatedMedia", page=True, media="print",
                     features=[{"name": "prefers-color-scheme", "value": "light"}])
        browser.call("Page.enable", page=True)
        files = [os.path.join(work, "0.pdf")]
        print_part(browser, out_dir, 0, head, front(None), 0, files[0])
        offset, numbers, heights = page_count(files[0]), {}, {}
        front_pages = offset
        for i, (e, body) in enumerate(chapters, 1):
            body = body.replace('<details class="source-notes">', '<details class="source-notes" open>')
            files.append(os.path.join(work, f"{i}.pdf"))
            part = print_part(browser, out_dir, i, head, f'<article class="chapter" id="{pages[e["page"]]}">'
                              f'{targets(pages[e["page"]])}{localise(body, e["page"], pages)}</article>',
                              offset, files[-1])
            for k in stats:
                stats[k] += part[k]
            numbers[pages[e["page"]]] = offset + 1
            numbers.update({name: offset + p for name, p in destinations(files[-1], heights).items()})
            offset += page_count(files[-1])
        stats["typeset"] = time.monotonic() - start
        print_part(browser, out_dir, 0, head, front(numbers), 0, files[0])
        if page_count(files[0]) != front_pages:
            raise RuntimeError(f"the front matter took {page_count(files[0])} pages with page numbers, "
                               f"{front_pages} without")
        numbers.update({name: p for name, p in destinations(files[0], heights).items()})
        pdf = os.path.join(out_dir, PDF_NAME)
        stats["links"], stats["outline"] = merge(files, pdf, parts, numbers, heights)
        stats["unnumbered"] = [s for _, row in parts for a, _, _, secs in row
                               for s in [a] + [sid for sid, _ in secs] if s not in numbers]
    finally:
        browser.close()
        shutil.rmtree(work, ignore_errors=True)
    return page_count(pdf), os.path.getsize(pdf), time.monotonic() - start, stats


def merge(files, pdf, parts, numbers, heights):
    """Join the printed parts into pdf with pypdf (Debian's python3-pypdf), adding the outline
    (bookmarks: Preface, Contents, then per course its chapters and their sections) and turning
    every link to an XREF address into a jump to its target's page and height; without pypdf,
    pdfunite joins the parts with neither. Returns (links made internal, outline entries)."""
    try:
        from pypdf import PdfWriter
        from pypdf.generic import (ArrayObject, DictionaryObject, FloatObject, NameObject,
                                   NullObject)
    except ImportError:
        subprocess.run(["pdfunite", *files, pdf], check=True, capture_output=True)
        return 0, 0
    w = PdfWriter()
    for f in files:
        w.append(f, import_outline=False)
    entries = 0

    def mark(title, name, parent=None):
        nonlocal entries
        if name not in numbers:
            return None
        entries += 1
        text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", title)).split())
        return w.add_outline_item(text, numbers[name] - 1, parent=parent)
    mark("Preface", "preface--preface-title")
    mark("Contents", "contents")
    for course, chapters in parts:
        top = None
        for anchor, title, _, sections in chapters:
            if top is None and anchor in numbers:
                top = mark(course, anchor)
            ch = mark(title, anchor, top)
            for sid, text in sections:
                mark(text, sid, ch)
    links = 0
    for page in w.pages:
        for ref in page.get("/Annots", []) or []:
            a = ref.get_object()
            uri = a.get("/A", {}).get("/URI", "") if a.get("/Subtype") == "/Link" else ""
            if not str(uri).startswith(XREF):
                continue
            name = str(uri)[len(XREF):]
            n = numbers.get(name, numbers.get(name.split("--")[0]))
            if n is None:
                del a["/A"]  # a target the book does not hold: a dead link, not a broken path
                continue
            top = heights.get(name, float(w.pages[n - 1].mediabox.top))  # a chapter: its first page
            a[NameObject("/A")] = DictionaryObject({
                NameObject("/S"): NameObject("/GoTo"),
                NameObject("/D"): ArrayObject([w.pages[n - 1].indirect_reference, NameObject("/XYZ"),
                                               NullObject(), FloatObject(top), NullObject()])})
            links += 1
    w.page_mode = "/UseOutlines"
    with open(pdf, "wb") as f:
        w.write(f)
    return links, entries


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
