"""Peer implementations for the sltk bench harness (bench/main.go).

Run as `/usr/bin/python3 peers.py request.json`. The request names the function, the data files
(each a prefix: <prefix>.f64 holds row-major little-endian float64, <prefix>.json its shape) and
the parameters. The function times only the fit and returns (seconds, quality, note); the script
prints them as one JSON line.

To add a peer: write `def name(data, params)` below and add it to PEERS.
"""
import json
import sys
import time

import numpy as np


def load(prefix):
    with open(prefix + ".json") as f:
        meta = json.load(f)
    return np.fromfile(prefix + ".f64", dtype="<f8").reshape(meta["shape"])


def kmeans_lloyd(data, params):
    import sklearn
    from sklearn.cluster import KMeans

    x, c0 = data["x"], data["init"]
    km = KMeans(n_clusters=c0.shape[0], init=c0, n_init=1, max_iter=params["max_iter"],
                tol=0, algorithm="lloyd")
    start = time.perf_counter()
    km.fit(x)
    seconds = time.perf_counter() - start
    return seconds, float(km.inertia_), f"{km.n_iter_} iter, sklearn {sklearn.__version__}"


PEERS = {
    "kmeans_lloyd": kmeans_lloyd,
}


def main():
    with open(sys.argv[1]) as f:
        req = json.load(f)
    fn = PEERS[req["function"]]
    data = {name: load(prefix) for name, prefix in req["data"].items()}
    seconds, quality, note = fn(data, req.get("params") or {})
    print(json.dumps({"seconds": seconds, "quality": quality, "note": note}))


if __name__ == "__main__":
    main()
