package cluster

import (
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// Bad input to the entry points is an error naming the argument, never a panic or NaN.
func TestEntryPointsRejectBadInput(t *testing.T) {
	x := mat.NewDense(4, 2, []float64{0, 0, 0, 1, 5, 5, 5, 6})
	huge := mat.NewDense(2, 2, []float64{0, 0, 1e200, 0})
	_, _, assignErr := Assign(x, (*mat.Dense)(nil))
	_, _, assignHuge := Assign(x, huge)
	_, kmErr := KMeans{K: 2, Init: KMeansGiven, Centroids: (*mat.Dense)(nil)}.Fit(x)
	_, nbErr := Neighbourhood(&mat.Dense{}, 1)
	_, postErr := Posteriors(x, huge, 1)
	_, scErr := SpectralClustering{K: 2, Tol: -1}.Fit(mat.NewSymDense(2, []float64{0, 1, 1, 0}))
	_, lkErr := DALogPAKernel(x, x, mat.NewDense(2, 2, []float64{0, 0, 5, 5}), 5e-324)
	for _, c := range []struct {
		name string
		err  error
		want error
		text string
	}{
		{"Assign(typed-nil centroids)", assignErr, ErrShape, "centroids are nil"},
		{"Assign(centroids 1e200)", assignHuge, ErrNotFinite, "centroids[1,0] = 1e+200: squares would overflow"},
		{"KMeans{Centroids: typed nil}", kmErr, ErrShape, "centroids are nil"},
		{"Neighbourhood(0×0)", nbErr, ErrEmpty, "cluster: Neighbourhood: coords is empty"},
		{"Posteriors(centroids 1e200)", postErr, ErrNotFinite, "centroids[1,0]"},
		{"SpectralClustering{Tol: -1}", scErr, ErrParam, "cluster: SpectralClustering.Fit: Tol = -1, want ≥ 0: "},
		{"DALogPAKernel(T subnormal)", lkErr, ErrParam, "T = 5e-324, want finite and > 0 with 1/T finite"},
	} {
		if !errors.Is(c.err, c.want) || !strings.Contains(c.err.Error(), c.text) {
			t.Errorf("%s: %v; want %v containing %q", c.name, c.err, c.want, c.text)
		}
	}
	// A tiny width is a valid limit: h tends to the identity, with no NaN on the diagonal.
	h, err := Neighbourhood(mat.NewDense(2, 1, []float64{0, 1}), 1e-200)
	if err != nil || h.At(0, 0) != 1 || h.At(0, 1) != 0 || math.IsNaN(h.At(1, 1)) {
		t.Errorf("Neighbourhood(σ = 1e-200) = %v, %v; want the identity", mat.Formatted(h), err)
	}
}
