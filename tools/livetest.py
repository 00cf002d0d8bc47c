#!/usr/bin/python3
"""Check the live figures of the built book in headless Chromium, driven over the DevTools
protocol (--remote-debugging-pipe), with the network emulated offline.

For every chapter page with a live figure listed in build/book/live/expected.json (a native run
of the figure registry, written by tools/livefig.py):

1. Readable before WebAssembly: the page is opened from file:// with the module's script
   (assets/live/livefig.js) and the precomputed frames (assets/live/frames/) blocked. Its text
   and every still figure (the SVG, at least 100 px wide, and the line of numbers) must show,
   and moving a slider must leave the still figure in place with a note that it cannot be
   redrawn. With them allowed, no WebAssembly (nor frames) may load before the reader touches
   a control. A figure redrawn from precomputed frames (one file in assets/live/frames/ each,
   listed in sltk/live/cmd/livefig/frames.go) must say so under its control, and no other.
2. As a reader: the still figure's numbers equal the native ones at the default value; the
   slider moves to two other values (an input event on the range control); the figure changes
   and every number the page shows equals the native run's (relative 1e-9).
3. The redraw budget: the slider then visits every value of the figure's grid, in REPEATS
   sweeps, each move timed from the control change until the next animation frame after the
   new SVG is in the page (the module call, the DOM update, style and layout). The machine is
   shared, so the budget is asserted on the page's main-thread CPU time for the move (DevTools'
   Performance.getMetrics ThreadTime; the WebAssembly runs on that thread): time spent waiting
   for a core while other processes run is not the page's, and on a quiet machine the wall time
   equals it. The load allowance is what remains: other processes still slow a redraw through
   shared caches and clock, so each value's time is the median of its sweeps (a garbage
   collection or a migration lands in one of them), a value whose median is over BUDGET_MS is
   measured 2·REPEATS times more (the median then taken over all), and the slowest value's
   median must be within BUDGET_MS. The lines also give the wall-clock median at that value,
   whose ratio to the CPU time shows the load during the run, the module's load time and each
   figure's first draw (which computes what a figure keeps, such as an annealing run).
   SLTK_LIVE_BUDGET_MS and SLTK_LIVE_REPEATS override the budget (200 ms) and the sweeps (3).
4. On a phone: the tab is laid out NARROW_PX (400) px wide and each figure redrawn at its first
   and last value; the rendering it shows (the phone's, where the figure carries one) must draw
   its smallest text at MIN_TEXT_PX (9) CSS px or more, the rule tools/browsertest.py applies to
   the still figures, measured by the same function (SMALLEST_TEXT).

Run alone (python3 tools/livetest.py [book dir]) or from tools/browsertest.py.
"""

import json
import os
import select
import subprocess
import sys
import tempfile
import shutil

BUDGET_MS = float(os.environ.get("SLTK_LIVE_BUDGET_MS", "200"))
REPEATS = int(os.environ.get("SLTK_LIVE_REPEATS", "3"))

# --disable-dev-shm-usage: a container's /dev/shm is often 64 MB, too small for Chromium's
# shared memory on the book's larger pages; /tmp has room.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--host-resolver-rules=MAP * ~NOTFOUND", "--remote-debugging-pipe"]

# MIN_TEXT_PX is the smallest size, in CSS px, at which a figure's text may be drawn on a phone
# (sltk/viz.MinTextPx); NARROW_PX the phone's width at which tools/browsertest.py checks the
# still figures and check() the redrawn live ones.
MIN_TEXT_PX = 9
NARROW_PX = 400

# SMALLEST_TEXT is the one measurement of a figure's text, shared with browsertest's checker:
# the smallest text of an SVG figure as drawn, in CSS px, each text's font size times the scale
# of its transformation to the screen (the SVG's viewBox scaled to the column).
SMALLEST_TEXT = r"""function smallestText(svg) {
    var least = null;
    svg.querySelectorAll("text").forEach(function (t) {
      var m = t.getScreenCTM();
      if (!t.textContent.trim() || !m) return;
      var px = parseFloat(getComputedStyle(t).fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
      if (!least || px < least.px) least = {px: px, text: t.textContent.trim().slice(0, 30)};
    });
    return least;
  }"""

# SHOWN_TEXT returns the smallest text of the rendering that live figure %s shows now (a figure
# carries a phone's rendering beside the wide one, and a container query shows one of them),
# and that rendering's width in CSS px.
SHOWN_TEXT = r"""
(function (name) {
  %s
  var box = document.querySelector('.sltk-live[data-live="' + name + '"]'), out = {least: null, width: 0};
  box.querySelectorAll(".sltk-live-svg svg").forEach(function (svg) {
    if (svg.parentElement.closest("svg") || !svg.getClientRects().length) return;
    var l = smallestText(svg);
    if (l && (!out.least || l.px < out.least.px))
      out = {least: l, width: Math.round(svg.getBoundingClientRect().width)};
  });
  return out;
})(%%s)
""" % SMALLEST_TEXT

# READABLE runs on a page whose module script is blocked: the text and every still figure show,
# and a slider moved leaves its still figure with a note.
READABLE = r"""
(async function () {
  var main = document.querySelector("main") || document.body;
  var res = {text: main.innerText.trim().length, figures: []};
  for (var box of document.querySelectorAll(".sltk-live")) {
    var svgs = Array.from(box.querySelectorAll(".sltk-live-svg svg")).filter(function (s) { return s.getClientRects().length; });
    var svg = svgs[0], r = svg ? svg.getBoundingClientRect() : null;  // the rendering shown at this width
    var f = {name: box.dataset.live, width: r ? r.width : 0, height: r ? r.height : 0,
             numbers: box.querySelector(".sltk-live-numbers").innerText.trim()};
    var input = box.querySelector(".sltk-live-control input");
    if (input) {
      var before = box.querySelector(".sltk-live-svg").innerHTML;
      input.value = (Number(input.value) + 1) % (Number(input.max) + 1);
      input.dispatchEvent(new Event("input"));
      var status = box.querySelector(".sltk-live-status"), t0 = performance.now();
      while (!/cannot be redrawn/.test(status.textContent) && performance.now() - t0 < 60000)
        await new Promise(function (ok) { setTimeout(ok, 50); });
      f.kept = box.querySelector(".sltk-live-svg").innerHTML === before;
      f.note = box.querySelector(".sltk-live-status").textContent;
    }
    res.figures.push(f);
  }
  return res;
})()
"""

PROBE = r"""
(async function (cases) {
  function wait(cond, ms) {
    return new Promise(function (ok, fail) {
      var t0 = performance.now();
      (function poll() {
        if (cond()) ok(); else if (performance.now() - t0 > ms) fail(new Error("timeout"));
        else setTimeout(poll, 20);
      })();
    });
  }
  function nums(box) {
    var o = {};
    box.querySelectorAll(".sltk-live-num").forEach(function (s) { o[s.dataset.name] = Number(s.dataset.value); });
    return o;
  }
  var res = {lazy: typeof window.SLTK_LIVE_WASM === "undefined" && typeof window.sltkLive === "undefined" &&
             typeof window.SLTK_LIVE_FRAMES === "undefined", figures: []};
  for (var c of cases) {
    var box = document.querySelector('.sltk-live[data-live="' + c.name + '"]');
    if (!box) { res.figures.push({name: c.name, error: "no such live figure on the page"}); continue; }
    var r = {name: c.name, still: nums(box), steps: []};
    var input = box.querySelector(".sltk-live-control input");
    if (!input) { r.error = "no control"; res.figures.push(r); continue; }
    var values = box.getAttribute("data-values").split(" ").map(Number);
    var before = box.querySelector(".sltk-live-svg").innerHTML;
    r.note = box.querySelector(".sltk-live-status").textContent;
    try {  // the first draw computes what the figure keeps (a fit): timed apart from redraws
      var draw = await window.sltkLiveSource(c.name);
      var tf = performance.now();
      var d = draw(box.dataset.value);
      r.first = performance.now() - tf;
      if (d.error) throw new Error(d.error);
    } catch (e) { r.error = "the first draw failed: " + e.message; res.figures.push(r); continue; }
    for (var v of c.values) {
      var t0 = performance.now();
      input.value = values.indexOf(v);
      input.dispatchEvent(new Event("input"));
      try {
        await wait(function () { return Number(box.dataset.value) === v || box.dataset.liveError; }, 120000);
      } catch (e) { r.steps.push({value: v, error: "no redraw within 120 s"}); continue; }
      var svg = box.querySelector(".sltk-live-svg").innerHTML;
      r.steps.push({value: v, changed: svg !== before, nums: nums(box), ms: Number(box.dataset.ms),
                    wall: performance.now() - t0, error: box.dataset.liveError || null});
      before = svg;
    }
    r.values = values;
    res.figures.push(r);
  }
  res.loadMs = document.documentElement.dataset.liveLoadMs;  // unset when no figure needed it
  return res;
})(%s)
"""

# STEP moves the live figure %s to value index %d as its control does, and resolves after the
# next animation frame (the new SVG laid out); it returns the wall time in ms, or an error.
STEP = r"""
(async function (name, i) {
  var box = document.querySelector('.sltk-live[data-live="' + name + '"]');
  var t0 = performance.now();
  await window.sltkLiveSet(box, i);
  await new Promise(function (ok) { requestAnimationFrame(function () { ok(); }); });
  return {wall: performance.now() - t0, error: box.dataset.liveError || null};
})(%s, %d)
"""


# READ_TIMEOUT_S bounds the wait for any DevTools message (Browser._read).
READ_TIMEOUT_S = 600


class BrowserDied(RuntimeError):
    """Chromium's browser process ended while a DevTools call was under way."""


class Browser:
    """Headless Chromium over the DevTools pipe (fd 3: commands in, fd 4: replies out), started
    with FLAGS and the extra command-line flags given."""

    def __init__(self, profile, flags=()):
        cmd_r, self.cmd_w = os.pipe()
        self.out_r, out_w = os.pipe()

        def fds():
            a, b = os.dup(cmd_r), os.dup(out_w)  # out of the way of 3 and 4 first
            os.dup2(a, 3)
            os.dup2(b, 4)
            # os.dup gives close-on-exec descriptors, and where 3 or 4 was free it returns that
            # very number, so dup2 onto itself is a no-op that keeps the flag: Chromium then
            # started without its pipe ("Remote debugging pipe file descriptors are not open",
            # seen in a make test where two checker threads open and close files).
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)
            os.closerange(5, os.sysconf("SC_OPEN_MAX"))

        # Not pass_fds=(3, 4): Popen marks those inheritable in the child before preexec_fn
        # runs, which fails with EBADF whenever fd 3 or 4 is not open in this process (seen
        # once in CI). The child closes everything above 4 itself instead.
        # Chromium's own messages go to a file in the profile, for BrowserDied to quote.
        self.log_path = os.path.join(profile, "chromium-stderr.log")
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(["chromium"] + FLAGS + list(flags) + [f"--user-data-dir={profile}",
                                         "about:blank"], preexec_fn=fds, close_fds=False,
                                         stdout=subprocess.DEVNULL, stderr=log)
        os.close(cmd_r)
        os.close(out_w)
        self.reader = os.fdopen(self.out_r, "rb")
        self.buf, self.next_id, self.events = b"", 0, []

    def _read(self):
        while b"\0" not in self.buf:
            # A reply or event that never comes (a page that never loads) must fail the test,
            # not hang it; the longest call, printing the book to PDF, takes about a minute.
            if not select.select([self.out_r], [], [], READ_TIMEOUT_S)[0]:
                raise RuntimeError(f"chromium sent nothing on the DevTools pipe for {READ_TIMEOUT_S} s")
            chunk = os.read(self.out_r, 1 << 20)
            if not chunk:
                raise self.died()
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None, session=None):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        try:
            os.write(self.cmd_w, json.dumps(msg).encode() + b"\0")
        except BrokenPipeError:
            raise self.died() from None
        while True:
            m = self._read()
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})
            self.events.append(m)

    def died(self):
        """A BrowserDied naming how Chromium ended (exit code or signal) and the last lines it
        wrote to stderr."""
        try:
            code = self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            code = None
        how = ("is still running but closed its DevTools pipe" if code is None else
               f"was killed by signal {-code}" if code < 0 else f"exited with status {code}")
        try:
            with open(self.log_path, "rb") as f:
                lines = f.read().decode(errors="replace").strip().splitlines()
            tail = [l for l in lines if "dbus" not in l][-8:]  # no D-Bus in a container: noise
        except OSError:
            tail = []
        return BrowserDied(f"chromium {how}; its last messages: " + (" | ".join(tail) or "none"))

    def wait_event(self, method):
        for i, m in enumerate(self.events):
            if m.get("method") == method:
                return self.events.pop(i)
        while True:
            m = self._read()
            if m.get("method") == method:
                return m
            self.events.append(m)

    def close(self):
        try:
            self.call("Browser.close")
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def close_enough(a, b):
    return a == b or abs(a - b) <= 1e-9 * max(abs(a), abs(b))


def sweep(browser, s, name, n):
    """Moves figure name (n values) through its grid REPEATS times; returns the slowest value's
    median main-thread CPU time and its wall time there (ms), its index, or an error."""
    def thread_ms():
        m = browser.call("Performance.getMetrics", session=s)["metrics"]
        t = {x["name"]: x["value"] for x in m}.get("ThreadTime")
        if t is None:
            raise RuntimeError("this Chromium reports no ThreadTime metric")
        return t * 1000
    cpu, wall = [[] for _ in range(n)], [[] for _ in range(n)]

    def move(i):
        t0 = thread_ms()
        r = browser.call("Runtime.evaluate", {"expression": STEP % (json.dumps(name), i),
                         "awaitPromise": True, "returnByValue": True, "timeout": 600000}, session=s)
        cpu[i].append(thread_ms() - t0)
        if "exceptionDetails" in r:
            return f"moving to value {i}: {r['exceptionDetails'].get('text')}"
        out = r["result"]["value"]
        if out["error"]:
            return f"moving to value {i}: {out['error']}"
        wall[i].append(out["wall"])
        return None

    for _ in range(REPEATS):
        for i in range(n):
            if err := move(i):
                return {"error": err}
    # A value over the budget is measured twice as often again, away from it and back each
    # time, and its median taken over all: a burst of load cannot fail the test alone, a slow
    # redraw still does.
    for i in range(n):
        if sorted(cpu[i])[len(cpu[i]) // 2] > BUDGET_MS:
            for _ in range(2 * REPEATS):
                if (err := move((i + 1) % n)) or (err := move(i)):
                    return {"error": err}
    med = [sorted(c)[len(c) // 2] for c in cpu]
    worst = max(range(n), key=lambda i: med[i])
    return {"cpu": med[worst], "wall": sorted(wall[worst])[len(wall[worst]) // 2], "at": worst,
            "runs": len(cpu[worst])}


def narrow_text(browser, s, page, figs):
    """Problems of the live figures figs of page (in session s, loaded, their module or frames
    ready) on a phone: the tab is laid out NARROW_PX wide, each figure is moved to its first
    and its last value (one of the two a redraw), and the rendering it then shows must draw its
    smallest text at MIN_TEXT_PX or more, as the still figures must (tools/browsertest.py)."""
    browser.call("Emulation.setDeviceMetricsOverride", {"width": NARROW_PX, "height": 900,
                 "deviceScaleFactor": 1, "mobile": True}, session=s)
    problems = []
    try:
        for e, n in figs:
            for i in (0, n - 1):
                r = browser.call("Runtime.evaluate", {"expression": STEP % (json.dumps(e["name"]), i),
                                 "awaitPromise": True, "returnByValue": True, "timeout": 600000}, session=s)
                if "exceptionDetails" in r or r["result"]["value"]["error"]:
                    problems.append(f"{page} {e['name']} at {NARROW_PX} px: moving to value {i} failed")
                    break
                r = browser.call("Runtime.evaluate", {"expression": SHOWN_TEXT % json.dumps(e["name"]),
                                 "returnByValue": True}, session=s)
                least, width = r["result"]["value"]["least"], r["result"]["value"]["width"]
                if least and least["px"] < MIN_TEXT_PX - 0.05:
                    problems.append(f"{page} {e['name']} redrawn at {NARROW_PX} px (value {i}): text "
                                    f"{least['px']:.1f} px ({least['text']!r}) in a {width} px wide "
                                    f"image, below {MIN_TEXT_PX} px")
                    break
    finally:
        browser.call("Emulation.clearDeviceMetricsOverride", session=s)
    return problems


def readable(browser, s, page, url, names):
    """Problems of page (at url, in session s) opened with the module's script and the
    precomputed frames blocked: its text and the still figures names must show, and a moved
    slider keep its still figure."""
    browser.call("Network.setBlockedURLs", {"urls": ["*/assets/live/livefig.js", "*/assets/live/frames/*"]},
                 session=s)
    try:
        browser.call("Page.navigate", {"url": url}, session=s)
        browser.wait_event("Page.loadEventFired")
        r = browser.call("Runtime.evaluate", {"expression": READABLE, "awaitPromise": True,
                         "returnByValue": True}, session=s)
    finally:
        browser.call("Network.setBlockedURLs", {"urls": []}, session=s)
    if "exceptionDetails" in r:
        return [f"{page}: the readability probe failed: {r['exceptionDetails'].get('text')}"]
    out, problems = r["result"]["value"], []
    if out["text"] < 2000:
        problems.append(f"{page}: without WebAssembly the page shows {out['text']} characters of text")
    seen = {f["name"] for f in out["figures"]}
    for name in sorted(names - seen):
        problems.append(f"{page} {name}: no still figure on the page")
    for f in out["figures"]:
        where = f"{page} {f['name']} without WebAssembly"
        if f["width"] < 100 or f["height"] < 50:
            problems.append(f"{where}: the still figure is {f['width']:.0f}×{f['height']:.0f} px")
        if "=" not in f["numbers"]:
            problems.append(f"{where}: no numbers under the figure ({f['numbers']!r})")
        if not f.get("kept") or "cannot be redrawn" not in f.get("note", ""):
            problems.append(f"{where}: a moved slider did not keep the still figure with a note "
                            f"(note {f.get('note')!r})")
    return problems


def check(book):
    """Returns (problems, lines): each line one figure's result."""
    path = os.path.join(book, "live", "expected.json")
    if not os.path.exists(path):
        return [], []
    with open(path) as f:
        expected = json.load(f)
    with open(os.path.join(book, "manifest.json")) as f:
        pages = {e["page"].split("-")[0]: e["page"] for e in json.load(f)}
    problems, lines = [], []
    fdir = os.path.join(book, "assets", "live", "frames")
    framed = {n[:-3] for n in os.listdir(fdir) if n.endswith(".js")} if os.path.isdir(fdir) else set()
    profile = tempfile.mkdtemp(prefix="sltk-live-")
    browser = Browser(profile)
    try:
        by_page = {}
        for e in expected:
            page = pages.get(e["chapter"])
            if page is None:
                continue  # the chapter is not in this build
            by_page.setdefault(page, []).append(e)
        for page, figs in sorted(by_page.items()):
            url = "file://" + os.path.join(book, page)
            target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
            s = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            browser.call("Network.enable", session=s)
            browser.call("Network.emulateNetworkConditions", {"offline": True, "latency": 0,
                         "downloadThroughput": -1, "uploadThroughput": -1}, session=s)
            browser.call("Page.enable", session=s)
            browser.call("Runtime.enable", session=s)
            browser.call("Performance.enable", session=s)
            problems += readable(browser, s, page, url, {e["name"] for e in figs})
            browser.call("Page.navigate", {"url": url}, session=s)
            browser.wait_event("Page.loadEventFired")
            cases = [{"name": e["name"], "values": [c["value"] for c in e["cases"][1:]]} for e in figs]
            r = browser.call("Runtime.evaluate", {"expression": PROBE % json.dumps(cases),
                             "awaitPromise": True, "returnByValue": True, "timeout": 1800000}, session=s)
            if "exceptionDetails" in r:
                problems.append(f"{page}: the probe failed: {r['exceptionDetails'].get('text')}")
                continue
            out = r["result"]["value"]
            errors = [m for m in browser.events if m.get("method") == "Runtime.exceptionThrown"]
            browser.events.clear()
            for m in errors:
                problems.append(f"{page}: script error: {m['params']['exceptionDetails'].get('text')}")
            if not out["lazy"]:
                problems.append(f"{page}: the WebAssembly module loaded before any control was used")
            moved = []  # the figures that redraw, with their number of values
            for e, got in zip(figs, out["figures"]):
                where = f"{page} {e['name']}"
                if got.get("error"):
                    problems.append(f"{where}: {got['error']}")
                    continue
                if ("precomputed" in got["note"]) != (e["name"] in framed):
                    problems.append(f"{where}: the note under the control ({got['note']!r}) does not "
                                    f"match whether it has precomputed frames ({e['name'] in framed})")
                for k, v in e["cases"][0]["numbers"].items():
                    if k not in got["still"] or not close_enough(got["still"][k], v):
                        problems.append(f"{where}: still figure shows {k} = {got['still'].get(k)}, "
                                        f"the native registry {v}")
                for c, step in zip(e["cases"][1:], got["steps"]):
                    if step.get("error"):
                        problems.append(f"{where} at {c['value']}: {step['error']}")
                        continue
                    if not step["changed"]:
                        problems.append(f"{where} at {c['value']}: the figure did not change")
                    for k, v in c["numbers"].items():
                        if k not in step["nums"] or not close_enough(step["nums"][k], v):
                            problems.append(f"{where} at {c['value']}: page shows {k} = "
                                            f"{step['nums'].get(k)}, native {v}")
                moved.append((e, len(got["values"])))
                sw = sweep(browser, s, e["name"], len(got["values"]))
                if sw.get("error"):
                    problems.append(f"{where}: {sw['error']}")
                    continue
                at = got["values"][sw["at"]]
                if sw["cpu"] > BUDGET_MS:
                    problems.append(f"{where}: the redraw at {e['param']} = {at:g} takes {sw['cpu']:.0f} ms "
                                    f"of CPU (median of {sw['runs']}), over the budget of {BUDGET_MS:g} ms")
                lines.append(f"{e['chapter']:8} {e['name']:22} {e['param']} {e['min']:g}…{e['max']:g}: "
                             f"slowest redraw {sw['cpu']:.0f} ms CPU at {at:g} (median of {sw['runs']}; "
                             f"{REPEATS} sweeps over {len(got['values'])} values; wall {sw['wall']:.0f} ms), first draw "
                             f"{got['first']:.0f} ms, " + (f"module load {float(out['loadMs']):.0f} ms"
                             if out.get("loadMs") else "no module loaded") + (f" ({got['note']})"
                             if "precomputed" in got["note"] else ""))
            problems += narrow_text(browser, s, page, moved)
            browser.call("Target.closeTarget", {"targetId": target})
    finally:
        browser.close()
        shutil.rmtree(profile, ignore_errors=True)
    return problems, lines


def report(problems, lines):
    """Print one line per live figure, then the problems; returns whether all passed."""
    for line in lines:
        print(("PASS  " if not problems else "      ") + "live  " + line)
    for p in problems:
        print("FAIL  live  " + p)
    return not problems


def main():
    book = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "build/book")
    problems, lines = check(book)
    report(problems, lines)
    print(f"live figures in the browser: {len(lines)} checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
