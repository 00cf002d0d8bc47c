package nn

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// sklearnMLP is the fixture that testdata/sklearn_fixtures.py writes with scikit-learn.
//
//go:embed testdata/sklearn_mlp.json
var sklearnMLP []byte

// PeerResult is a result of an independent implementation, recorded by a script that ran it,
// for the book and the tests to compare with.
type PeerResult struct {
	Version      string    `json:"sklearn"`       // the peer's version
	TestAccuracy []float64 `json:"test_accuracy"` // one test accuracy per seed
	Mean         float64   `json:"mean"`          // their mean
}

// SklearnDigits returns scikit-learn's MLPClassifier on the optical digits as
// testdata/sklearn_fixtures.py recorded it: every fifth image held out for testing, the
// pixels standardised with the training part's mean and deviation, one hidden layer of 64
// ReLU units, Adam with η = 10⁻³, batches of 64, no penalty, 60 epochs, seeds 0 to 4. The
// same settings in MLP (Hidden: []int{64}, BatchSize: 64, MaxIter: 60, and Patience ≥ 60 so
// that no early stop intervenes) reach the same mean test accuracy within 1.5 points (ML
// chapter 1, §1.9). Run the script again to record another scikit-learn version. Cost: one
// JSON decoding of a few hundred bytes.
func SklearnDigits() (PeerResult, error) {
	var r PeerResult
	if err := json.Unmarshal(sklearnMLP, &r); err != nil {
		return PeerResult{}, fmt.Errorf("nn: SklearnDigits: %v: %w", err, ErrIO)
	}
	if len(r.TestAccuracy) == 0 {
		return PeerResult{}, fmt.Errorf("nn: SklearnDigits: no accuracies recorded: %w", ErrEmpty)
	}
	return r, nil
}
