"""Peer implementations for the sltk bench harness (bench/main.go).

Run as `/usr/bin/python3 peers.py request.json`. The request names the function, the data files
(each a prefix: <prefix>.f64 holds row-major little-endian float64, <prefix>.json its shape) and
the parameters. The script loads the data once and then runs the function once for every line
it reads on standard input (the harness interleaves these rounds with sltk's); the function
times only the fit with a Clock and returns (timing, quality, note), and the script answers each
round with the wall and CPU seconds, the quality and the note as one JSON line.
It prints "ready" once the data are loaded. By hand: `echo run | /usr/bin/python3 peers.py request.json`.

To add a peer: write `def name(data, params)` below and add it to PEERS.
"""
import json
import sys
import time
from collections import namedtuple

import numpy as np


class Clock:
    """Times one section: created before the fit, stop() after it returns its Timing."""

    def __init__(self):
        self.cpu = time.process_time()
        self.wall = time.perf_counter()

    def stop(self):
        return Timing(time.perf_counter() - self.wall, time.process_time() - self.cpu)


# wall: elapsed seconds; cpu: user + system seconds of all the process's threads (on a shared
# machine their ratio to sltk's is steadier than that of wall times).
Timing = namedtuple("Timing", "wall cpu")


def load(prefix):
    with open(prefix + ".json") as f:
        meta = json.load(f)
    return np.fromfile(prefix + ".f64", dtype="<f8").reshape(meta["shape"])


def kmeans_lloyd(data, params):
    """k-means from given centroids; params: max_iter, algorithm ("lloyd", the default, or
    "elkan": the same iterates with Elkan's bounds)."""
    import sklearn
    from sklearn.cluster import KMeans

    x, c0 = data["x"], data["init"]
    algorithm = params.get("algorithm", "lloyd")
    km = KMeans(n_clusters=c0.shape[0], init=c0, n_init=1, max_iter=params["max_iter"],
                tol=0, algorithm=algorithm)
    clock = Clock()
    km.fit(x)
    timing = clock.stop()
    return timing, float(km.inertia_), (f"{km.n_iter_} iter, {algorithm}, sklearn {sklearn.__version__}")


def gmm_full(data, params):
    from sklearn.mixture import GaussianMixture

    x, m0 = data["x"], data["means"]
    k, d = m0.shape
    v = float(np.mean(np.var(x, axis=0)))
    prec = np.stack([np.eye(d) / v for _ in range(k)])
    g = GaussianMixture(k, covariance_type="full", tol=0, max_iter=params["max_iter"],
                        means_init=m0, weights_init=np.full(k, 1.0 / k), precisions_init=prec,
                        reg_covar=1e-6)
    clock = Clock()
    g.fit(x)
    timing = clock.stop()
    return timing, float(g.score(x)), f"{g.n_iter_} iter"


def kde_gaussian(data, params):
    from sklearn.neighbors import KernelDensity

    clock = Clock()
    kd = KernelDensity(kernel="gaussian", bandwidth=params["bandwidth"], rtol=0, atol=0).fit(data["x"])
    ld = kd.score_samples(data["q"])
    timing = clock.stop()
    return timing, float(np.mean(ld)), "k-d tree, exact"


def lle(data, params):
    from sklearn.manifold import LocallyLinearEmbedding

    e = LocallyLinearEmbedding(n_neighbors=params["n_neighbors"], n_components=params["n_components"],
                               reg=1e-3, random_state=0)
    clock = Clock()
    e.fit(data["x"])
    timing = clock.stop()
    return timing, float(e.reconstruction_error_), "ARPACK"


def da_numpy(data, params):
    """Deterministic annealing (seed 000, Algorithm 2) as a vectorised NumPy loop."""
    x = data["x"]
    k, alpha, tol = params["k"], params["alpha"], params["tol"]
    max_inner, noise = params["max_inner"], params["noise"]
    clock = Clock()
    n, d = x.shape
    mean = x.mean(axis=0)
    cov = np.cov(x.T, bias=True).reshape(d, d)
    tc = 2 * np.linalg.eigvalsh(cov)[-1]
    scale = np.sqrt(np.trace(cov) / d)
    rng = np.random.default_rng(1)
    theta = mean + noise * scale * rng.standard_normal((k, d))
    t, tmin = params["t0_factor"] * tc, params["tmin_factor"] * tc
    xx = (x * x).sum(axis=1)[:, None]
    levels = iters = 0
    while t > tmin:
        for _ in range(max_inner):
            d2 = np.maximum(xx - 2 * x @ theta.T + (theta * theta).sum(axis=1)[None, :], 0)
            w = np.exp(-(d2 - d2.min(axis=1, keepdims=True)) / t)
            w /= w.sum(axis=1, keepdims=True)
            mass = w.sum(axis=0)
            new = np.where(mass[:, None] > 0, (w.T @ x) / np.maximum(mass, 1e-300)[:, None], theta)
            move = np.abs(new - theta).max()
            theta = new
            iters += 1
            if move <= tol * scale:
                break
        levels += 1
        final = theta
        theta = theta + noise * scale * rng.standard_normal((k, d))
        t *= alpha
    d2 = np.maximum(xx - 2 * x @ final.T + (final * final).sum(axis=1)[None, :], 0)
    cost = float(d2.min(axis=1).sum())
    timing = clock.stop()
    return timing, cost, f"{levels} levels, {iters} inner iter, numpy {np.__version__}"


def fastica_logcosh(data, params):
    import sklearn
    from sklearn.decomposition import FastICA

    x, a = data["x"], data["a"]
    ica = FastICA(n_components=x.shape[1], algorithm="parallel", fun="logcosh",
                  whiten="unit-variance", whiten_solver="eigh", tol=params["tol"],
                  max_iter=params["max_iter"], w_init=data["init_peer"])
    clock = Clock()
    ica.fit_transform(x)
    timing = clock.stop()
    p = np.abs(ica.components_ @ a)
    k = p.shape[0]
    amari = ((p / p.max(axis=1, keepdims=True)).sum() - k
             + (p / p.max(axis=0, keepdims=True)).sum() - k) / (2 * k * (k - 1))
    return timing, float(amari), f"{ica.n_iter_} iter, sklearn {sklearn.__version__}"


def _accuracy(pred, y):
    return float((pred == y.ravel()).mean())


def tree_entropy(data, params):
    import sklearn
    from sklearn.tree import DecisionTreeClassifier

    x, y = data["x"], data["y"].ravel()
    clock = Clock()
    t = DecisionTreeClassifier(criterion="entropy", random_state=0).fit(x, y)
    pred = t.predict(data["xtest"])
    timing = clock.stop()
    return timing, _accuracy(pred, data["ytest"]), f"{t.tree_.node_count} nodes, depth {t.get_depth()}, sklearn {sklearn.__version__}"


def logistic_l2(data, params):
    from sklearn.linear_model import LogisticRegression

    x, y = data["x"], data["y"].ravel()
    clock = Clock()
    m = LogisticRegression(C=1.0, solver="lbfgs", tol=1e-6, max_iter=1000).fit(x, y)
    pred = m.predict(data["xtest"])
    timing = clock.stop()
    return timing, _accuracy(pred, data["ytest"]), f"{int(m.n_iter_[0])} iter"


def linear_svm(data, params):
    from sklearn.svm import LinearSVC

    x, y = data["x"], data["y"].ravel()
    clock = Clock()
    m = LinearSVC(loss="hinge", C=1.0, tol=0.1, dual=True, max_iter=1000).fit(x, y)
    pred = m.predict(data["xtest"])
    timing = clock.stop()
    return timing, _accuracy(pred, data["ytest"]), f"{int(m.n_iter_)} epochs, liblinear"


def knn_digits(data, params):
    """KNeighborsClassifier(n_neighbors=3) fit + predict; params: algorithm ("auto", "brute",
    "kd_tree" or "ball_tree")."""
    from sklearn.neighbors import KNeighborsClassifier

    x, y = data["x"], data["y"].ravel()
    algorithm = params.get("algorithm", "auto")
    clock = Clock()
    m = KNeighborsClassifier(n_neighbors=3, algorithm=algorithm).fit(x, y)
    pred = m.predict(data["xtest"])
    timing = clock.stop()
    return timing, _accuracy(pred, data["ytest"]), f"algorithm={algorithm}"


def stationary_numpy(data, params):
    """Stationary distribution of a dense chain: the same linear system as sltk, π(Q − I) = 0
    with one equation replaced by Σπ = 1, solved by numpy.linalg.solve (LAPACK)."""
    q = data["q"]
    n = q.shape[0]
    clock = Clock()
    a = q.T - np.eye(n)
    a[n - 1, :] = 1
    b = np.zeros(n)
    b[n - 1] = 1
    pi = np.linalg.solve(a, b)
    timing = clock.stop()
    return timing, float(np.abs(pi @ q - pi).sum()), "numpy.linalg.solve"


def matching_mh_python(data, params):
    """Metropolis–Hastings on the matchings of a graph in plain Python: draw one of |E|+1
    choices, apply the edge's add, remove or swap move."""
    import random

    edges = [(int(u), int(v)) for u, v in data["edges"]]
    steps = params["steps"]
    mate = [-1] * params["vertices"]  # edge index matching each vertex
    in_m = [False] * len(edges)
    size, total, rng = 0, 0, random.Random(1)
    clock = Clock()
    for t in range(steps):
        r = rng.randrange(len(edges) + 1)
        if r < len(edges):
            u, v = edges[r]
            if in_m[r]:
                in_m[r], mate[u], mate[v], size = False, -1, -1, size - 1
            elif mate[u] < 0 and mate[v] < 0:
                in_m[r], mate[u], mate[v], size = True, r, r, size + 1
            elif mate[u] < 0 or mate[v] < 0:
                e = max(mate[u], mate[v])
                a, b = edges[e]
                in_m[e], mate[a], mate[b] = False, -1, -1
                in_m[r], mate[u], mate[v] = True, r, r
        if t >= steps // 2:
            total += size
    timing = clock.stop()
    return timing, total / (steps - steps // 2), "plain Python loop"


def shuffle_python(data, params):
    """Random card to top in plain Python (list pop and insert)."""
    import random

    n, steps = params["n"], params["steps"]
    deck, rng, top = list(range(n)), random.Random(1), 0
    clock = Clock()
    for _ in range(steps):
        deck.insert(0, deck.pop(rng.randrange(n)))
        top += deck[0] == 0
    timing = clock.stop()
    return timing, top / steps, "plain Python loop"
def pca(data, params):
    """PCA with K components; quality: the summed explained variance ratio."""
    import sklearn
    from sklearn.decomposition import PCA

    p = PCA(n_components=params["n_components"], svd_solver=params["svd_solver"], random_state=0)
    clock = Clock()
    p.fit(data["x"])
    timing = clock.stop()
    return timing, float(p.explained_variance_ratio_.sum()), f"svd_solver={params['svd_solver']}, sklearn {sklearn.__version__}"


def spectral_rbf(data, params):
    """SpectralClustering with the rbf affinity (ARPACK, k-means with n_init=10); quality: ARI."""
    from sklearn.cluster import SpectralClustering
    from sklearn.metrics import adjusted_rand_score

    sc = SpectralClustering(n_clusters=params["n_clusters"], affinity="rbf", gamma=params["gamma"],
                            random_state=0, n_init=10)
    clock = Clock()
    sc.fit(data["x"])
    timing = clock.stop()
    return timing, float(adjusted_rand_score(data["y"].ravel(), sc.labels_)), "arpack, rbf"


def constant_shift(data, params):
    """Constant-shift embedding: λ_min of S^c = −½QDQ (eigvalsh), then KernelPCA on the
    precomputed kernel S^c − λ_min I (KernelPCA centres it); quality: the summed eigenvalues."""
    import numpy as np
    import sklearn
    from sklearn.decomposition import KernelPCA

    d = data["d"]
    n = d.shape[0]
    clock = Clock()
    q = np.eye(n) - np.ones((n, n)) / n
    sc = -0.5 * q @ d @ q
    lmin = np.linalg.eigvalsh(sc)[0]
    k = KernelPCA(n_components=params["n_components"], kernel="precomputed", eigen_solver="dense")
    k.fit(sc - lmin * np.eye(n))
    timing = clock.stop()
    return timing, float(k.eigenvalues_.sum()), f"d0 = {-2 * lmin:.3f}, sklearn {sklearn.__version__}"


_FASHION = {}  # directory -> the split, read once per process (a peer serves several rounds)


def _fashion(params):
    """The Fashion-MNIST split from the gzipped IDX files under params["dir"], scaled to
    [0, 1] as sltk's frame.FashionMNIST scales them; read once per process. The callers do
    not modify the arrays (torch.from_numpy shares them, read-only use)."""
    if params["dir"] not in _FASHION:
        _FASHION[params["dir"]] = _read_fashion(params["dir"])
    return _FASHION[params["dir"]]


def _read_fashion(directory):
    import gzip
    import os

    def idx(name):
        with gzip.open(os.path.join(directory, name)) as f:
            raw = f.read()
        nd = raw[3]
        dims = [int.from_bytes(raw[4 + 4 * k:8 + 4 * k], "big") for k in range(nd)]
        return np.frombuffer(raw, dtype=np.uint8, offset=4 + 4 * nd).reshape(dims)

    out = []
    for split in ("train", "t10k"):
        x = idx(f"{split}-images-idx3-ubyte.gz").reshape(-1, 784).astype(np.float32) / 255
        out += [x, idx(f"{split}-labels-idx1-ubyte.gz").astype(np.int64)]
    return out


def _peak_rss_mb():
    """Peak resident set of this process (VmHWM): getrusage's ru_maxrss would include the peak
    of the Go harness that forked it, which Linux carries across fork and exec."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0


def mlp_torch(data, params):
    """PyTorch MLP 784-256-128-10, ReLU, Adam lr 1e-3, batch 128, params["epochs"] epochs,
    2 threads, float32, trained once for each of params["seeds"] seeds (0, 1, ...); quality: the
    mean test accuracy; timed: all trainings and test predictions."""
    import torch

    torch.set_num_threads(2)
    x, y, xt, yt = (torch.from_numpy(a) for a in _fashion(params))
    accs = []
    clock = Clock()
    for seed in range(params["seeds"]):
        torch.manual_seed(seed)
        net = torch.nn.Sequential(torch.nn.Linear(784, 256), torch.nn.ReLU(), torch.nn.Linear(256, 128),
                                  torch.nn.ReLU(), torch.nn.Linear(128, 10))
        opt = torch.optim.Adam(net.parameters(), lr=1e-3)
        loss_fn = torch.nn.CrossEntropyLoss()
        for _ in range(params["epochs"]):
            perm = torch.randperm(x.shape[0])
            for lo in range(0, x.shape[0], 128):
                idx = perm[lo:lo + 128]
                opt.zero_grad()
                loss = loss_fn(net(x[idx]), y[idx])
                loss.backward()
                opt.step()
        with torch.no_grad():
            pred = net(xt).argmax(1)
        accs.append(float((pred == yt).float().mean()))
    timing = clock.stop()
    runs = params["epochs"] * params["seeds"]
    a = np.array(accs)
    return timing, float(a.mean()), (f"{params['epochs']} epochs, float32, torch {torch.__version__}, test accuracy over "
                                     f"seeds 0–{params['seeds'] - 1}: mean {a.mean():.4f}, sd {a.std(ddof=1) if len(a) > 1 else 0:.4f}, "
                                     f"range {a.min():.4f}–{a.max():.4f}; per epoch wall {timing.wall / runs:.2f} s, "
                                     f"cpu {timing.cpu / runs:.2f} s, final loss {float(loss):.3f} (seed {params['seeds'] - 1}), "
                                     f"peak RSS {_peak_rss_mb():.0f} MB")


def mlp_sklearn(data, params):
    """scikit-learn MLPClassifier (256, 128), relu, adam lr 1e-3, alpha 0, batch 128,
    params["epochs"] epochs; timed: training + test predictions."""
    import warnings

    import sklearn
    from sklearn.neural_network import MLPClassifier

    x, y, xt, yt = _fashion(params)
    m = MLPClassifier(hidden_layer_sizes=(256, 128), activation="relu", solver="adam", alpha=0.0,
                      batch_size=128, learning_rate_init=1e-3, max_iter=params["epochs"], tol=0,
                      n_iter_no_change=10**6, random_state=0)
    clock = Clock()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the ConvergenceWarning of a capped run
        m.fit(x, y)
    pred = m.predict(xt)
    timing = clock.stop()
    e = m.n_iter_
    return timing, _accuracy(pred, yt), (f"{e} epochs, {m.coefs_[0].dtype}, sklearn {sklearn.__version__}, "
                                          f"per epoch wall {timing.wall / e:.2f} s, cpu {timing.cpu / e:.2f} s, "
                                          f"final loss {m.loss_:.3f}, peak RSS {_peak_rss_mb():.0f} MB")

PEERS = {
    "mlp_torch": mlp_torch,
    "mlp_sklearn": mlp_sklearn,
    "constant_shift": constant_shift,
    "pca": pca,
    "spectral_rbf": spectral_rbf,
    "tree_entropy": tree_entropy,
    "logistic_l2": logistic_l2,
    "linear_svm": linear_svm,
    "knn_digits": knn_digits,
    "fastica_logcosh": fastica_logcosh,
    "da_numpy": da_numpy,
    "gmm_full": gmm_full,
    "kde_gaussian": kde_gaussian,
    "lle": lle,
    "kmeans_lloyd": kmeans_lloyd,
    "stationary_numpy": stationary_numpy,
    "matching_mh_python": matching_mh_python,
    "shuffle_python": shuffle_python,
}


def main():
    """Load the request's data once, then time one run of its function for every line read on
    standard input, answering each with one JSON line; exit at the end of the input."""
    with open(sys.argv[1]) as f:
        req = json.load(f)
    fn = PEERS[req["function"]]
    data = {name: load(prefix) for name, prefix in req["data"].items()}
    print("ready", flush=True)
    for _ in sys.stdin:
        timing, quality, note = fn(data, req.get("params") or {})
        rss = _peak_rss_mb()  # imports and data included; not ru_maxrss, which has the harness's peak
        print(json.dumps({"seconds": timing.wall, "cpu_seconds": timing.cpu, "quality": quality,
                          "note": note, "maxrss_mib": rss}), flush=True)


if __name__ == "__main__":
    main()
