#!/usr/bin/python3
"""The offline API reference of the book: `go doc -all` of every sltk package as one HTML page.

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


def packages(root):
    out = subprocess.run(["go", "list", "-f", "{{.ImportPath}} {{.Name}} {{.Dir}}", "./sltk/..."],
                         cwd=root, capture_output=True, text=True, check=True)
    pkgs = []
    for line in out.stdout.splitlines():
        path, name, d = line.split(" ", 2)
        if "/internal/" not in path and name != "main":
            pkgs.append((path, name, d))
    return pkgs


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
    """Write out_dir/api/<pkg>.html for every package; return {pkg name: set of identifiers}."""
    api = os.path.join(out_dir, "api")
    os.makedirs(api, exist_ok=True)
    idents, listing = {}, []
    for path, name, _ in packages(root):
        doc = subprocess.run(["go", "doc", "-all", path], cwd=root, capture_output=True,
                             text=True).stdout
        lines = parse(doc)
        names = [i for _, i in lines if i]
        idents[name] = set(names)
        body = []
        seen = set()
        for line, ident in lines:
            text = html.escape(line)
            if ident and ident not in seen:
                seen.add(ident)
                text = f'<span class="decl" id="{ident}">{text}</span>'
            body.append(text)
        first = doc.split("\n\n", 2)
        summary = first[1].split(".")[0] + "." if len(first) > 1 else ""
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
                   for n, _, s in listing)
    with open(os.path.join(api, "index.html"), "w") as f:
        f.write(page_head("API reference", "../") + f"""<h1>API reference</h1>
<p>The doc comments of the library, as <code>go doc -all</code> prints them, one page per package.</p>
<table class="api"><tbody>{rows}</tbody></table></main></div></body></html>""")
    return idents
