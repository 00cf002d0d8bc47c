#!/usr/bin/python3
"""Writes sklearn_pca.json: scikit-learn 1.2.1's PCA components_ (K×d, signs by svd_flip) on
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
