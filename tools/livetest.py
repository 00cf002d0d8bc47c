#!/usr/bin/python3
"""Check the live figures of the built book in headless Chromium, driven over the DevTools
protocol (--remote-debugging-pipe), with the network emulated offline.

For every live figure listed in build/book/live/expected.json (a native run of the figure
registry, written by tools/livefig.py): open its chapter page from file://, check that the page
loaded no WebAssembly before the reader touched a control (the page reads as a still figure
first), that the still figure's numbers equal the native ones at the default value, then move
the slider to two other values as a reader would (an input event on the range control), and
check that the figure changed and that every number the page shows equals the native run's
(relative 1e-9). It reports the module's load time, the first draw (which computes what a
figure keeps, such as an annealing run) and each redraw time (wall clock, in the page). Run alone (python3 tools/livetest.py) or from tools/browsertest.py.
"""

import json
import os
import subprocess
import sys
import tempfile
import shutil

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--host-resolver-rules=MAP * ~NOTFOUND", "--remote-debugging-pipe"]

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
  var res = {lazy: typeof window.SLTK_LIVE_WASM === "undefined" && typeof window.sltkLive === "undefined",
             figures: []};
  for (var c of cases) {
    var box = document.querySelector('.sltk-live[data-live="' + c.name + '"]');
    if (!box) { res.figures.push({name: c.name, error: "no such live figure on the page"}); continue; }
    var r = {name: c.name, still: nums(box), steps: []};
    var input = box.querySelector(".sltk-live-control input");
    if (!input) { r.error = "no control"; res.figures.push(r); continue; }
    var values = box.getAttribute("data-values").split(" ").map(Number);
    var before = box.querySelector(".sltk-live-svg").innerHTML;
    try {  // the first draw computes what the figure keeps (a fit): timed apart from redraws
      await window.sltkLiveLoad();
      var tf = performance.now();
      window.sltkLive(c.name, Number(box.dataset.value));
      r.first = performance.now() - tf;
    } catch (e) { r.error = "the module did not load: " + e.message; res.figures.push(r); continue; }
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
    res.figures.push(r);
  }
  res.loadMs = Number(document.documentElement.dataset.liveLoadMs);
  return res;
})(%s)
"""


class Browser:
    """Headless Chromium over the DevTools pipe (fd 3: commands in, fd 4: replies out)."""

    def __init__(self, profile):
        cmd_r, self.cmd_w = os.pipe()
        self.out_r, out_w = os.pipe()

        def fds():
            a, b = os.dup(cmd_r), os.dup(out_w)  # out of the way of 3 and 4 first
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(["chromium"] + FLAGS + [f"--user-data-dir={profile}", "about:blank"],
                                     preexec_fn=fds, pass_fds=(3, 4), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        os.close(cmd_r)
        os.close(out_w)
        self.reader = os.fdopen(self.out_r, "rb")
        self.buf, self.next_id, self.events = b"", 0, []

    def _read(self):
        while b"\0" not in self.buf:
            chunk = os.read(self.out_r, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None, session=None):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.cmd_w, json.dumps(msg).encode() + b"\0")
        while True:
            m = self._read()
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})
            self.events.append(m)

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
            target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
            s = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            browser.call("Network.enable", session=s)
            browser.call("Network.emulateNetworkConditions", {"offline": True, "latency": 0,
                         "downloadThroughput": -1, "uploadThroughput": -1}, session=s)
            browser.call("Page.enable", session=s)
            browser.call("Runtime.enable", session=s)
            browser.call("Page.navigate", {"url": "file://" + os.path.join(book, page)}, session=s)
            browser.wait_event("Page.loadEventFired")
            cases = [{"name": e["name"], "values": [c["value"] for c in e["cases"][1:]]} for e in figs]
            r = browser.call("Runtime.evaluate", {"expression": PROBE % json.dumps(cases),
                             "awaitPromise": True, "returnByValue": True, "timeout": 600000}, session=s)
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
            for e, got in zip(figs, out["figures"]):
                where = f"{page} {e['name']}"
                if got.get("error"):
                    problems.append(f"{where}: {got['error']}")
                    continue
                for k, v in e["cases"][0]["numbers"].items():
                    if k not in got["still"] or not close_enough(got["still"][k], v):
                        problems.append(f"{where}: still figure shows {k} = {got['still'].get(k)}, "
                                        f"the native registry {v}")
                times = []
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
                    times.append(f"{step['ms']:.0f}")
                lines.append(f"{e['chapter']:8} {e['name']:22} {e['param']} {e['min']:g}…{e['max']:g}: "
                             f"first draw {got['first']:.0f} ms, redraws {' and '.join(times)} ms "
                             f"(module load {out['loadMs']:.0f} ms)")
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
