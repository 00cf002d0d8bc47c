#!/usr/bin/python3
"""Writes sklearn_logistic.json: the weights of scikit-learn 1.2.1's LogisticRegression() (C = 1)
on the standardised breast-cancer data of data/breast_cancer.csv, the reference of
TestLogisticMatchesSklearn: "default" is LogisticRegression() as a user calls it (lbfgs, which
stops at a gradient of about 1e-4 here), "C1" and "C0.1" the minimisers of the same objective to
a gradient below 1e-8 (newton-cg; lbfgs stops early on its ftol even with tol=1e-12).

Run from this directory with Debian's python3-sklearn: /usr/bin/python3 sklearn_fixtures.py.
go test reads only the JSON, so it needs no Python.
"""
import csv
import json

import numpy as np
import sklearn
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler

with open("../../../data/breast_cancer.csv") as f:
    rows = list(csv.reader(f))
x = np.array([[float(v) for v in r[:-1]] for r in rows[1:]])
y = np.array([{"malignant": 0, "benign": 1}[r[-1]] for r in rows[1:]])
assert rows[0][-1] == "diagnosis" and x.shape == (569, 30)
xs = StandardScaler().fit_transform(x)
out = {"sklearn": sklearn.__version__}
m = LogisticRegression().fit(xs, y)
out["default"] = {"C": 1.0, "coef": m.coef_[0].tolist(), "intercept": float(m.intercept_[0])}
for name, c in (("C1", 1.0), ("C0.1", 0.1)):
    m = LogisticRegression(C=c, solver="newton-cg", tol=1e-8, max_iter=1000).fit(xs, y)
    out[name] = {"C": c, "coef": m.coef_[0].tolist(), "intercept": float(m.intercept_[0])}
with open("sklearn_logistic.json", "w") as f:
    json.dump(out, f, indent=1)
