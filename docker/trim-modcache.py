#!/usr/bin/python3
"""Trim the Go module cache of the lab image to what the lab builds.

    trim-modcache.py MODULE_DIR... [--notebooks DIR]

`go mod download` fills the module cache with every module of the graphs whole, tests,
examples and all packages no one imports (for Beam's graph above 1 GB). The lab needs the
packages its modules build: this script asks `go list -deps` for them, for each module alone
and for the workspace of all of them (the kernel's view, where versions can differ), adding the
non-standard imports of the notebooks' code cells, and deletes the rest from the cache:

  - in each module directory, only the directories of those packages keep their files (not
    their *_test.go), plus the module's go.mod, its licence and notice files and the files the
    kept packages embed;
  - in cache/download, the .zip archives go (the extracted directories are used); the .mod,
    .info, .ziphash files and version lists stay, so that `go list -m all`, version queries and
    builds keep working with GOPROXY=off.

Prints the cache size before and after. Runs inside the image build, as the user owning the
cache.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

LICENCE = re.compile(r"^(LICEN[CS]E|COPYING|NOTICE|PATENTS|AUTHORS)", re.I)


def go(args, cwd, env=None):
    out = subprocess.run(["go"] + args, cwd=cwd, env=env, check=True, capture_output=True, text=True)
    return out.stdout


def notebook_imports(root):
    """Non-standard import paths written in the code cells of the notebooks under root."""
    paths = set()
    for d, _, files in os.walk(root):
        for f in files:
            if not f.endswith(".ipynb") or ".ipynb_checkpoints" in d:
                continue
            with open(os.path.join(d, f)) as fh:
                nb = json.load(fh)
            for cell in nb.get("cells", []):
                if cell.get("cell_type") != "code":
                    continue
                src = "".join(cell.get("source", []))
                for block in re.findall(r"import\s*\(([^)]*)\)", src):
                    paths.update(re.findall(r'"([^"]+)"', block))
                paths.update(re.findall(r'import\s+(?:[\w.]+\s+)?"([^"]+)"', src))
    return {p for p in paths if "." in p.split("/")[0]}


def deps(cwd, patterns, env):
    """Package directories and embedded files of patterns and their dependencies, outside GOROOT."""
    fmt = '{{if not .Standard}}{{.Dir}}\t{{join .EmbedFiles "\\x00"}}{{end}}'
    out = go(["list", "-deps", "-f", fmt] + sorted(patterns), cwd, env)
    dirs, embeds = set(), set()
    for line in out.splitlines():
        if not line.strip():
            continue
        d, _, emb = line.partition("\t")
        dirs.add(d)
        embeds.update(os.path.join(d, e) for e in emb.split("\x00") if e)
    return dirs, embeds


def size(path):
    n = 0
    for d, _, files in os.walk(path):
        for f in files:
            p = os.path.join(d, f)
            if not os.path.islink(p):
                n += os.path.getsize(p)
    return n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("modules", nargs="+", help="directories of the modules the lab builds")
    ap.add_argument("--notebooks", help="folder of notebooks whose imports are kept too")
    a = ap.parse_args()
    modcache = go(["env", "GOMODCACHE"], a.modules[0]).strip()
    modules = [os.path.abspath(m) for m in a.modules]
    extra = notebook_imports(a.notebooks) if a.notebooks else set()

    keep_dirs, keep_files = set(), set()
    with tempfile.TemporaryDirectory() as tmp:
        work = os.path.join(tmp, "go.work")
        go(["work", "init"] + modules, tmp, dict(os.environ, GOWORK=work))
        alone = dict(os.environ, GOWORK="off", GOFLAGS="-mod=readonly")
        views = [(m, {"./..."}, alone) for m in modules]
        views.append((modules[0], {os.path.join(m, "...") for m in modules} | extra,
                      dict(os.environ, GOWORK=work, GOFLAGS="")))
        for cwd, patterns, env in views:
            # With the network (the image build), this also fetches what the view needs beyond
            # `go mod download`: the .info of every module in the graph (for `go list -m all`)
            # and, for the workspace, the versions its larger graph selects.
            go(["list", "-m", "all"], cwd, env)
            d, e = deps(cwd, patterns, env)
            keep_dirs |= d
            keep_files |= e

    before = size(modcache)
    # Module directories: <modcache>/<path>@<version>, the path possibly several levels deep.
    roots = []
    for d, subdirs, _ in os.walk(modcache):
        if d == os.path.join(modcache, "cache"):
            subdirs[:] = []
            continue
        for s in list(subdirs):
            if "@" in s:
                roots.append(os.path.join(d, s))
                subdirs.remove(s)
    for root in roots:
        os.chmod(root, 0o755)  # the go command leaves module directories read-only
        for d, subdirs, files in os.walk(root, topdown=True):
            os.chmod(d, 0o755)
            for s in subdirs:
                os.chmod(os.path.join(d, s), 0o755)
            for f in files:
                p = os.path.join(d, f)
                keep = (p in keep_files or
                        (d in keep_dirs and not f.endswith("_test.go")) or
                        (d == root and (f == "go.mod" or LICENCE.match(f))))
                if not keep:
                    os.remove(p)
        # Empty directories, deepest first.
        for d, _, _ in sorted(os.walk(root), key=lambda t: -t[0].count(os.sep)):
            if d != root and not os.listdir(d):
                os.rmdir(d)
        for d, _, _ in os.walk(root):
            os.chmod(d, 0o555)
    dl = os.path.join(modcache, "cache", "download")
    for d, _, files in os.walk(dl):
        for f in files:
            if f.endswith(".zip") or f.endswith(".lock"):
                os.remove(os.path.join(d, f))
    after = size(modcache)
    print(f"trim-modcache: {len(roots)} modules, {len(keep_dirs)} package directories kept; "
          f"{before / 1e6:.0f} MB -> {after / 1e6:.0f} MB")


if __name__ == "__main__":
    try:
        main()
    except subprocess.CalledProcessError as e:
        sys.exit(f"trim-modcache: {' '.join(e.cmd)}: {e.stderr.strip()}")
