#!/usr/bin/python3
"""Writes sklearn_pca.json and sklearn_shift.json (at the end). sklearn_pca.json: scikit-learn 1.2.1's PCA components_ (K×d, signs by svd_flip) on
data/wine.csv (all 13) and data/digits.csv (the first 10, full and randomized solvers), the
reference of TestPCAMatchesSklearn.

Run from this directory with Debian's python3-sklearn: /usr/bin/python3 sklearn_fixtures.py.
go test reads only the JSON, so it needs no Python.
"""
import csv
import json

import numpy as np
import sklearn
from sklearn.decomposition import PCA


def features(name, label):
    with open(f"../../../data/{name}.csv") as f:
        rows = list(csv.reader(f))
    assert rows[0][-1] == label
    return np.array([[float(v) for v in r[:-1]] for r in rows[1:]])


wine, digits = features("wine", "class"), features("digits", "digit")
out = {"sklearn": sklearn.__version__, "cases": []}
for name, x, pca in (
        ("wine", wine, PCA()),
        ("digits", digits, PCA(n_components=10, svd_solver="full")),
        # what PCA(n_components=10) picks here (svd_solver="auto": more than 500 rows)
        ("digits randomized", digits, PCA(n_components=10, random_state=0))):
    pca.fit(x)
    out["cases"].append({"name": name, "components": pca.components_.tolist(),
                         "explained_variance": pca.explained_variance_.tolist()})
with open("sklearn_pca.json", "w") as f:
    json.dump(out, f, separators=(",", ":"))

# Constant-shift embedding reference (TestConstantShiftMatchesKernelPCA): edit distances of a
# fixed word list computed here independently, the paper's shifted kernel S^c − λ_min I given to
# KernelPCA(kernel="precomputed"), which centres it (turning it into S^c − λ_min Q) and returns
# the scaled leading eigenvectors.
from sklearn.decomposition import KernelPCA


def levenshtein(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j - 1] + (ca != cb), prev[j] + 1, cur[j - 1] + 1))
        prev = cur
    return prev[-1]


WORDS = ["licence", "license", "licenses", "licensed", "program", "programs", "source",
         "sources", "software", "covered", "conveyed", "convey", "version", "versions",
         "section", "permission", "warranty", "patent", "patents", "copyright"]
n = len(WORDS)
dist = np.array([[float(levenshtein(a, b)) for b in WORDS] for a in WORDS])
q = np.eye(n) - np.ones((n, n)) / n
sc = -0.5 * q @ dist @ q
lmin = np.linalg.eigvalsh(sc)[0]
kpca = KernelPCA(n_components=5, kernel="precomputed", eigen_solver="dense")
emb = kpca.fit_transform(sc - lmin * np.eye(n))
with open("sklearn_shift.json", "w") as f:
    json.dump({"sklearn": sklearn.__version__, "words": WORDS, "distances": dist.tolist(),
               "shift": -2 * lmin, "eigenvalues": kpca.eigenvalues_.tolist(),
               "embedding": emb.tolist()}, f, separators=(",", ":"))
