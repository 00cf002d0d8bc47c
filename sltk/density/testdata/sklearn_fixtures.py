#!/usr/bin/python3
"""Writes sklearn_density.json, the references of TestGMMDefaultMatchesSklearn and
TestKDEMatchesSklearn (scikit-learn 1.2.1):
- GaussianMixture(n_components=3, random_state=s).fit(iris).score(iris), the mean
  log-likelihood, for s = 0..19 (data/iris.csv, the four measurements);
- KernelDensity(bandwidth=h).fit(x).score(q) (a sum) and score_samples(q) (per row) on the
  Old Faithful data (data/faithful.csv), h = 1 (scikit-learn's default) and 0.5.

Run from this directory with Debian's python3-sklearn: /usr/bin/python3 sklearn_fixtures.py.
go test reads only the JSON, so it needs no Python.
"""
import csv
import json

import numpy as np
import sklearn
from sklearn.mixture import GaussianMixture
from sklearn.neighbors import KernelDensity


def features(name, label=None):
    with open(f"../../../data/{name}.csv") as f:
        rows = list(csv.reader(f))
    cols = len(rows[0]) - (label is not None)
    assert label is None or rows[0][-1] == label
    return np.array([[float(v) for v in r[:cols]] for r in rows[1:]])


iris, faithful = features("iris", "species"), features("faithful")
out = {"sklearn": sklearn.__version__}
out["gmm_iris_scores"] = [
    GaussianMixture(n_components=3, random_state=s).fit(iris).score(iris) for s in range(20)]
q = faithful[::10]
out["kde_faithful"] = []
for h in (1.0, 0.5):
    kde = KernelDensity(bandwidth=h).fit(faithful)
    out["kde_faithful"].append({"bandwidth": h, "query_rows": "faithful[::10]",
                                "score": kde.score(q),
                                "score_samples": kde.score_samples(q).tolist()})
with open("sklearn_density.json", "w") as f:
    json.dump(out, f, indent=1)
