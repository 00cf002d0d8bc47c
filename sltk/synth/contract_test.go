package synth

import (
	"errors"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestCovFactorNil(t *testing.T) {
	for _, cov := range []mat.Symmetric{nil, (*mat.SymDense)(nil)} {
		if _, err := CovFactor(cov); !errors.Is(err, ErrEmpty) {
			t.Errorf("CovFactor(%T nil): %v", cov, err)
		}
	}
}
