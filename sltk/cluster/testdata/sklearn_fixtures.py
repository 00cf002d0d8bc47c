#!/usr/bin/python3
"""Writes sklearn_spectral.json: scikit-learn 1.2.1's nearest-neighbours affinity and spectral
labels and embedding, the references of TestKNNGraphMatchesSklearn and
TestSpectralDefaultMatchesSklearn.

Run from this directory with Debian's python3-sklearn: /usr/bin/python3 sklearn_fixtures.py.
go test reads only the JSON, so it needs no Python.
"""
import json

import numpy as np
import sklearn
from sklearn.cluster import SpectralClustering
from sklearn.datasets import make_moons
from sklearn.manifold import spectral_embedding
from sklearn.neighbors import kneighbors_graph

x, _ = make_moons(n_samples=200, noise=0.06, random_state=0)

out = {"sklearn": sklearn.__version__, "x": x.tolist(), "cases": []}
for n_neighbors in (5, 10):
    sc = SpectralClustering(n_clusters=2, affinity="nearest_neighbors",
                            n_neighbors=n_neighbors, random_state=0).fit(x)
    conn = kneighbors_graph(x, n_neighbors, include_self=True).toarray()
    aff = sc.affinity_matrix_.toarray()
    assert np.array_equal(aff, 0.5 * (conn + conn.T))
    # The rows SpectralClustering's k-means clusters (its own call, made public).
    emb = spectral_embedding(sc.affinity_matrix_, n_components=2, eigen_solver="arpack",
                             random_state=0, drop_first=False)
    i, j = np.nonzero(aff)  # the diagonal (1: the point itself) included
    out["cases"].append({"n_neighbors": n_neighbors, "i": i.tolist(), "j": j.tolist(),
                         "w": aff[i, j].tolist(), "labels": sc.labels_.tolist(),
                         "embedding": emb.tolist()})
with open("sklearn_spectral.json", "w") as f:
    json.dump(out, f, separators=(",", ":"))
