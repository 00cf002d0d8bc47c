#!/usr/bin/python3
"""The offline API reference of the book: `go doc -all` of every sltk package as one HTML page
(the packages of the core module and of the nested sltk/mapreduce module).

Each page has an anchor per identifier (KMeans, KMeans.Fit, ErrShape) and a list of them at the
top. identifiers() returns, per package name, the names the pages define, so the book can link
`cluster.KMeans` in prose and code to api/cluster.html#KMeans. Nothing is fetched: `go doc`
reads the module's own sources.
"""

import html
import os
import re
import subprocess

DECL = re.compile(r"^(func|type|var|const) (?:\((?:\w+ )?\*?(\w+)(?:\[[^\]]*\])?\) )?(\w+)")
BLOCK_NAME = re.compile(r"^\t(\w+)\b")


# The modules of the library: the core module and the nested sltk/mapreduce module (its own
# go.mod, for Apache Beam's dependencies), each listed and documented from its own directory.
MODULE_DIRS = (".", os.path.join("sltk", "mapreduce"))

# The lecture texts by the names the reader knows, for the package index (the doc comments
# call them by their repository folder, "seed 002").
LECTURES = [(r"seed 002 \(Algorithmic Foundations of Data Science\)", "the Algorithmic Foundations of Data Science slides"),
            (r"seed 000", "the Statistical Learning Theory script"),
            (r"seed 001", "the Machine Learning lecture notes"),
            (r"seed 002", "the Algorithmic Foundations of Data Science slides")]
ABBREVIATIONS = re.compile(r"\b(?:Cor|Thm|Fig|Eq|Ex|App|Sec|cf|vs|e\.g|i\.e|etc)\.$")


def packages(root):
    """(import path, package name, module directory) of every documented package."""
    pkgs = []
    for mod in MODULE_DIRS:
        cwd = os.path.join(root, mod)
        pattern = "./sltk/..." if mod == "." else "./..."
        out = subprocess.run(["go", "list", "-f", "{{.ImportPath}} {{.Name}}", pattern],
                             cwd=cwd, capture_output=True, text=True, check=True)
        for line in out.stdout.splitlines():
            path, name = line.split(" ", 1)
            if "/internal/" not in path and name != "main":
                pkgs.append((path, name, cwd))
    return pkgs


def first_sentence(doc):
    """The first sentence of a package comment, whole: it ends at a period before a space that
    does not close an abbreviation (go/doc's synopsis stops at "Thm 2.2 / Cor."); the lecture
    texts are named as the reader knows them."""
    text = " ".join(doc.split("\n\n", 1)[0].split())
    for m in re.finditer(r"\.(?=\s|$)", text):
        if not ABBREVIATIONS.search(text[:m.end()]):
            text = text[:m.end()]
            break
    for pat, name in LECTURES:
        text = re.sub(pat, name, text)
    return re.sub(r":$", ".", text)  # a paragraph that introduces a list


def parse(doc):
    """Lines of `go doc -all` with the identifier each line declares (or None)."""
    out, block = [], None
    for line in doc.splitlines():
        ident = None
        m = DECL.match(line)
        if re.match(r"^(var|const) \($", line):
            block = line.split()[0]
        elif m:
            kind, recv, name = m.groups()
            ident = f"{recv}.{name}" if recv else name
        elif block and line.startswith(")"):
            block = None
        elif block:
            b = BLOCK_NAME.match(line)
            if b and b.group(1)[0].isupper():
                ident = b.group(1)
        if ident and not ident.split(".")[-1][0].isupper():
            ident = None
        out.append((line, ident))
    return out


def build(root, out_dir, page_head):
    """Write out_dir/api/<pkg>.html for every package; return {pkg name: set of identifiers}
    and one search record per identifier (its declaration and the first line of its doc)."""
    api = os.path.join(out_dir, "api")
    os.makedirs(api, exist_ok=True)
    idents, listing, records = {}, [], []
    for path, name, cwd in packages(root):
        doc = subprocess.run(["go", "doc", "-all", path], cwd=cwd, capture_output=True,
                             text=True).stdout
        full = subprocess.run(["go", "doc", path], cwd=cwd, capture_output=True, text=True).stdout
        lines = parse(doc)
        names = [i for _, i in lines if i]
        idents[name] = set(names)
        body = []
        seen = set()
        for k, (line, ident) in enumerate(lines):
            text = html.escape(line)
            if ident and ident not in seen:
                seen.add(ident)
                text = f'<span class="decl" id="{ident}">{text}</span>'
                comment = []
                for nxt, nid in lines[k + 1:k + 8]:
                    if nid:
                        break
                    if nxt.strip():
                        comment.append(nxt.strip())
                records.append({"c": "API reference", "s": f"{name}.{ident}",
                                "u": f"api/{name}.html#{ident}",
                                "x": " ".join([line.strip()] + comment)[:300]})
            body.append(text)
        summary = first_sentence(package_comment(full))
        listing.append((name, path, summary))
        index = " ".join(f'<a href="#{n}">{html.escape(n)}</a>' for n in sorted(set(names)))
        page = page_head(f"package {name}", "../") + f"""<h1>package {name}</h1>
<p class="small"><code>import "{path}"</code> · <a href="index.html">all packages</a></p>
<p class="api-index">{index}</p>
<pre class="godoc">{chr(10).join(body)}</pre>
</main></div></body></html>"""
        with open(os.path.join(api, name + ".html"), "w") as f:
            f.write(page)
    rows = "".join(f'<tr><td><a href="{n}.html">{n}</a></td><td>{html.escape(s)}</td></tr>'
                   for n, _, s in sorted(listing))
    with open(os.path.join(api, "index.html"), "w") as f:
        f.write(page_head("API reference", "../") + f"""<h1>API reference</h1>
<p>The doc comments of the library, as <code>go doc -all</code> prints them, one page per package.
Library names in the chapters link here, and the search box finds them by name.</p>
<table class="api"><tbody>{rows}</tbody></table></main></div></body></html>""")
    return idents, records


def package_comment(doc):
    """The package comment that `go doc <pkg>` prints after the package clause (indented by
    nothing, up to the first declaration)."""
    lines = doc.splitlines()
    out = []
    for line in lines[1:]:
        if DECL.match(line):
            break
        out.append(line)
    return "\n".join(out).strip()
