#!/usr/bin/python3
"""Rebuild the sklearn-derived CSV files of sltk's data/ directory.

scikit-learn (Debian package python3-sklearn) ships iris, wine, breast cancer
and optical digits as CSV files whose first line holds the row count, the
feature count and the class names instead of column names. This script
rewrites them as plain CSV with a real header and the class stored by name
(iris, wine, breast cancer) or as the digit itself (digits).

Run from the repository root with Debian's Python:
    /usr/bin/python3 data/tools/convert.py
Old Faithful comes from R instead:
    Rscript -e 'write.csv(faithful, "data/faithful.csv", row.names=FALSE, quote=FALSE)'
"""
import csv
import gzip
import os

SRC = "/usr/lib/python3/dist-packages/sklearn/datasets/data"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

IRIS = ["sepal_length", "sepal_width", "petal_length", "petal_width"]
WINE = [
    "alcohol", "malic_acid", "ash", "alcalinity_of_ash", "magnesium",
    "total_phenols", "flavanoids", "nonflavanoid_phenols", "proanthocyanins",
    "color_intensity", "hue", "od280_od315", "proline",
]
BC_BASE = [
    "radius", "texture", "perimeter", "area", "smoothness", "compactness",
    "concavity", "concave_points", "symmetry", "fractal_dimension",
]
BREAST = ([f"mean_{b}" for b in BC_BASE] + [f"se_{b}" for b in BC_BASE]
          + [f"worst_{b}" for b in BC_BASE])
DIGITS = [f"p{i}" for i in range(64)]


def convert(src_lines, features, label, out_name, names_from_header=True):
    rows = list(csv.reader(src_lines))
    head, body = rows[0], rows[1:]
    n, d = int(head[0]), int(head[1])
    if d != len(features) or n != len(body):
        raise SystemExit(f"{out_name}: header says {n}x{d}, found "
                         f"{len(body)} rows for {len(features)} names")
    classes = head[2:]
    with open(os.path.join(OUT, out_name), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(features + [label])
        for r in body:
            if len(r) != d + 1:
                raise SystemExit(f"{out_name}: ragged row {r}")
            y = int(r[d])
            w.writerow(r[:d] + [classes[y] if names_from_header else str(y)])
    print(f"{out_name}: {n} rows x {d + 1} columns")


def main():
    with open(os.path.join(SRC, "iris.csv")) as f:
        convert(f, IRIS, "species", "iris.csv")
    with open(os.path.join(SRC, "wine_data.csv")) as f:
        convert(f, WINE, "class", "wine.csv")
    with open(os.path.join(SRC, "breast_cancer.csv")) as f:
        convert(f, BREAST, "diagnosis", "breast_cancer.csv")
    # digits.csv.gz has no header line at all: 1797 rows of 64 pixels + digit.
    with gzip.open(os.path.join(SRC, "digits.csv.gz"), "rt") as f:
        body = f.read().splitlines()
    head = [f"{len(body)},64"]
    convert(head + body, DIGITS, "digit", "digits.csv", names_from_header=False)


if __name__ == "__main__":
    main()
