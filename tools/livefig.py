"""Live figures in the exported book (see sltk/live): the WebAssembly build of the registry,
its loader and the numbers the browser test expects.

book.py calls build(root, out_dir) once when any page has a live figure and script_tag(body, up)
for every page. build writes into <out>/assets/live/:
  livefig.js     window.SLTK_LIVE_WASM = base64 of the gzipped module (a page opened from
                 file:// cannot fetch a .wasm in Chromium, but it can load a script),
  wasm_exec.js   Go's loader, from $(go env GOROOT)/lib/wasm (misc/wasm before Go 1.24),
  live.js        the page side (tools/live.js),
  frames/NAME.js window.SLTK_LIVE_FRAMES[NAME]: value -> {svg, html}, the frames of a figure the
                 page redraws from frames rendered natively now (livefig -frames; the list and
                 the reason in sltk/live/cmd/livefig/frames.go, which live.js gets written into
                 its FRAMED table), so that no annealing run happens in the page,
and <out>/live/expected.json: for every figure, the numbers of a native run of the same
registry at its default and two other values (cmd/livefig), which tools/browsertest.py compares
with what the page shows. The module is cached in build/cache/ under a hash of the Go sources.
"""

import base64
import glob
import gzip
import hashlib
import json
import os
import shutil
import subprocess

PKG = "./sltk/live/cmd/livefig"
MARK = 'class="sltk-live"'


def has_live(body):
    return MARK in body


def script_tag(body, up):
    """The page's loader, for a page with a live figure (else nothing)."""
    return f'<script src="{up}assets/live/live.js" defer></script>' if has_live(body) else ""


def source_key(root):
    h = hashlib.sha256()
    for pat in ("go.mod", "go.sum", "sltk/**/*.go"):
        for p in sorted(glob.glob(os.path.join(root, pat), recursive=True)):
            if not p.endswith("_test.go"):
                h.update(p.encode())
                with open(p, "rb") as f:
                    h.update(f.read())
    return h.hexdigest()[:16]


def wasm(root):
    """The gzipped module, built with GOOS=js GOARCH=wasm, -trimpath -ldflags=-s -w."""
    cache = os.path.join(root, "build", "cache", "livefig")
    os.makedirs(cache, exist_ok=True)
    gz = os.path.join(cache, source_key(root) + ".wasm.gz")
    if not os.path.exists(gz):
        for old in glob.glob(os.path.join(cache, "*.wasm.gz")):
            os.remove(old)
        raw = os.path.join(cache, "livefig.wasm")
        env = dict(os.environ, GOOS="js", GOARCH="wasm")
        out = subprocess.run(["go", "build", "-trimpath", "-ldflags=-s -w", "-o", raw, PKG],
                             cwd=root, env=env, capture_output=True, text=True)
        if out.returncode != 0:
            raise RuntimeError(f"live figures: wasm build failed: {out.stderr.strip()[-800:]}")
        with open(raw, "rb") as f, gzip.open(gz + ".tmp", "wb", compresslevel=9) as g:
            shutil.copyfileobj(f, g)
        os.rename(gz + ".tmp", gz)
        os.remove(raw)
    return gz


def build(root, out_dir):
    """Write the live assets and expected numbers; returns a line on their sizes."""
    live = os.path.join(out_dir, "assets", "live")
    os.makedirs(live, exist_ok=True)
    gz = wasm(root)
    with open(gz, "rb") as f:
        data = f.read()
    with open(os.path.join(live, "livefig.js"), "w") as f:
        f.write('window.SLTK_LIVE_WASM="' + base64.b64encode(data).decode() + '";\n')
    goroot = subprocess.run(["go", "env", "GOROOT"], cwd=root, capture_output=True, text=True).stdout.strip()
    for sub in ("lib/wasm", "misc/wasm"):
        src = os.path.join(goroot, sub, "wasm_exec.js")
        if os.path.exists(src):
            shutil.copyfile(src, os.path.join(live, "wasm_exec.js"))
            break
    else:
        raise RuntimeError(f"live figures: wasm_exec.js not found under {goroot}")
    out = subprocess.run(["go", "run", PKG, "-frames"], cwd=root, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"live figures: native frames failed: {out.stderr.strip()[-800:]}")
    frames = json.loads(out.stdout)
    shutil.rmtree(os.path.join(live, "frames"), ignore_errors=True)
    os.makedirs(os.path.join(live, "frames"))
    framed_gz = 0
    for name, fs in frames.items():
        js = (f"window.SLTK_LIVE_FRAMES=window.SLTK_LIVE_FRAMES||{{}};window.SLTK_LIVE_FRAMES[{json.dumps(name)}]="
              + json.dumps(fs["frames"], separators=(",", ":")) + ";\n")
        with open(os.path.join(live, "frames", name + ".js"), "w") as f:
            f.write(js)
        framed_gz += len(gzip.compress(js.encode(), 9))
    with open(os.path.join(root, "tools", "live.js")) as f:
        page = f.read()
    mark = "var FRAMED = {};"
    if mark not in page:
        raise RuntimeError(f"live figures: tools/live.js lacks the line {mark!r}")
    framed = {name: fs["reason"] for name, fs in frames.items()}
    with open(os.path.join(live, "live.js"), "w") as f:
        f.write(page.replace(mark, "var FRAMED = " + json.dumps(framed) + ";", 1))
    out = subprocess.run(["go", "run", PKG], cwd=root, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"live figures: native run failed: {out.stderr.strip()[-800:]}")
    figs = json.loads(out.stdout)
    os.makedirs(os.path.join(out_dir, "live"), exist_ok=True)
    with open(os.path.join(out_dir, "live", "expected.json"), "w") as f:
        json.dump(figs, f, indent=1)
    size = os.path.getsize(os.path.join(live, "livefig.js"))
    return (f"live figures: {len(figs)} in the registry, module {len(data) / 1e6:.1f} MB gzipped "
            f"({size / 1e6:.1f} MB as base64 in livefig.js); {len(frames)} redrawn from precomputed "
            f"frames ({framed_gz / 1e6:.2f} MB gzipped)")
