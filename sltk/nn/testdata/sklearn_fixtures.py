"""Writes sklearn_mlp.json: scikit-learn's MLPClassifier on the optical digits (the copy
embedded in data/), every fifth image a test image, columns standardised with the mean and
standard deviation of the training part (StandardScaler), hidden layer of 64
ReLU units, Adam, batch 64, alpha 0, 60 epochs, for five seeds. The nn package embeds the file
and hands it out as nn.SklearnDigits (ML chapter 1, section 1.9, compares with it);
TestMatchesSklearn compares sltk's test accuracy with the mean.
Run: /usr/bin/python3 sltk/nn/testdata/sklearn_fixtures.py
"""
import json
import os
import warnings

import numpy as np
import sklearn
from sklearn.neural_network import MLPClassifier
from sklearn.preprocessing import StandardScaler

here = os.path.dirname(os.path.abspath(__file__))
raw = np.loadtxt(os.path.join(here, "../../../data/digits.csv"), delimiter=",", skiprows=1)
x, y = raw[:, :-1], raw[:, -1].astype(int)
test = np.arange(len(y)) % 5 == 0
scaler = StandardScaler().fit(x[~test])
x = scaler.transform(x)
accs = []
for seed in range(5):
    m = MLPClassifier(hidden_layer_sizes=(64,), solver="adam", alpha=0.0, batch_size=64,
                      learning_rate_init=1e-3, max_iter=60, tol=0, n_iter_no_change=10**6,
                      random_state=seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        m.fit(x[~test], y[~test])
    accs.append(float((m.predict(x[test]) == y[test]).mean()))
json.dump({"sklearn": sklearn.__version__, "test_accuracy": accs, "mean": float(np.mean(accs))},
          open(os.path.join(here, "sklearn_mlp.json"), "w"), indent=1)
