package preprocess

import (
	"errors"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestTransformOverflow: a standardisation that overflows names the entry.
func TestTransformOverflow(t *testing.T) {
	st, err := Standardizer{}.Fit(mat.NewDense(2, 1, []float64{0, 1e-3}))
	if err != nil {
		t.Fatal(err)
	}
	_, err = st.Transform(mat.NewDense(1, 1, []float64{1e308}))
	if !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "x[0,0] = 1e+308 overflows") {
		t.Errorf("Transform(1e308): %v", err)
	}
}
